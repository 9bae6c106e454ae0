import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UpdateCustomerBody } from '../../../contracts/customers';
import type { AccountType } from '../../../domain/sit-clock';
import { isEmptyCustomerSql } from '../../../domain/empty-vault-sql';
import { queryRows, type Db } from '../../db/client';
import { vaultEvents, vaults } from '../../db/schema/vaults';

// Dates leave the database as text: the drivers would make a JavaScript Date of a calendar day
// at the server's midnight, and a day is what every rule here counts in.
const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

// Shared with releases, which happen on the same calendar (decision 0492).
export { currentDay } from '../../db/current-day';

export interface CustomerRow {
  id: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
  account_type: AccountType;
  storage_start: string;
  authorised_days: number;
  conversion_date: string | null;
  vault_count: number;
  pallet_count: number;
}

/** Customers by name; the empty-unit names are no one's account and never listed. */
export async function listCustomers(
  db: Db,
  companyId: number,
  only: { customerId?: number; accountType?: AccountType } = {},
): Promise<CustomerRow[]> {
  return queryRows<CustomerRow>(
    db,
    sql`
      SELECT c.id, c.name, c.phone, c.email, c.address, c.notes, c.account_type,
             ${day('c.storage_start')} AS storage_start, c.authorised_days,
             ${day('c.conversion_date')} AS conversion_date,
             (SELECT count(*) FROM vaults v WHERE v.company_id = c.company_id AND v.customer_id = c.id)::int AS vault_count,
             (SELECT count(*) FROM pallets p WHERE p.company_id = c.company_id AND p.customer_id = c.id)::int AS pallet_count
      FROM customers c
      WHERE c.company_id = ${companyId} AND NOT ${isEmptyCustomerSql(sql`c.name`)}
        ${only.customerId === undefined ? sql`` : sql`AND c.id = ${only.customerId}`}
        ${only.accountType === undefined ? sql`` : sql`AND c.account_type = ${only.accountType}`}
      ORDER BY c.name COLLATE "C", c.id`,
  );
}

export async function updateCustomer(
  db: Db,
  companyId: number,
  customerId: number,
  changes: UpdateCustomerBody,
): Promise<void> {
  const sets = [
    changes.phone === undefined ? null : sql`phone = ${changes.phone}`,
    changes.email === undefined ? null : sql`email = ${changes.email}`,
    changes.address === undefined ? null : sql`address = ${changes.address}`,
    changes.notes === undefined ? null : sql`notes = ${changes.notes}`,
    changes.accountType === undefined ? null : sql`account_type = ${changes.accountType}`,
    changes.storageStart === undefined ? null : sql`storage_start = ${changes.storageStart}::date`,
    changes.authorisedDays === undefined ? null : sql`authorised_days = ${changes.authorisedDays}`,
    changes.conversionDate === undefined
      ? null
      : sql`conversion_date = ${changes.conversionDate}::date`,
  ].filter((s) => s !== null);
  if (sets.length === 0) return;
  await db.execute(sql`
    UPDATE customers SET ${sql.join(sets, sql`, `)}
    WHERE company_id = ${companyId} AND id = ${customerId}`);
}

export interface CustomerVaultRow {
  id: number;
  name: string | null;
  type: 'vault' | 'liftvan' | 't2' | 'couchbox';
  order_name: string | null;
  warehouse: string | null;
  warehouse_slug: string | null;
  field: string | null;
  position: number | null;
  last_field: string | null;
  date_in: string;
  released_on: string | null;
}

export async function listCustomerVaults(
  db: Db,
  companyId: number,
  customerId: number,
): Promise<CustomerVaultRow[]> {
  return queryRows<CustomerVaultRow>(
    db,
    sql`
      SELECT v.id, v.name, v.type, o.name AS order_name, w.name AS warehouse,
             w.slug AS warehouse_slug, f.name AS field, v.position, lf.name AS last_field,
             ${day('v.date_in')} AS date_in, ${day('v.released_on')} AS released_on
      FROM vaults v
      LEFT JOIN orders o ON o.id = v.order_id
      LEFT JOIN fields f ON f.id = v.field_id
      LEFT JOIN warehouses w ON w.id = f.warehouse_id
      LEFT JOIN fields lf ON lf.id = v.old_field_id
      WHERE v.company_id = ${companyId} AND v.customer_id = ${customerId}
      ORDER BY v.date_in, v.name COLLATE "C" NULLS LAST, v.id`,
  );
}

export interface CustomerPalletRow {
  id: number;
  name: string;
  pallet_number: string;
  warehouse: string;
  rack: string;
  shelf_index: number;
  shelf_spots: number;
  date_in: string;
}

/** Pallets have no date in of their own: they count from the day they were put on the shelf. */
export async function listCustomerPallets(
  db: Db,
  companyId: number,
  customerId: number,
): Promise<CustomerPalletRow[]> {
  return queryRows<CustomerPalletRow>(
    db,
    sql`
      SELECT p.id, p.name, p.pallet_number, w.name AS warehouse, r.name AS rack,
             s.shelf_index, p.shelf_spots, ${day('p.created_at')} AS date_in
      FROM pallets p
      JOIN shelves s ON s.id = p.shelf_id
      JOIN racks r ON r.id = s.rack_id
      JOIN warehouses w ON w.id = r.warehouse_id
      WHERE p.company_id = ${companyId} AND p.customer_id = ${customerId}
      ORDER BY p.created_at, p.id`,
  );
}

/** The newest events of the customer's vaults. */
export async function listCustomerEvents(
  db: Db,
  companyId: number,
  customerId: number,
  limit: number,
) {
  return db
    .select()
    .from(vaultEvents)
    .where(
      and(
        eq(vaultEvents.companyId, companyId),
        inArray(
          vaultEvents.vaultId,
          db
            .select({ id: vaults.id })
            .from(vaults)
            .where(and(eq(vaults.companyId, companyId), eq(vaults.customerId, customerId))),
        ),
      ),
    )
    .orderBy(desc(vaultEvents.at), desc(vaultEvents.id))
    .limit(limit);
}

export interface StoredRow {
  customer_id: number;
  customer_name: string;
  kind: 'vault' | 'pallet';
  since: string;
  released_on: string | null;
  units: number;
  /** In pounds; null when not weighed. */
  weight: number | null;
}

/** Everything stored by the company's customers that came in by `until`. */
export async function listStored(
  db: Db,
  companyId: number,
  options: { until: string; countsStaged: boolean },
): Promise<StoredRow[]> {
  return queryRows<StoredRow>(
    db,
    sql`
      SELECT c.id AS customer_id, c.name AS customer_name, 'vault' AS kind,
             ${day('v.date_in')} AS since, ${day('v.released_on')} AS released_on, 1 AS units,
             v.weight::float8 AS weight
      FROM vaults v JOIN customers c ON c.id = v.customer_id
      WHERE v.company_id = ${companyId} AND NOT ${isEmptyCustomerSql(sql`c.name`)}
        AND v.date_in <= ${options.until}::date
        ${options.countsStaged ? sql`` : sql`AND (v.field_id IS NOT NULL OR v.released_on IS NOT NULL)`}
      UNION ALL
      -- A pallet's weight is 0 until someone weighs it.
      SELECT c.id, c.name, 'pallet', ${day('p.created_at')}, NULL, p.shelf_spots,
             NULLIF(p.weight, 0)
      FROM pallets p JOIN customers c ON c.id = p.customer_id
      WHERE p.company_id = ${companyId} AND NOT ${isEmptyCustomerSql(sql`c.name`)}
        AND p.created_at::date <= ${options.until}::date`,
  );
}

export async function reportCountsStaged(db: Db, companyId: number): Promise<boolean> {
  const [row] = await queryRows<{ counts: boolean }>(
    db,
    sql`SELECT report_counts_staged AS counts FROM companies WHERE id = ${companyId}`,
  );
  return row?.counts ?? true;
}

export async function setReportCountsStaged(
  db: Db,
  companyId: number,
  counts: boolean,
): Promise<void> {
  await db.execute(
    sql`UPDATE companies SET report_counts_staged = ${counts} WHERE id = ${companyId}`,
  );
}

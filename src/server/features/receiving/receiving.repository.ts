import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export interface StackedVaultRow {
  fieldId: number;
  position: number;
  /** YYYY-MM-DD: a calendar day leaves the database as text, never as a Date at midnight. */
  expectedRelease: string | null;
  customerId: number | null;
}

/** The vaults standing in the warehouse's fields, with what receiving by release date needs. */
export function listStackedVaults(
  db: Db,
  companyId: number,
  warehouseId: number,
): Promise<StackedVaultRow[]> {
  return queryRows<StackedVaultRow>(
    db,
    sql`SELECT v.field_id AS "fieldId", v.position,
               to_char(v.expected_release, 'YYYY-MM-DD') AS "expectedRelease",
               v.customer_id AS "customerId"
        FROM vaults v
        JOIN fields f ON f.id = v.field_id AND f.company_id = v.company_id
        WHERE v.company_id = ${companyId} AND f.warehouse_id = ${warehouseId}
          AND v.position IS NOT NULL
        ORDER BY v.field_id, v.position`,
  );
}

export async function hasCustomer(db: Db, companyId: number, customerId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM customers WHERE company_id = ${companyId} AND id = ${customerId}`,
  );
  return rows.length > 0;
}

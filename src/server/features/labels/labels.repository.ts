import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { VaultType } from '../../../contracts/vaults';

export interface LabelVaultRow {
  id: number;
  name: string | null;
  type: VaultType;
  customer_name: string | null;
  order_name: string | null;
  position: number | null;
  field_name: string | null;
  warehouse_name: string | null;
}

export type VaultSelection =
  { vaultIds: number[] } | { fieldId: number } | { customerId: number } | { orderId: number };

function vaultFilter(selection: VaultSelection): SQL {
  if ('vaultIds' in selection) return sql`v.id = ANY(${sql.param(selection.vaultIds)}::bigint[])`;
  if ('fieldId' in selection) return sql`v.field_id = ${selection.fieldId}`;
  if ('customerId' in selection) return sql`v.customer_id = ${selection.customerId}`;
  return sql`v.order_id = ${selection.orderId}`;
}

// Fields in grid order: column letters (by length, then alphabet), then row number.
const fieldOrder = sql`length(substring(f.name from '^[A-Z]+')), substring(f.name from '^[A-Z]+') COLLATE "C",
  NULLIF(substring(f.name from '[0-9]{1,9}$'), '')::int, f.name COLLATE "C"`;

/** The company's vaults of a selection in print order: warehouse, field, position; staged last. */
export async function listLabelVaults(
  db: Db,
  companyId: number,
  selection: VaultSelection,
): Promise<LabelVaultRow[]> {
  return queryRows<LabelVaultRow>(
    db,
    sql`
      SELECT v.id, v.name, v.type, c.name AS customer_name, o.name AS order_name, v.position,
             f.name AS field_name, w.name AS warehouse_name
      FROM vaults v
      LEFT JOIN fields f ON f.id = v.field_id AND f.company_id = v.company_id
      LEFT JOIN warehouses w ON w.id = f.warehouse_id
      LEFT JOIN customers c ON c.id = v.customer_id
      LEFT JOIN orders o ON o.id = v.order_id
      WHERE v.company_id = ${companyId} AND ${vaultFilter(selection)}
      ORDER BY w.name IS NULL, w.name COLLATE "C", f.id IS NULL, ${fieldOrder}, v.position,
               v.name COLLATE "C", v.id`,
  );
}

export interface LabelFieldRow {
  id: number;
  name: string;
  warehouse_name: string;
}

export type FieldSelection = { fieldIds: number[] } | { warehouseId: number };

/** The company's fields of a selection, by warehouse and then in grid order. */
export async function listLabelFields(
  db: Db,
  companyId: number,
  selection: FieldSelection,
): Promise<LabelFieldRow[]> {
  const filter =
    'fieldIds' in selection
      ? sql`f.id = ANY(${sql.param(selection.fieldIds)}::bigint[])`
      : sql`f.warehouse_id = ${selection.warehouseId}`;
  return queryRows<LabelFieldRow>(
    db,
    sql`
      SELECT f.id, f.name, w.name AS warehouse_name
      FROM fields f JOIN warehouses w ON w.id = f.warehouse_id AND w.company_id = f.company_id
      WHERE f.company_id = ${companyId} AND ${filter}
      ORDER BY w.name COLLATE "C", ${fieldOrder}, f.id`,
  );
}

export type LabelOwner = 'fields' | 'customers' | 'orders' | 'warehouses';

/** Whether the company has this field, customer, order or warehouse (others' ids look missing). */
export async function ownerExists(
  db: Db,
  companyId: number,
  table: LabelOwner,
  id: number,
): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM ${sql.raw(table)} WHERE id = ${id} AND company_id = ${companyId}`,
  );
  return rows.length > 0;
}

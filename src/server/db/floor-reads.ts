import { sql } from 'drizzle-orm';
import { lowestFreePosition, slotCount, type FieldKind } from '../../domain/slots';
import { queryRows, type Db } from './client';

// Read-only views of the floor that the audit and dig-out workflows share. They plan with
// these; every write still goes through the placement services, which check again under
// their locks (decision 0014), so a read that is stale by the time of the write is refused
// there, never written.

export interface FloorWarehouse {
  id: number;
  name: string;
  fieldCapacity: number;
}

export interface FloorField {
  id: number;
  name: string;
  colIndex: number;
  rowIndex: number;
  type: FieldKind;
  full: boolean;
}

export interface FloorVault {
  id: number;
  name: string | null;
  type: string;
  fieldId: number | null;
  position: number | null;
  fieldName: string | null;
  warehouseId: number | null;
  warehouseName: string | null;
}

export async function findWarehouse(
  db: Db,
  companyId: number,
  warehouseId: number,
): Promise<FloorWarehouse | null> {
  const rows = await queryRows<FloorWarehouse>(
    db,
    sql`SELECT id, name, field_capacity AS "fieldCapacity" FROM warehouses
        WHERE company_id = ${companyId} AND id = ${warehouseId}`,
  );
  return rows[0] ?? null;
}

export function listWarehouseFields(
  db: Db,
  companyId: number,
  warehouseId: number,
): Promise<FloorField[]> {
  return queryRows<FloorField>(
    db,
    sql`SELECT id, name, col_index AS "colIndex", row_index AS "rowIndex", type, "full"
        FROM fields WHERE company_id = ${companyId} AND warehouse_id = ${warehouseId}
        ORDER BY col_index, row_index`,
  );
}

export async function findField(
  db: Db,
  companyId: number,
  fieldId: number,
): Promise<(FloorField & { warehouseId: number; fieldCapacity: number }) | null> {
  const rows = await queryRows<FloorField & { warehouseId: number; fieldCapacity: number }>(
    db,
    sql`SELECT f.id, f.name, f.col_index AS "colIndex", f.row_index AS "rowIndex", f.type, f."full",
               f.warehouse_id AS "warehouseId", w.field_capacity AS "fieldCapacity"
        FROM fields f JOIN warehouses w ON w.id = f.warehouse_id AND w.company_id = f.company_id
        WHERE f.company_id = ${companyId} AND f.id = ${fieldId}`,
  );
  return rows[0] ?? null;
}

const vaultSelect = sql`
  SELECT v.id, v.name, v.type, v.field_id AS "fieldId", v.position,
         f.name AS "fieldName", w.id AS "warehouseId", w.name AS "warehouseName"
  FROM vaults v
  LEFT JOIN fields f ON f.id = v.field_id AND f.company_id = v.company_id
  LEFT JOIN warehouses w ON w.id = f.warehouse_id AND w.company_id = v.company_id`;

export async function findVault(
  db: Db,
  companyId: number,
  vaultId: number,
): Promise<FloorVault | null> {
  const rows = await queryRows<FloorVault>(
    db,
    sql`${vaultSelect} WHERE v.company_id = ${companyId} AND v.id = ${vaultId}`,
  );
  return rows[0] ?? null;
}

export function listVaultsByNames(
  db: Db,
  companyId: number,
  names: readonly string[],
): Promise<FloorVault[]> {
  if (names.length === 0) return Promise.resolve([]);
  return queryRows<FloorVault>(
    db,
    sql`${vaultSelect} WHERE v.company_id = ${companyId}
        AND v.name IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
  );
}

/** The vaults the records place in these fields, bottom to top within each. */
export function listVaultsInFields(
  db: Db,
  companyId: number,
  fieldIds: readonly number[],
): Promise<FloorVault[]> {
  if (fieldIds.length === 0) return Promise.resolve([]);
  return queryRows<FloorVault>(
    db,
    sql`${vaultSelect} WHERE v.company_id = ${companyId}
        AND v.field_id IN (${sql.join(
          fieldIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY v.field_id, v.position`,
  );
}

/** Where a vault stands, in the words of its history and refusals. */
export function describeVaultPlace(v: FloorVault): string {
  return v.fieldName !== null && v.warehouseName !== null && v.position !== null
    ? `${v.warehouseName}, field ${v.fieldName}, position ${v.position}`
    : 'stage';
}

/**
 * A field's room by the records: its slots, how many are taken, and the lowest free one
 * (null when none is free or the field is marked full). Null when the field is not found.
 */
export async function fieldRoom(db: Db, companyId: number, fieldId: number) {
  const field = await findField(db, companyId, fieldId);
  if (!field) return null;
  const taken = (await listVaultsInFields(db, companyId, [fieldId])).map((v) => v.position ?? 0);
  const slots = slotCount(field.fieldCapacity, field.type);
  const position = field.full ? null : lowestFreePosition(taken, slots);
  return {
    field,
    taken: taken.length,
    slots,
    free: field.full ? 0 : slots - taken.length,
    position,
  };
}

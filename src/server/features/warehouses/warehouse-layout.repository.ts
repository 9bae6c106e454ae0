import type { FieldKind } from '../../../domain/slots';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { racks } from '../../db/schema/racks';
import { warehouses } from '../../db/schema/warehouses';

/** Locks the warehouse row: layout changes in one warehouse are checked and written one at a time. */
export async function lockWarehouse(db: Db, companyId: number, warehouseId: number) {
  const rows = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)))
    .for('update');
  return rows[0] ?? null;
}

/** Per field holding vaults: how many it holds and its highest position. */
export async function listFieldLoads(db: Db, companyId: number, warehouseId: number) {
  const rows = await queryRows<{
    name: string;
    type: FieldKind;
    vault_count: number;
    top_position: number | null;
  }>(
    db,
    sql`SELECT f.name, f.type, count(v.id)::int AS vault_count, max(v.position)::int AS top_position
        FROM fields f JOIN vaults v ON v.field_id = f.id
        WHERE f.company_id = ${companyId} AND f.warehouse_id = ${warehouseId}
        GROUP BY f.id, f.name, f.type`,
  );
  return rows.map((r) => ({
    name: r.name,
    type: r.type,
    vaultCount: Number(r.vault_count),
    topPosition: r.top_position === null ? 0 : Number(r.top_position),
  }));
}

export async function updateDimensions(
  db: Db,
  companyId: number,
  warehouseId: number,
  patch: { fieldCapacity?: number; length?: number; width?: number },
) {
  await db
    .update(warehouses)
    .set(patch)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)));
}

export async function updateFieldgridLocation(
  db: Db,
  companyId: number,
  warehouseId: number,
  location: { x: number; y: number },
) {
  await db
    .update(warehouses)
    .set({ fieldgridX: location.x, fieldgridY: location.y })
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)));
}

export async function listRackFootprints(db: Db, companyId: number, warehouseId: number) {
  return db
    .select({
      name: racks.name,
      x: racks.x,
      y: racks.y,
      width: racks.width,
      length: racks.length,
      orientation: racks.orientation,
    })
    .from(racks)
    .where(and(eq(racks.companyId, companyId), eq(racks.warehouseId, warehouseId)));
}

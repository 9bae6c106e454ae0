import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Field } from '../../contracts/fields';
import type { Db } from './client';
import { keptStatement } from './kept-statements';
import { fields, warehouses } from './schema/warehouses';

/**
 * The warehouse row is the one lock that placements and layout changes meet on
 * (docs/decisions/0014-placement-locks.md). A placement holds it shared, so placements in
 * one warehouse still run side by side; a grid, capacity or field-type change holds it
 * exclusively and so waits for every placement in that warehouse, and they for it.
 *
 * Taken first in a transaction, before any vault or field row, and in id order when there
 * are two (a move between warehouses), so that the lock order is the same everywhere.
 */
export async function lockWarehousesOfFields(
  tx: Db,
  companyId: number,
  fieldIds: readonly Field['id'][],
  mode: 'share' | 'update',
): Promise<void> {
  if (fieldIds.length === 0) return;
  const owning = tx
    .select({ id: fields.warehouseId })
    .from(fields)
    .where(and(eq(fields.companyId, companyId), inArray(fields.id, [...fieldIds])));
  await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, owning)))
    .orderBy(asc(warehouses.id))
    .for(mode);
}

/**
 * The shared side as one kept statement (its text built once, decision 0071): the same
 * lock, in the same order, as `lockWarehousesOfFields(..., 'share')`, for one or two fields.
 */
const sharedForPlacement = keptStatement('vg_lock_warehouses_for_placement', (db) => {
  const companyId = sql.placeholder('companyId');
  const owning = db
    .select({ id: fields.warehouseId })
    .from(fields)
    .where(
      and(eq(fields.companyId, companyId), sql`${fields.id} = ANY(${sql.placeholder('ids')})`),
    );
  return db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, owning)))
    .orderBy(asc(warehouses.id))
    .for('share');
});

/** The shared side, for anything that puts a vault into a field or takes one out. */
export async function lockWarehousesForPlacement(
  tx: Db,
  companyId: number,
  fieldIds: readonly (Field['id'] | null)[],
): Promise<void> {
  const known = [...new Set(fieldIds.filter((id): id is Field['id'] => id !== null))];
  if (known.length === 0) return;
  await sharedForPlacement(tx, { companyId, ids: known });
}

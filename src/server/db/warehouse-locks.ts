import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Field } from '../../contracts/fields';
import type { Db } from './client';
import { keptStatement } from './kept-statements';
import { fields, warehouses } from './schema/warehouses';
import { vaults } from './schema/vaults';

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
 * lock as `lockWarehousesOfFields(..., 'share')`, for one field. One id, not a list: over a
 * list PostgreSQL's generic plan guesses ten fields and a hash join, costs it over the plan
 * for the one field given, and so plans the statement anew at every run (0.24-0.33 ms of an
 * add in the embedded engine; decision 0116).
 */
const sharedForPlacement = keptStatement('vg_lock_warehouses_for_placement', (db) => {
  const companyId = sql.placeholder('companyId');
  const owning = db
    .select({ id: fields.warehouseId })
    .from(fields)
    .where(and(eq(fields.companyId, companyId), eq(fields.id, sql.placeholder('fieldId'))));
  return db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, owning)))
    .for('share');
});

/** The shared side, for anything that puts a vault into a field. */
export async function lockWarehouseForPlacement(
  tx: Db,
  companyId: number,
  fieldId: Field['id'],
): Promise<void> {
  await sharedForPlacement(tx, { companyId, fieldId });
}

/**
 * The transaction-local setting that names the warehouses `lockWarehousesOfVault` locked, so
 * that the field locks issued in the same group take only fields of those warehouses.
 */
export const PLACEMENT_WAREHOUSES = 'vaultgrid.placement_warehouses';

/** The field a vault stands in (null when staged), read without a lock. */
export const fieldOfVault = (companyId: unknown, vaultId: unknown) =>
  sql`(SELECT ${vaults.fieldId} FROM ${vaults} WHERE ${vaults.companyId} = ${companyId} AND ${vaults.id} = ${vaultId})`;

const sharedForVault = keptStatement('vg_lock_warehouses_of_vault', (db) => {
  const companyId = sql.placeholder('companyId');
  const owning = db
    .select({ id: fields.warehouseId })
    .from(fields)
    .where(
      and(
        eq(fields.companyId, companyId),
        sql`(${fields.id} = ${sql.placeholder('targetFieldId')} OR ${fields.id} = ${fieldOfVault(companyId, sql.placeholder('vaultId'))})`,
      ),
    );
  const locked = db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, owning)))
    .orderBy(asc(warehouses.id))
    .for('share')
    .as('locked');
  return db
    .select({
      ids: sql<string>`set_config(${PLACEMENT_WAREHOUSES}, coalesce(string_agg(${locked.id}::text, ','), ''), true)`,
    })
    .from(locked);
});

/**
 * The shared side for a placement on an existing vault, before its vault row (decision
 * 0014): the warehouses of the field the vault stands in, read without a lock, and of the
 * target field, in id order, in one statement, so no earlier read of the vault has to come
 * back first (decision 0071). Answers the ids it locked; the caller locks the vault next and
 * starts over when the vault stands in a warehouse not among them (someone moved it in
 * between).
 */
export async function lockWarehousesOfVault(
  tx: Db,
  companyId: number,
  vaultId: number,
  targetFieldId: Field['id'] | null,
): Promise<number[]> {
  const [row] = await sharedForVault(tx, { companyId, vaultId, targetFieldId });
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Field } from '../../contracts/fields';
import type { Db } from './client';
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
 * The shared side, for anything that puts a vault into a field. One id, not a list: over a
 * list PostgreSQL's generic plan guesses ten fields and a hash join (decision 0116).
 */
export async function lockWarehouseForPlacement(
  tx: Db,
  companyId: number,
  fieldId: Field['id'],
): Promise<void> {
  const owning = tx
    .select({ id: fields.warehouseId })
    .from(fields)
    .where(and(eq(fields.companyId, companyId), eq(fields.id, fieldId)));
  await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, owning)))
    .for('share');
}

/**
 * The shared side for a placement on an existing vault, before its vault row (decision
 * 0014): the warehouses of the field the vault stands in, read without a lock, and of the
 * target field, in id order. Answers the ids it locked; the caller locks the vault next and
 * starts over when the vault stands in a warehouse not among them (someone moved it in
 * between).
 */
export async function lockWarehousesOfVault(
  tx: Db,
  companyId: number,
  vaultId: number,
  targetFieldId: Field['id'] | null,
): Promise<number[]> {
  const fieldOfVault = tx
    .select({ id: vaults.fieldId })
    .from(vaults)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, vaultId)));
  const owning = tx
    .select({ id: fields.warehouseId })
    .from(fields)
    .where(
      and(
        eq(fields.companyId, companyId),
        or(
          targetFieldId === null ? undefined : eq(fields.id, targetFieldId),
          eq(fields.id, fieldOfVault),
        ),
      ),
    );
  const rows = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, owning)))
    .orderBy(asc(warehouses.id))
    .for('share');
  return rows.map((r) => r.id);
}

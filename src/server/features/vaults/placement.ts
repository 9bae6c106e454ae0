import type { VaultType } from '../../../contracts/vaults';
import { placementRefusal } from '../../../domain/placement-rules';
import { topmostPosition } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { lockWarehousesForPlacement } from '../../db/warehouse-locks';
import { AppError, notFound } from '../../http/errors';
import * as repo from './vaults.repository';

// A vault that changes field between the unlocked look and the lock is looked at again;
// this many times in a row means someone keeps moving it, and the caller should reload.
const VAULT_LOCK_ATTEMPTS = 3;

const MOVED_MEANWHILE = Symbol('moved meanwhile');

export type LockedField = NonNullable<Awaited<ReturnType<typeof repo.lockField>>>;

/** Where a vault stands, for history and messages. */
export interface Place {
  warehouse: string;
  field: string;
  position: number;
}

export function describePlace(place: Place | null): string {
  return place ? `${place.warehouse}, field ${place.field}, position ${place.position}` : 'stage';
}

export function placeOf(v: repo.VaultRow): Place | null {
  if (v.fieldName === null || v.warehouseName === null || v.position === null) return null;
  return { warehouse: v.warehouseName, field: v.fieldName, position: v.position };
}

export function vaultLabel(v: { name: string | null }): string {
  return v.name ? `Vault ${v.name}` : 'This vault';
}

/**
 * The rules for putting a vault into a field, checked with the field row locked: only the
 * lowest free position, only while the field is not full and has room (capacity, plus one
 * for a couchbox). The unique index on (field_id, position) backs this up in the database.
 */
export async function checkPlacement(
  tx: Db,
  companyId: number,
  params: { fieldId: number; position: number; type: VaultType },
): Promise<LockedField> {
  const field = await repo.lockField(tx, companyId, params.fieldId);
  if (!field) throw notFound('Field');
  const taken = await repo.takenPositions(tx, companyId, field.id);
  const refusal = placementRefusal(field, taken, params.position, params.type);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  return field;
}

/** Staging (and moving out of a field) takes only the topmost vault, as staff would lift it. */
export async function checkTopmost(tx: Db, companyId: number, v: repo.VaultRow): Promise<void> {
  if (v.fieldId === null || v.position === null) return;
  const field = await repo.lockField(tx, companyId, v.fieldId);
  if (!field) throw notFound('Field');
  const top = topmostPosition(await repo.takenPositions(tx, companyId, v.fieldId));
  if (top !== v.position) {
    throw new AppError(
      'VAULT_NOT_TOPMOST',
      `${vaultLabel(v)} is not the topmost vault of field ${field.name}: the vault at position ${top ?? 0} must be moved first.`,
    );
  }
}

/**
 * Runs `work` on a vault that stands where it stood when `work` began: the warehouse of its
 * field (and of `targetFieldId`) locked shared, then the vault row. Warehouses come before
 * the vault because deleting a warehouse locks the warehouse, then its vaults; the vault's
 * field is only known from an unlocked read, so a vault moved in between is read again.
 */
export async function withPlacedVault<T>(
  db: Db,
  companyId: number,
  vaultId: number,
  targetFieldId: number | null,
  work: (tx: Db, v: repo.VaultRow) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const seen = await repo.findVault(db, companyId, vaultId);
    if (!seen) throw notFound('Vault');
    const outcome = await db.transaction(async (tx) => {
      await lockWarehousesForPlacement(tx, companyId, [seen.fieldId, targetFieldId]);
      if (!(await repo.lockVault(tx, companyId, vaultId))) throw notFound('Vault');
      const v = await repo.findVault(tx, companyId, vaultId);
      if (!v) throw notFound('Vault');
      if (v.fieldId !== seen.fieldId) return MOVED_MEANWHILE;
      return { value: await work(tx, v) };
    });
    if (outcome !== MOVED_MEANWHILE) return outcome.value;
    if (attempt === VAULT_LOCK_ATTEMPTS) {
      throw new AppError(
        'VAULT_MOVED_MEANWHILE',
        `${vaultLabel(seen)} was just moved by someone else. Reload and try again.`,
      );
    }
  }
}

import type { VaultType } from '../../../contracts/vaults';
import { lowestFreePosition, slotCount, topmostPosition } from '../../../domain/slots';
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
  if (field.type === 'couchbox-B') {
    throw new AppError(
      'FIELD_FULL',
      `Field ${field.name} is the lower half of a couchbox; place the vault in the field above it.`,
    );
  }
  if (params.type === 'couchbox' && field.type !== 'couchbox-T') {
    throw new AppError(
      'VAULT_TYPE_NOT_ALLOWED',
      `A couchbox can only go into a couchbox field; ${field.name} is not one.`,
    );
  }
  if (field.full) throw new AppError('FIELD_FULL', `Field ${field.name} is marked full.`);
  const taken = await repo.takenPositions(tx, companyId, field.id);
  const slots = slotCount(field.fieldCapacity, field.type);
  const lowest = lowestFreePosition(taken, slots);
  if (lowest === null) {
    throw new AppError('FIELD_FULL', `Field ${field.name} is full: it holds ${slots} vaults.`);
  }
  if (taken.includes(params.position)) {
    throw new AppError(
      'VAULT_SLOT_TAKEN',
      `Position ${params.position} of field ${field.name} is already taken.`,
    );
  }
  if (params.position !== lowest) {
    throw new AppError(
      'VAULT_SLOT_NOT_LOWEST',
      `Only the lowest free position of field ${field.name} (position ${lowest}) can take a vault.`,
    );
  }
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

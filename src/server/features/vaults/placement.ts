import type { VaultType } from '../../../contracts/vaults';
import { isTopmost, placementRefusal } from '../../../domain/placement-rules';
import { topmostPosition } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { lockWarehouseForPlacement, lockWarehousesOfVault } from '../../db/warehouse-locks';
import { AppError, notFound } from '../../http/errors';
import * as repo from './vaults.repository';

// A vault that changes field between the unlocked look and the lock is looked at again;
// this many times in a row means someone keeps moving it, and the caller should reload.
const VAULT_LOCK_ATTEMPTS = 3;

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

/** A field locked for a placement, with the positions its vaults hold, read after the lock. */
export interface FieldState {
  field: LockedField;
  taken: number[];
}

/** Locks the field (decision 0101) and reads the positions its vaults hold. */
async function lockFieldState(
  tx: Db,
  companyId: number,
  fieldId: number,
): Promise<FieldState | null> {
  const field = await repo.lockField(tx, companyId, fieldId);
  if (!field) return null;
  return { field, taken: await repo.takenPositions(tx, companyId, fieldId) };
}

/** Locks the field a new vault goes into, with its warehouse shared before it (0014). */
export async function lockFieldForAdd(
  tx: Db,
  companyId: number,
  fieldId: number,
): Promise<FieldState | null> {
  await lockWarehouseForPlacement(tx, companyId, fieldId);
  return lockFieldState(tx, companyId, fieldId);
}

/**
 * The rules for putting a vault into a field, checked with the field row locked: only the
 * lowest free position, only while the field is not full and has room (capacity, plus one
 * for a couchbox). The unique index on (field_id, position) backs this up in the database.
 */
export function checkPlacement(
  state: FieldState | null | undefined,
  params: { position: number; type: VaultType },
): LockedField {
  if (!state) throw notFound('Field');
  const refusal = placementRefusal(state.field, state.taken, params.position, params.type);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  return state.field;
}

/** A released vault has left the floor: it is not staged, moved or released again (0492). */
export function checkNotReleased(v: repo.VaultRow): void {
  if (v.releasedOn !== null) {
    throw new AppError(
      'VAULT_RELEASED',
      `${vaultLabel(v)} was released on ${v.releasedOn} and is no longer in the warehouse.`,
    );
  }
}

/** Staging (and moving out of a field) takes only the topmost vault, as staff would lift it. */
export function checkTopmost(v: repo.VaultRow, state: FieldState | null | undefined): void {
  if (v.fieldId === null || v.position === null) return;
  if (!state) throw notFound('Field');
  if (!isTopmost(state.taken, v.position)) {
    throw new AppError(
      'VAULT_NOT_TOPMOST',
      `${vaultLabel(v)} is not the topmost vault of field ${state.field.name}: the vault at position ${topmostPosition(state.taken) ?? 0} must be moved first.`,
    );
  }
}

/** What one attempt of `withPlacedVault` ends with: the work's value, or the vault seen moved. */
type Outcome<T> = { value: T } | { moved: repo.VaultRow };

/**
 * Runs `work` on a vault that stands where it stood when `work` began: the warehouse of its
 * field (and of `targetFieldId`) locked shared, then the vault row, then (with
 * `lockFields`) its field and the target field in id order, each with the positions taken
 * in it. Warehouses come before the vault because deleting a warehouse locks the warehouse,
 * then its vaults; the vault's field is only known from an unlocked read (inside the
 * warehouse lock's statement), so a vault moved meanwhile into another warehouse is started
 * over.
 */
export async function withPlacedVault<T>(
  db: Db,
  companyId: number,
  vaultId: number,
  targetFieldId: number | null,
  options: { lockFields: boolean },
  work: (tx: Db, v: repo.VaultRow, fields: Map<number, FieldState>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
      const held = await lockWarehousesOfVault(tx, companyId, vaultId, targetFieldId);
      const v = await repo.lockAndFindVault(tx, companyId, vaultId);
      if (!v) throw notFound('Vault');
      // Changed while the lock waited (PostgreSQL only): its names are read again from the start.
      if (repo.hasStaleJoin(v)) return { moved: v };
      if (v.warehouseId !== null && !held.includes(v.warehouseId)) return { moved: v };
      const fields = new Map<number, FieldState>();
      if (options.lockFields) {
        const ids = [v.fieldId, targetFieldId].filter((id): id is number => id !== null);
        for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
          const state = await lockFieldState(tx, companyId, id);
          if (state) fields.set(id, state);
        }
      }
      return { value: await work(tx, v, fields) };
    });
    if (!('moved' in outcome)) return outcome.value;
    if (attempt === VAULT_LOCK_ATTEMPTS) {
      throw new AppError(
        'VAULT_MOVED_MEANWHILE',
        `${vaultLabel(outcome.moved)} was just moved by someone else. Reload and try again.`,
      );
    }
  }
}

import type { VaultType } from '../../../contracts/vaults';
import { lowestFreePosition, slotCount, topmostPosition } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import * as repo from './vaults.repository';

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

import { lowestFreePosition, slotCount, topmostPosition, type FieldKind } from './slots';

export interface PlacementField {
  name: string;
  type: FieldKind;
  full: boolean;
  /** The warehouse's field capacity; a couchbox pair changes the slots from it. */
  fieldCapacity: number;
}

export interface PlacementRefusal {
  code: 'FIELD_FULL' | 'VAULT_TYPE_NOT_ALLOWED' | 'VAULT_SLOT_TAKEN' | 'VAULT_SLOT_NOT_LOWEST';
  message: string;
}

/**
 * Why a vault may not go to `position` of a field holding vaults at `taken`, or null when it
 * may (decision 0101): not the hidden lower half of a couchbox; a couchbox only into a couchbox
 * field; not while the field is flagged full; only while there is room; only the lowest free
 * position. One add, a move and each row of an import ask the same question.
 */
export function placementRefusal(
  field: PlacementField,
  taken: readonly number[],
  position: number,
  vaultType: string,
): PlacementRefusal | null {
  if (field.type === 'couchbox-B') {
    return {
      code: 'FIELD_FULL',
      message: `Field ${field.name} is the lower half of a couchbox; place the vault in the field above it.`,
    };
  }
  const couchboxRefusal = couchboxTypeRefusal(field, vaultType);
  if (couchboxRefusal) return couchboxRefusal;
  if (field.full) return { code: 'FIELD_FULL', message: `Field ${field.name} is marked full.` };
  const slots = slotCount(field.fieldCapacity, field.type);
  const lowest = lowestFreePosition(taken, slots);
  if (lowest === null) {
    return {
      code: 'FIELD_FULL',
      message: `Field ${field.name} is full: it holds ${slots} vaults.`,
    };
  }
  if (taken.includes(position)) {
    return {
      code: 'VAULT_SLOT_TAKEN',
      message: `Position ${position} of field ${field.name} is already taken.`,
    };
  }
  if (position !== lowest) {
    return {
      code: 'VAULT_SLOT_NOT_LOWEST',
      message: `Only the lowest free position of field ${field.name} (position ${lowest}) can take a vault.`,
    };
  }
  return null;
}

/** A couchbox stands only in the top half of a couchbox pair. */
export function couchboxTypeRefusal(
  field: Pick<PlacementField, 'name' | 'type'>,
  vaultType: string,
): PlacementRefusal | null {
  if (vaultType === 'couchbox' && field.type !== 'couchbox-T') {
    return {
      code: 'VAULT_TYPE_NOT_ALLOWED',
      message: `A couchbox can only go into a couchbox field; ${field.name} is not one.`,
    };
  }
  return null;
}

/** Staging or moving a vault out of a field takes only the topmost one, as staff would lift it. */
export function isTopmost(taken: readonly number[], position: number): boolean {
  return topmostPosition(taken) === position;
}

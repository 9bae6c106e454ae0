// Reaching a vault buried under others: which vaults come off first, and where each goes.
import { lowestFreePosition, slotCount, type FieldKind } from './slots';

export interface PlanField {
  id: number;
  name: string;
  colIndex: number;
  rowIndex: number;
  type: FieldKind;
  full: boolean;
  capacity: number;
  /** Positions the records hold taken. */
  taken: readonly number[];
}

export interface PlanVault {
  id: number;
  name: string | null;
  type: string;
  position: number;
}

type GridPlace = Pick<PlanField, 'colIndex' | 'rowIndex'>;
/** A field and the slot a vault goes to. */
export interface PlaceTo {
  fieldId: number;
  fieldName: string;
  position: number;
}

interface PlannedMove {
  vault: PlanVault;
  /** The field and slot it goes to; null for the stage. */
  to: PlaceTo | null;
}

export type DigOutPlan =
  | { kind: 'on_top' }
  | { kind: 'plan'; moves: PlannedMove[]; isAnyStaged: boolean; isNoRoom: boolean };

/**
 * Nearest first: fields of the same column by row distance, then the neighbouring columns
 * outwards (left before right at equal distance), each by row distance. Forklift travel
 * grows with both, and a same-column field is the one staff reach without turning.
 */
export function byNearness(from: GridPlace) {
  return (a: GridPlace, b: GridPlace): number => {
    const colA = Math.abs(a.colIndex - from.colIndex);
    const colB = Math.abs(b.colIndex - from.colIndex);
    if (colA !== colB) return colA - colB;
    if (a.colIndex !== b.colIndex) return a.colIndex - b.colIndex;
    const rowA = Math.abs(a.rowIndex - from.rowIndex);
    const rowB = Math.abs(b.rowIndex - from.rowIndex);
    return rowA !== rowB ? rowA - rowB : a.rowIndex - b.rowIndex;
  };
}

function canTake(field: PlanField, vaultType: string): boolean {
  if (field.type === 'couchbox-B' || field.full) return false;
  // A couchbox goes only into the top half of a couchbox pair (decision 0101).
  return vaultType !== 'couchbox' || field.type === 'couchbox-T';
}

/** A field a lifted vault may go to, with the slots taken in it so far by the records and the plan. */
export interface Parking {
  field: PlanField;
  taken: number[];
}

/** The fields that may take lifted vaults from `from`, nearest first. */
export function parkingNear(
  from: { colIndex: number; rowIndex: number },
  fields: readonly PlanField[],
): Parking[] {
  return [...fields].sort(byNearness(from)).map((f) => ({ field: f, taken: [...f.taken] }));
}

/**
 * The lowest free slot of the nearest field with room for a vault of `vaultType`, taken in
 * `parking` so the next vault of the same plan does not get it; null when no field has room.
 */
export function takeNearestSlot(parking: readonly Parking[], vaultType: string): PlaceTo | null {
  for (const c of parking) {
    if (!canTake(c.field, vaultType)) continue;
    const position = lowestFreePosition(c.taken, slotCount(c.field.capacity, c.field.type));
    if (position === null) continue;
    c.taken.push(position);
    return { fieldId: c.field.id, fieldName: c.field.name, position };
  }
  return null;
}

/**
 * The moves, in forklift order, that free `target`: each vault above it, topmost first, goes
 * to the lowest free slot of the nearest field with room (counting the slots earlier moves of
 * the plan take), or to the stage when no field has room.
 */
export function planDigOut(input: {
  target: { id: number; position: number };
  field: PlanField;
  fieldVaults: readonly PlanVault[];
  fields: readonly PlanField[];
}): DigOutPlan {
  const above = input.fieldVaults
    .filter((v) => v.position > input.target.position)
    .sort((a, b) => b.position - a.position);
  if (above.length === 0) return { kind: 'on_top' };
  const parking = parkingNear(
    input.field,
    input.fields.filter((f) => f.id !== input.field.id),
  );
  const moves: PlannedMove[] = above.map((vault) => ({
    vault,
    to: takeNearestSlot(parking, vault.type),
  }));
  const isAnyStaged = moves.some((m) => m.to === null);
  return { kind: 'plan', moves, isAnyStaged, isNoRoom: moves.every((m) => m.to === null) };
}

/**
 * Putting the lifted vaults back once the target is out: bottom first (their old order), as
 * many as the field has free slots for now; the rest stay where the dig-out put them.
 */
export function planPutBack<T>(
  liftedTopFirst: readonly T[],
  freeSlots: number,
): { back: T[]; stay: T[] } {
  const bottomFirst = [...liftedTopFirst].reverse();
  const n = Math.max(0, freeSlots);
  return { back: bottomFirst.slice(0, n), stay: bottomFirst.slice(n) };
}

import { parseFieldName } from './field-names';

export type FieldKind = 'vault' | 'couchbox-T' | 'couchbox-B';

/**
 * Vaults a field can hold. A couchbox pair stores its units in the top half (couchbox-T),
 * which holds one more than the warehouse capacity; the hidden bottom half holds none.
 */
export function slotCount(fieldCapacity: number, fieldType: FieldKind): number {
  if (fieldType === 'couchbox-T') return fieldCapacity + 1;
  if (fieldType === 'couchbox-B') return 0;
  return fieldCapacity;
}

/** How many fields of each kind a warehouse has; fields not counted are vault fields. */
export interface CouchboxFieldCounts {
  couchboxTops: number;
  couchboxBottoms: number;
}

/**
 * The vaults a warehouse can hold: the sum of its fields' slots, so a couchbox pair counts
 * capacity + 1 (its top half), not twice the capacity. The dashboard, occupancy and Statistics
 * all read this figure, and it matches the slots the grid offers.
 */
export function warehouseCapacity(
  grid: { rows: number; cols: number; fieldCapacity: number },
  couchboxes: CouchboxFieldCounts,
): number {
  const vaultFields = grid.rows * grid.cols - couchboxes.couchboxTops - couchboxes.couchboxBottoms;
  return (
    vaultFields * slotCount(grid.fieldCapacity, 'vault') +
    couchboxes.couchboxTops * slotCount(grid.fieldCapacity, 'couchbox-T') +
    couchboxes.couchboxBottoms * slotCount(grid.fieldCapacity, 'couchbox-B')
  );
}

/** The lowest field capacity at which a field of this kind still has `held` slots. */
export function capacityToHold(held: number, fieldType: FieldKind): number {
  return held - slotCount(0, fieldType);
}

/** The lowest position (1 is the bottom) not taken, or null when every slot is taken. */
export function lowestFreePosition(taken: readonly number[], slots: number): number | null {
  const used = new Set(taken);
  for (let p = 1; p <= slots; p++) if (!used.has(p)) return p;
  return null;
}

/** The vault that may be staged: the one at the highest position in its field. */
export function topmostPosition(taken: readonly number[]): number | null {
  return taken.length === 0 ? null : Math.max(...taken);
}

/** The field below in the grid, which pairs with this one as a couchbox: A3 -> A4. */
export function fieldBelowName(name: string): string | null {
  const parsed = parseFieldName(name);
  return parsed ? `${parsed.letters}${parsed.row + 1}` : null;
}

export type FieldFill = 'full' | 'warning' | 'success' | 'empty';

/**
 * The colour of a grid cell: full when the vaults fill every slot or the flag is set,
 * warning above half the slots, success with some vaults, else empty.
 */
export function fieldFill(vaultCount: number, slots: number, isFlaggedFull: boolean): FieldFill {
  if (isFlaggedFull || (slots > 0 && vaultCount >= slots)) return 'full';
  if (vaultCount > slots / 2) return 'warning';
  if (vaultCount > 0) return 'success';
  return 'empty';
}

export type SearchKind = 'customer' | 'order' | 'vault';

type SearchedVault = { customer_name: string; order_name: string | null; name: string | null };

/** The picked text as the vault view compares it: trimmed, lower-cased; empty matches nothing. */
export function searchNeedle(text: string): string {
  return text.trim().toLowerCase();
}

/** The value of `vault` a search of `kind` looks at, lower-cased as `searchNeedle`. */
export function searchedValue(vault: SearchedVault, kind: SearchKind): string {
  const value =
    kind === 'customer' ? vault.customer_name : kind === 'order' ? vault.order_name : vault.name;
  return (value ?? '').toLowerCase();
}

/** Search matching in the vault view: case-insensitive substring on the picked kind. */
export function vaultMatchesSearch(vault: SearchedVault, kind: SearchKind, text: string): boolean {
  const needle = searchNeedle(text);
  return needle !== '' && searchedValue(vault, kind).includes(needle);
}

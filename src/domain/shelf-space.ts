// A shelf has `capacity` spots; each pallet takes `spaces` of them (spec §5).

export interface PalletOnShelf {
  id: number;
  spaces: number;
}

export function spacesUsed(pallets: readonly PalletOnShelf[], excludingId?: number): number {
  return pallets.reduce((sum, p) => (p.id === excludingId ? sum : sum + p.spaces), 0);
}

export function freeSpaces(
  capacity: number,
  pallets: readonly PalletOnShelf[],
  excludingId?: number,
): number {
  return Math.max(0, capacity - spacesUsed(pallets, excludingId));
}

export type PalletFit = 'fits' | 'shelf-full' | 'not-enough-space';

/**
 * Whether `spaces` more fit on the shelf. A new pallet on a shelf with no free spot is
 * 'shelf-full'; otherwise more spaces than are free (not counting the pallet being edited)
 * is 'not-enough-space'.
 */
export function checkPalletFit(params: {
  capacity: number;
  pallets: readonly PalletOnShelf[];
  spaces: number;
  editingId?: number;
}): PalletFit {
  const free = freeSpaces(params.capacity, params.pallets, params.editingId);
  if (params.editingId === undefined && free === 0) return 'shelf-full';
  return params.spaces > free ? 'not-enough-space' : 'fits';
}

export const shelfFullMessage = (capacity: number) =>
  `This shelf already has the maximum number of pallets (${capacity}).`;
export const shelfNotEnoughSpaceMessage = (capacity: number) =>
  `Shelf does not have enough space for this. Please increase Shelf capacity. Shelf capacity is currently ${capacity}`;
export const SHELF_NOT_FOUND_MESSAGE = 'Shelf not found. Please select a valid shelf.';

export type RackFillLevel = 'full' | 'warning' | 'success';

/** Rack colour (issue 4 decision): every spot used is full, more than half is warning. */
export function rackFillLevel(
  shelves: readonly { capacity: number; pallets: readonly PalletOnShelf[] }[],
): RackFillLevel {
  const capacity = shelves.reduce((sum, s) => sum + s.capacity, 0);
  const used = shelves.reduce((sum, s) => sum + spacesUsed(s.pallets), 0);
  if (capacity > 0 && used >= capacity) return 'full';
  if (used * 2 > capacity) return 'warning';
  return 'success';
}

/** Spec §9: a pallet tile is 36% wide per shelf spot it takes. */
const PALLET_TILE_PERCENT_PER_SPOT = 36;
export function palletTileWidthPercent(spaces: number): number {
  return PALLET_TILE_PERCENT_PER_SPOT * spaces;
}

/** The slot a new pallet takes when the caller names none: after the last one. */
export function nextSlotIndex(pallets: readonly { slotIndex: number; spaces: number }[]): number {
  return pallets.reduce((next, p) => Math.max(next, p.slotIndex + p.spaces), 0);
}

/**
 * The slot a pallet starts at: the one asked for when its spots are free and on the shelf,
 * else the first run of free spots long enough, else after the last pallet.
 */
export function chooseSlotIndex(params: {
  capacity: number;
  pallets: readonly { id: number; slotIndex: number; spaces: number }[];
  spaces: number;
  requested?: number;
  excludingId?: number;
}): number {
  const others = params.pallets.filter((p) => p.id !== params.excludingId);
  const isFree = (start: number) =>
    start >= 0 &&
    start + params.spaces <= params.capacity &&
    others.every((p) => start + params.spaces <= p.slotIndex || p.slotIndex + p.spaces <= start);
  if (params.requested !== undefined && isFree(params.requested)) return params.requested;
  for (let start = 0; start + params.spaces <= params.capacity; start++) {
    if (isFree(start)) return start;
  }
  return nextSlotIndex(others);
}

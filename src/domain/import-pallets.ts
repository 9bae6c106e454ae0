import type { ImportColumn, ImportMapping } from '../contracts/imports';
import {
  NAME_MAX_LENGTH,
  PALLET_NUMBER_MAX_LENGTH,
  PALLET_SPACES_MIN,
  SHELF_CAPACITY_MAX,
} from '../contracts/limits';
import { mappedCells, type RowRefusal } from './import-rows';
import { warehouseKey } from './import-plan';
import {
  checkPalletFit,
  chooseSlotIndex,
  shelfFullMessage,
  shelfNotEnoughSpaceMessage,
} from './shelf-space';
import { normaliseName } from './names';

/** A pallet row: where it stands (warehouse, rack, shelf from 1, slot from 1) and whose it is. */
export interface PalletImportRow {
  row: number;
  palletNumber: string;
  customerName: string;
  warehouse: string;
  rack: string;
  /** 1 is the bottom shelf, as staff count. */
  shelf: number;
  /** 1 is the first spot; null: the first free run of spots. */
  slot: number | null;
  spaces: number;
}

export function isPalletRow(cells: readonly string[], mapping: ImportMapping): boolean {
  return mapping.rack !== null && (cells[mapping.rack] ?? '').trim() !== '';
}

const wholeNumber = (text: string, min: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

export function readPalletRow(
  cells: readonly string[],
  row: number,
  mapping: ImportMapping,
): { ok: true; value: PalletImportRow } | { ok: false; refusal: RowRefusal } {
  const mapped = mappedCells(cells, mapping);
  const cell = (column: ImportColumn) => mapped(column) ?? '';
  const refuse = (column: ImportColumn, reason: string) =>
    ({ ok: false, refusal: { row, column, reason } }) as const;
  const palletNumber = cell('pallet_number');
  if (!palletNumber)
    return refuse('pallet_number', 'A pallet number is required: it is the key of a pallet row.');
  if (palletNumber.length > PALLET_NUMBER_MAX_LENGTH) {
    return refuse(
      'pallet_number',
      `A pallet number may be at most ${PALLET_NUMBER_MAX_LENGTH} characters.`,
    );
  }
  const customerName = normaliseName(cell('customer'));
  if (!customerName) return refuse('customer', 'A customer name is required.');
  if (customerName.length > NAME_MAX_LENGTH) {
    return refuse('customer', `A customer name may be at most ${NAME_MAX_LENGTH} characters.`);
  }
  const warehouse = cell('warehouse');
  if (!warehouse) return refuse('warehouse', `Rack ${cell('rack')} needs a warehouse.`);
  const shelf = wholeNumber(cell('shelf'), 1, 1000);
  if (shelf === null)
    return refuse('shelf', `Shelf "${cell('shelf')}" is not a shelf number of 1 or more.`);
  const slotText = cell('slot');
  const slot = slotText ? wholeNumber(slotText, 1, SHELF_CAPACITY_MAX) : null;
  if (slotText && slot === null) {
    return refuse(
      'slot',
      `Slot "${slotText}" is not a slot number from 1 to ${SHELF_CAPACITY_MAX}.`,
    );
  }
  const spacesText = cell('spaces');
  const spaces = spacesText ? wholeNumber(spacesText, PALLET_SPACES_MIN, SHELF_CAPACITY_MAX) : 1;
  if (spaces === null)
    return refuse('spaces', `Pallet spaces "${spacesText}" is not a whole number of 1 or more.`);
  return {
    ok: true,
    value: { row, palletNumber, customerName, warehouse, rack: cell('rack'), shelf, slot, spaces },
  };
}

interface PalletShelf {
  id: number;
  capacity: number;
}

export interface StoredPallet {
  id: number;
  shelfId: number;
  slotIndex: number;
  spaces: number;
  palletNumber: string;
  customerName: string;
}

export interface PalletPlanState {
  /** Shelves by `shelfKey(warehouse, rack, shelf from 1)`; a rack name two racks share is absent. */
  shelves: ReadonlyMap<string, PalletShelf>;
  /** Rack names two racks of one warehouse share, by `rackKey`. */
  ambiguousRacks: ReadonlySet<string>;
  /** How many shelves each rack has, by `rackKey`: what a refusal names. */
  shelfCounts: ReadonlyMap<string, number>;
  /** The company's warehouses, by `warehouseKey`. */
  warehouses: ReadonlySet<string>;
  /** Every pallet on the shelves, by shelf id. */
  palletsOnShelf: ReadonlyMap<number, readonly StoredPallet[]>;
  /** Stored pallets by number (numbers two pallets share are absent: they cannot be a key). */
  byNumber: ReadonlyMap<string, StoredPallet>;
}

export const rackKey = (warehouse: string, rack: string) =>
  `${warehouseKey(warehouse)}\u0000${rack.trim().toLowerCase()}`;
export const shelfKey = (warehouse: string, rack: string, shelf: number) =>
  `${rackKey(warehouse, rack)}\u0000${shelf}`;

export interface PlannedPallet {
  row: PalletImportRow;
  action: 'create' | 'unchanged';
  shelfId: number;
  slotIndex: number;
}

/**
 * Pallets are found again by number: a number already stored on the same shelf, slot and
 * spaces changes nothing; one stored elsewhere is refused (move it on the rack screen), so a
 * file imported twice adds nothing. New pallets take their slot, or the first free run, as
 * adding one on the rack screen does, within the shelf's capacity.
 */
export function planPallets(
  rows: readonly PalletImportRow[],
  state: PalletPlanState,
): { planned: PlannedPallet[]; refusals: RowRefusal[] } {
  const planned: PlannedPallet[] = [];
  const refusals: RowRefusal[] = [];
  const onShelf = new Map<number, { id: number; slotIndex: number; spaces: number }[]>();
  const current = (shelfId: number) => {
    let list = onShelf.get(shelfId);
    if (!list) {
      list = (state.palletsOnShelf.get(shelfId) ?? []).map((p) => ({
        id: p.id,
        slotIndex: p.slotIndex,
        spaces: p.spaces,
      }));
      onShelf.set(shelfId, list);
    }
    return list;
  };
  const seen = new Map<string, number>();
  let nextNewId = -1;
  for (const row of rows) {
    const refuse = (column: ImportColumn, reason: string) =>
      refusals.push({ row: row.row, column, reason });
    const first = seen.get(row.palletNumber);
    if (first !== undefined) {
      refuse(
        'pallet_number',
        `Pallet ${row.palletNumber} is already on row ${first} of this file.`,
      );
      continue;
    }
    seen.set(row.palletNumber, row.row);
    if (state.ambiguousRacks.has(rackKey(row.warehouse, row.rack))) {
      refuse('rack', `Warehouse ${row.warehouse} has more than one rack named ${row.rack}.`);
      continue;
    }
    const shelf = state.shelves.get(shelfKey(row.warehouse, row.rack, row.shelf));
    if (!shelf) {
      // Racks stand on the floor plan and get their shelves when added: an import creates
      // neither (decision 0086), so the sentence says which is missing and where to add it.
      const shelves = state.shelfCounts.get(rackKey(row.warehouse, row.rack));
      if (!state.warehouses.has(warehouseKey(row.warehouse))) {
        refuse(
          'warehouse',
          `Warehouse ${row.warehouse} does not exist. Pallets go onto the racks of an existing warehouse: an import creates no racks.`,
        );
      } else if (shelves === undefined) {
        refuse(
          'rack',
          `Warehouse ${row.warehouse} has no rack ${row.rack}. An import creates no racks, which need a place on the floor plan: add the rack on the warehouse page first, or correct the rack.`,
        );
      } else {
        refuse(
          'shelf',
          `Rack ${row.rack} of warehouse ${row.warehouse} has ${shelves === 1 ? '1 shelf' : `${shelves} shelves`}, so no shelf ${row.shelf}. Correct the shelf: an import adds no shelves.`,
        );
      }
      continue;
    }
    const requested = row.slot === null ? undefined : row.slot - 1;
    const stored = state.byNumber.get(row.palletNumber);
    if (stored) {
      const same =
        stored.shelfId === shelf.id &&
        stored.spaces === row.spaces &&
        stored.customerName === row.customerName &&
        (requested === undefined || requested === stored.slotIndex);
      if (same) {
        planned.push({ row, action: 'unchanged', shelfId: shelf.id, slotIndex: stored.slotIndex });
      } else {
        refuse(
          'pallet_number',
          `Pallet ${row.palletNumber} is already stored elsewhere or differently; change it on the rack screen.`,
        );
      }
      continue;
    }
    const pallets = current(shelf.id);
    const fit = checkPalletFit({ capacity: shelf.capacity, pallets, spaces: row.spaces });
    if (fit !== 'fits') {
      refuse(
        'spaces',
        fit === 'shelf-full'
          ? shelfFullMessage(shelf.capacity)
          : shelfNotEnoughSpaceMessage(shelf.capacity),
      );
      continue;
    }
    const slotIndex = chooseSlotIndex({
      capacity: shelf.capacity,
      pallets,
      spaces: row.spaces,
      requested,
    });
    if (requested !== undefined && slotIndex !== requested) {
      refuse(
        'slot',
        `Slot ${row.slot} of shelf ${row.shelf} is taken or too short for ${row.spaces} spaces.`,
      );
      continue;
    }
    pallets.push({ id: nextNewId--, slotIndex, spaces: row.spaces });
    planned.push({ row, action: 'create', shelfId: shelf.id, slotIndex });
  }
  return { planned, refusals };
}

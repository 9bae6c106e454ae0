import { describe, expect, it } from 'vitest';
import {
  checkPalletFit,
  chooseSlotIndex,
  freeSpaces,
  nextSlotIndex,
  palletTileWidthPercent,
  rackFillLevel,
  shelfFullMessage,
  shelfNotEnoughSpaceMessage,
  spacesUsed,
} from './shelf-space';

const pallets = [
  { id: 1, spaces: 1 },
  { id: 2, spaces: 2 },
];

describe('shelf space', () => {
  it('adds up the spaces pallets take, leaving out the one being edited', () => {
    expect(spacesUsed(pallets)).toBe(3);
    expect(spacesUsed(pallets, 2)).toBe(1);
    expect(freeSpaces(4, pallets)).toBe(1);
    expect(freeSpaces(2, pallets)).toBe(0);
  });

  it('lets a pallet take the last free spots', () => {
    expect(checkPalletFit({ capacity: 4, pallets, spaces: 1 })).toBe('fits');
  });

  it('refuses more spaces than are free', () => {
    expect(checkPalletFit({ capacity: 5, pallets, spaces: 3 })).toBe('not-enough-space');
  });

  it('calls a shelf with no free spot full for a new pallet', () => {
    expect(checkPalletFit({ capacity: 3, pallets, spaces: 1 })).toBe('shelf-full');
  });

  it('lets an edited pallet keep or shrink its own spaces on a full shelf, but not grow', () => {
    expect(checkPalletFit({ capacity: 3, pallets, spaces: 2, editingId: 2 })).toBe('fits');
    expect(checkPalletFit({ capacity: 3, pallets, spaces: 1, editingId: 2 })).toBe('fits');
    expect(checkPalletFit({ capacity: 3, pallets, spaces: 3, editingId: 2 })).toBe(
      'not-enough-space',
    );
  });

  it('words the refusals exactly as the spec does', () => {
    expect(shelfFullMessage(3)).toBe('This shelf already has the maximum number of pallets (3).');
    expect(shelfNotEnoughSpaceMessage(3)).toBe(
      'Shelf does not have enough space for this. Please increase Shelf capacity. Shelf capacity is currently 3',
    );
  });

  it('places a new pallet after the last one', () => {
    expect(nextSlotIndex([])).toBe(0);
    expect(
      nextSlotIndex([
        { slotIndex: 0, spaces: 2 },
        { slotIndex: 2, spaces: 1 },
      ]),
    ).toBe(3);
  });
});

describe('rack colour', () => {
  const shelf = (capacity: number, used: number[]) => ({
    capacity,
    pallets: used.map((spaces, i) => ({ id: i + 1, spaces })),
  });

  it('is full when every spot is used', () => {
    expect(rackFillLevel([shelf(2, [2]), shelf(2, [1, 1])])).toBe('full');
  });

  it('is warning above half and success at half or below', () => {
    expect(rackFillLevel([shelf(2, [2]), shelf(2, [1])])).toBe('warning');
    expect(rackFillLevel([shelf(2, [2]), shelf(2, [])])).toBe('success');
    expect(rackFillLevel([shelf(2, [])])).toBe('success');
  });
});

describe('tiles', () => {
  it('makes a tile 36% wide per spot', () => {
    expect(palletTileWidthPercent(2)).toBe(72);
  });
});

describe('choosing a slot', () => {
  const onShelf = [
    { id: 1, slotIndex: 0, spaces: 1 },
    { id: 2, slotIndex: 2, spaces: 1 },
  ];

  it('takes the slot asked for when it is free', () => {
    expect(chooseSlotIndex({ capacity: 4, pallets: onShelf, spaces: 1, requested: 3 })).toBe(3);
  });

  it('finds the first run long enough when the slot asked for is taken or too short', () => {
    expect(chooseSlotIndex({ capacity: 5, pallets: onShelf, spaces: 2, requested: 1 })).toBe(3);
    expect(chooseSlotIndex({ capacity: 4, pallets: onShelf, spaces: 1, requested: 0 })).toBe(1);
  });

  it('lets an edited pallet keep its own slot', () => {
    expect(
      chooseSlotIndex({ capacity: 3, pallets: onShelf, spaces: 1, requested: 2, excludingId: 2 }),
    ).toBe(2);
  });
});

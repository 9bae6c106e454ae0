import { describe, expect, it } from 'vitest';
import {
  fieldBelowName,
  fieldFill,
  vaultMatchesSearch,
  capacityToHold,
  lowestFreePosition,
  slotCount,
  topmostPosition,
  warehouseCapacity,
} from './slots';

describe('slot count', () => {
  it('gives a vault field the warehouse capacity', () => {
    expect(slotCount(3, 'vault')).toBe(3);
  });
  it('gives the top half of a couchbox one more', () => {
    expect(slotCount(3, 'couchbox-T')).toBe(4);
    expect(slotCount(0, 'couchbox-T')).toBe(1);
  });
  it('gives the hidden bottom half of a couchbox none', () => {
    expect(slotCount(3, 'couchbox-B')).toBe(0);
  });
});

describe('warehouse capacity', () => {
  it('is rows x cols x field capacity without couchboxes', () => {
    expect(
      warehouseCapacity(
        { rows: 12, cols: 9, fieldCapacity: 3 },
        { couchboxTops: 0, couchboxBottoms: 0 },
      ),
    ).toBe(324);
  });
  it('counts a couchbox pair as capacity + 1 slots, not twice the capacity', () => {
    const grid = { rows: 2, cols: 2, fieldCapacity: 3 };
    expect(warehouseCapacity(grid, { couchboxTops: 1, couchboxBottoms: 1 })).toBe(2 * 3 + 4);
  });
  it('agrees with the sum of the slots of every field', () => {
    const grid = { rows: 3, cols: 1, fieldCapacity: 5 };
    const kinds = ['couchbox-T', 'couchbox-B', 'vault'] as const;
    const sum = kinds.reduce((n, k) => n + slotCount(grid.fieldCapacity, k), 0);
    expect(warehouseCapacity(grid, { couchboxTops: 1, couchboxBottoms: 1 })).toBe(sum);
  });
});

describe('capacity to hold', () => {
  it('needs one less for the top half of a couchbox', () => {
    expect(capacityToHold(4, 'vault')).toBe(4);
    expect(capacityToHold(4, 'couchbox-T')).toBe(3);
    expect(capacityToHold(0, 'couchbox-B')).toBe(0);
  });
});

describe('lowest free position', () => {
  it('starts at the bottom', () => {
    expect(lowestFreePosition([], 3)).toBe(1);
  });
  it('fills a gap left by a removed vault first', () => {
    expect(lowestFreePosition([1, 3], 3)).toBe(2);
  });
  it('is null when every slot is taken', () => {
    expect(lowestFreePosition([1, 2, 3], 3)).toBeNull();
    expect(lowestFreePosition([], 0)).toBeNull();
  });
});

describe('topmost position', () => {
  it('is the highest taken position', () => {
    expect(topmostPosition([2, 1, 3])).toBe(3);
    expect(topmostPosition([])).toBeNull();
  });
});

describe('field series', () => {
  it('names the field below with the same letters and the number plus one', () => {
    expect(fieldBelowName('A3')).toBe('A4');
    expect(fieldBelowName('AB12')).toBe('AB13');
    expect(fieldBelowName('bad')).toBeNull();
  });
});

describe('field fill colour', () => {
  it('is full when every slot is taken or the flag is set', () => {
    expect(fieldFill(3, 3, false)).toBe('full');
    expect(fieldFill(0, 3, true)).toBe('full');
  });
  it('warns above half the slots, counting the couchbox extra slot', () => {
    expect(fieldFill(2, 3, false)).toBe('warning');
    expect(fieldFill(2, 4, false)).toBe('success');
    expect(fieldFill(3, 4, false)).toBe('warning');
  });
  it('is success with some vaults and empty with none', () => {
    expect(fieldFill(1, 3, false)).toBe('success');
    expect(fieldFill(0, 3, false)).toBe('empty');
  });
});

describe('search matching', () => {
  const vault = { customer_name: 'JOHNSON', order_name: 'ORD-5', name: 'V10' };
  it('matches a case-insensitive substring of the picked kind only', () => {
    expect(vaultMatchesSearch(vault, 'customer', 'john')).toBe(true);
    expect(vaultMatchesSearch(vault, 'order', 'john')).toBe(false);
    expect(vaultMatchesSearch(vault, 'order', 'd-5')).toBe(true);
    expect(vaultMatchesSearch(vault, 'vault', 'v1')).toBe(true);
    expect(vaultMatchesSearch({ ...vault, name: null }, 'vault', 'v')).toBe(false);
    expect(vaultMatchesSearch(vault, 'customer', '  ')).toBe(false);
  });
});

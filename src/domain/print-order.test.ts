import { describe, expect, it } from 'vitest';
import { compareCodePoints, printOrderParts, sortPrintOrder, type PrintPlace } from './print-order';

const place = (p: Partial<PrintPlace> & { id: number }): PrintPlace => ({
  name: null,
  position: null,
  fieldName: null,
  warehouseRank: null,
  ...p,
});

const ids = (vaults: PrintPlace[]) => sortPrintOrder(vaults).map((v) => v.id);

describe('print order', () => {
  it('goes by warehouse, then placed before staged, then field in grid order, then position', () => {
    expect(
      ids([
        place({ id: 1, warehouseRank: 2, fieldName: 'A1', position: 1 }),
        place({ id: 2, warehouseRank: 1, fieldName: 'AA1', position: 1 }),
        place({ id: 3, warehouseRank: 1, fieldName: 'B10', position: 1 }),
        place({ id: 4, warehouseRank: 1, fieldName: 'B9', position: 2 }),
        place({ id: 5, warehouseRank: 1, fieldName: 'B9', position: 1 }),
        place({ id: 6, warehouseRank: 1, name: '7' }),
        place({ id: 7, name: '1' }),
        place({ id: 8, warehouseRank: 1, fieldName: 'Z1', position: 1 }),
      ]),
    ).toEqual([5, 4, 3, 8, 2, 6, 1, 7]);
  });

  it('puts fields named off the grid after grid names, then by their own text', () => {
    expect(
      ids([
        place({ id: 1, warehouseRank: 1, fieldName: '9' }),
        place({ id: 2, warehouseRank: 1, fieldName: 'A' }),
        place({ id: 3, warehouseRank: 1, fieldName: 'A01' }),
        place({ id: 4, warehouseRank: 1, fieldName: 'A1' }),
        place({ id: 5, warehouseRank: 1, fieldName: '10' }),
      ]),
    ).toEqual([3, 4, 2, 1, 5]);
  });

  it('orders staged vaults: unnamed, then numbers by value past 15 digits, then other names', () => {
    expect(
      ids([
        place({ id: 1, name: 'B' }),
        place({ id: 2, name: '10' }),
        place({ id: 3, name: '9' }),
        place({ id: 4 }),
        place({ id: 5, name: '123456789012345679' }),
        place({ id: 6, name: '123456789012345678' }),
        place({ id: 7, name: '009' }),
        place({ id: 8, name: '1234567890123456789' }),
        place({ id: 9 }),
      ]),
    ).toEqual([4, 9, 7, 3, 2, 6, 5, 8, 1]);
  });

  it('compares text by code point, as the "C" collation does', () => {
    expect(compareCodePoints('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
  });

  it('comes out the same sorted a warehouse at a time, warehouses in order, none last', () => {
    const vaults = [3, null, 1, 2, null, 1, 3, 2, 1].map((rank, i) =>
      place({ id: i + 1, warehouseRank: rank, fieldName: `A${9 - i}`, position: 1 }),
    );
    const parts = [...printOrderParts(vaults)];
    expect(parts.map((part) => part.map((v) => v.warehouseRank)[0])).toEqual([1, 2, 3, null]);
    expect(parts.flat()).toEqual(sortPrintOrder(vaults));
  });
});

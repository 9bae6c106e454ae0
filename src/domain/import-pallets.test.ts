import { describe, expect, it } from 'vitest';
import { mappingOf } from '../contracts/imports';
import {
  isPalletRow,
  planPallets,
  rackKey,
  readPalletRow,
  shelfKey,
  type StoredPallet,
} from './import-pallets';

const mapping = mappingOf({
  customer: 0,
  warehouse: 1,
  rack: 2,
  shelf: 3,
  slot: 4,
  pallet_number: 5,
  spaces: 6,
});

describe('pallet rows', () => {
  it('are the rows with a rack, read with shelves and slots counted from 1', () => {
    const cells = ['smith', 'Main', 'R1', '2', '', 'P-1', '3'];
    expect(isPalletRow(cells, mapping)).toBe(true);
    expect(isPalletRow(['smith', 'Main', ''], mapping)).toBe(false);
    expect(readPalletRow(cells, 4, mapping)).toEqual({
      ok: true,
      value: {
        row: 4,
        palletNumber: 'P-1',
        customerName: 'SMITH',
        warehouse: 'Main',
        rack: 'R1',
        shelf: 2,
        slot: null,
        spaces: 3,
      },
    });
    expect(readPalletRow(['smith', 'Main', 'R1', '0', '', 'P-1', ''], 4, mapping)).toMatchObject({
      ok: false,
      refusal: { column: 'shelf' },
    });
  });

  it('take their slot or the first free run, and a stored number elsewhere is refused', () => {
    const key = shelfKey('Main', 'R1', 1);
    const stored: StoredPallet = {
      id: 1,
      shelfId: 10,
      slotIndex: 0,
      spaces: 1,
      palletNumber: 'P-0',
      customerName: 'SMITH',
    };
    const row = (n: number, palletNumber: string, slot: number | null, spaces = 1) => ({
      row: n,
      palletNumber,
      customerName: 'SMITH',
      warehouse: 'main',
      rack: 'r1',
      shelf: 1,
      slot,
      spaces,
    });
    const result = planPallets(
      [
        row(2, 'P-0', null),
        row(3, 'P-1', null, 2),
        row(4, 'P-2', 1),
        row(5, 'P-0', 3),
        { ...row(6, 'P-6', null), shelf: 2 },
        { ...row(7, 'P-7', null), rack: 'r9' },
        { ...row(8, 'P-8', null), warehouse: 'nowhere' },
      ],
      {
        shelves: new Map([[key, { id: 10, capacity: 4 }]]),
        ambiguousRacks: new Set(),
        shelfCounts: new Map([[rackKey('main', 'r1'), 1]]),
        warehouses: new Set(['main']),
        palletsOnShelf: new Map([[10, [stored]]]),
        byNumber: new Map([['P-0', stored]]),
      },
    );
    expect(result.planned.map((p) => [p.row.palletNumber, p.action, p.slotIndex])).toEqual([
      ['P-0', 'unchanged', 0],
      ['P-1', 'create', 1],
    ]);
    expect(result.refusals.map((r) => [r.row, r.column])).toEqual([
      [4, 'slot'],
      [5, 'pallet_number'],
      [6, 'shelf'],
      [7, 'rack'],
      [8, 'warehouse'],
    ]);
    expect(result.refusals[2]?.reason).toBe(
      'Rack r1 of warehouse main has 1 shelf, so no shelf 2. Correct the shelf: an import adds no shelves.',
    );
  });
});

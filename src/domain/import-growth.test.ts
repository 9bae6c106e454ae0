import { describe, expect, it } from 'vitest';
import { fieldName } from './field-names';
import {
  createdWarehouseSentence,
  fieldOutsideGrid,
  fieldsAdded,
  gridGrowth,
  growthSentence,
} from './import-growth';

const grid = { cols: 10, rows: 8 };

describe('growing a grid for an import', () => {
  it('grows to the right for a column past the grid and says how', () => {
    const k = fieldOutsideGrid('North', grid, 'K1');
    const l = fieldOutsideGrid('North', grid, 'L3');
    expect(k).toEqual({ kind: 'grow', colIndex: 10, row: 1 });
    const cells = [k, l].flatMap((c) => (c.kind === 'grow' ? [c] : []));
    const growth = gridGrowth('North', grid, cells);
    expect(growth && growthSentence(growth)).toBe(
      'Warehouse North grows from 10 x 8 to 12 x 8: columns K, L added.',
    );
    expect(growth && fieldsAdded(growth)).toBe(16);
  });

  it('grows at the bottom, and both ways at once', () => {
    const growth = gridGrowth('North', grid, [{ colIndex: 10, row: 9 }]);
    expect(growth && growthSentence(growth)).toBe(
      'Warehouse North grows from 10 x 8 to 11 x 9: column K and row 9 added.',
    );
    expect(gridGrowth('North', grid, [])).toBeNull();
  });

  it('tells a finished import in the same words, in the past', () => {
    const growth = gridGrowth('North', grid, [{ colIndex: 10, row: 9 }]);
    expect(growth && growthSentence(growth, 'done')).toBe(
      'Warehouse North grew from 10 x 8 to 11 x 9: column K and row 9 added.',
    );
    expect(createdWarehouseSentence('South', { cols: 3, rows: 2 })).toBe(
      'Warehouse South created at 3 x 2: 6 fields added.',
    );
  });

  it('refuses a typo past the bound, a name that is no field, and one inside the grid', () => {
    expect(fieldOutsideGrid('North', grid, 'ZZ999')).toMatchObject({ kind: 'refuse' });
    expect(fieldOutsideGrid('North', grid, 'U1')).toMatchObject({ kind: 'refuse' });
    expect(fieldOutsideGrid('North', grid, 'T18')).toMatchObject({ kind: 'grow' });
    expect(fieldOutsideGrid('North', grid, 'A19')).toMatchObject({ kind: 'refuse' });
    expect(fieldOutsideGrid('North', grid, 'A0')).toMatchObject({ kind: 'refuse' });
    expect(fieldOutsideGrid('North', grid, 'K01')).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('it is not a field name') as unknown,
    });
    expect(fieldOutsideGrid('North', grid, 'B2')).toMatchObject({ kind: 'refuse' });
    expect(fieldOutsideGrid('North', { cols: 195, rows: 8 }, fieldName(199, 1))).toMatchObject({
      kind: 'grow',
    });
    expect(fieldOutsideGrid('North', { cols: 195, rows: 8 }, fieldName(200, 1))).toMatchObject({
      kind: 'refuse',
    });
  });
});

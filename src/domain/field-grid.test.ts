import { describe, expect, it } from 'vitest';
import {
  findSplitCouchboxes,
  isRemovedBy,
  listInSentence,
  planGridChange,
  type GridChangePlan,
} from './field-grid';

const plan = (...args: Parameters<typeof planGridChange>): GridChangePlan => {
  const result = planGridChange(...args);
  if ('error' in result) throw new Error(result.error);
  return result;
};

describe('planning a grid change', () => {
  const grid = { rows: 2, cols: 2 };

  it('adds columns on the right with the next letters', () => {
    const p = plan(grid, 'right', 'plus', 2, 200);
    expect(p).toMatchObject({ rows: 2, cols: 4, columnShift: 0, removedColumns: null });
    expect(p.newCells.map((c) => c.name)).toEqual(['C1', 'C2', 'D1', 'D2']);
  });

  it('adds columns on the left as A.. and shifts the existing letters', () => {
    const p = plan(grid, 'left', 'plus', 2, 200);
    expect(p).toMatchObject({ cols: 4, columnShift: 2 });
    expect(p.newCells.map((c) => c.name)).toEqual(['A1', 'A2', 'B1', 'B2']);
  });

  it('adds rows at the bottom in every column', () => {
    const p = plan(grid, 'bottom', 'plus', 1, 200);
    expect(p).toMatchObject({ rows: 3, cols: 2 });
    expect(p.newCells.map((c) => c.name)).toEqual(['A3', 'B3']);
  });

  it('continues past Z', () => {
    const p = plan({ rows: 1, cols: 26 }, 'right', 'plus', 2, 200);
    expect(p.newCells.map((c) => c.name)).toEqual(['AA1', 'AB1']);
  });

  it('removes columns on the left and shifts the rest back', () => {
    const p = plan({ rows: 2, cols: 3 }, 'left', 'minus', 1, 200);
    expect(p).toMatchObject({ cols: 2, columnShift: -1, removedColumns: { from: 0, to: 0 } });
    expect(isRemovedBy(p, { colIndex: 0, row: 1 })).toBe(true);
    expect(isRemovedBy(p, { colIndex: 1, row: 1 })).toBe(false);
  });

  it('removes columns on the right and rows at the bottom', () => {
    const right = plan({ rows: 2, cols: 3 }, 'right', 'minus', 2, 200);
    expect(right).toMatchObject({ cols: 1, columnShift: 0, removedColumns: { from: 1, to: 2 } });
    const bottom = plan({ rows: 4, cols: 3 }, 'bottom', 'minus', 1, 200);
    expect(bottom).toMatchObject({ rows: 3, keepRowsUpTo: 3 });
    expect(isRemovedBy(bottom, { colIndex: 2, row: 4 })).toBe(true);
    expect(isRemovedBy(bottom, { colIndex: 2, row: 3 })).toBe(false);
  });

  it('refuses removing more than there is, or growing past the limit', () => {
    expect(planGridChange(grid, 'bottom', 'minus', 3, 200)).toEqual({
      error: 'Cannot remove 3 rows: the warehouse has 2.',
    });
    expect(planGridChange(grid, 'left', 'plus', 199, 200)).toEqual({
      error: 'A warehouse can have at most 200 columns; it has 2.',
    });
  });
});

describe('couchbox pairs', () => {
  const fields = [
    { colIndex: 0, row: 2, name: 'A2', type: 'couchbox-T' },
    { colIndex: 0, row: 3, name: 'A3', type: 'couchbox-B' },
    { colIndex: 1, row: 3, name: 'B3', type: 'vault' },
  ];

  it('finds the half that would stay when its partner goes', () => {
    expect(findSplitCouchboxes(fields, (f) => f.row > 2)).toEqual(['A2']);
  });

  it('lets a pair go together', () => {
    expect(findSplitCouchboxes(fields, (f) => f.row > 1)).toEqual([]);
    expect(findSplitCouchboxes(fields, (f) => f.colIndex === 0)).toEqual([]);
  });
});

describe('listing names in a sentence', () => {
  it('joins with commas and "and"', () => {
    expect(listInSentence(['A1'])).toBe('A1');
    expect(listInSentence(['A1', 'B1'])).toBe('A1 and B1');
    expect(listInSentence(['A1', 'B1', 'C1'])).toBe('A1, B1 and C1');
    expect(listInSentence(['A1', 'B1', 'C1'], 2)).toBe('A1, B1 and 1 more');
  });
});

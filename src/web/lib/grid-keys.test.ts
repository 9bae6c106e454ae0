import { describe, expect, it } from 'vitest';
import { moveInGrid } from './grid-keys';

// A 3 x 3 grid where B1 is a couchbox top covering B2, and C3 is missing.
const matrix = [
  ['A1', 'B1', 'C1'],
  ['A2', 'B1', 'C2'],
  ['A3', 'B3', null],
];
const name = (p: { row: number; col: number } | null) => (p ? matrix[p.row]?.[p.col] : null);

describe('grid keys', () => {
  it('moves by arrows and stays at the edges', () => {
    expect(name(moveInGrid(matrix, { row: 0, col: 0 }, 'ArrowRight'))).toBe('B1');
    expect(name(moveInGrid(matrix, { row: 0, col: 0 }, 'ArrowLeft'))).toBe('A1');
    expect(name(moveInGrid(matrix, { row: 0, col: 0 }, 'ArrowUp'))).toBe('A1');
    expect(name(moveInGrid(matrix, { row: 1, col: 2 }, 'ArrowDown'))).toBe('C2');
  });

  it('steps over the hidden half of a couchbox pair', () => {
    expect(name(moveInGrid(matrix, { row: 0, col: 1 }, 'ArrowDown'))).toBe('B3');
  });

  it('goes to the row ends with Home and End, and the grid ends with Ctrl', () => {
    expect(name(moveInGrid(matrix, { row: 1, col: 1 }, 'End'))).toBe('C2');
    expect(name(moveInGrid(matrix, { row: 2, col: 1 }, 'End'))).toBe('B3');
    expect(name(moveInGrid(matrix, { row: 1, col: 2 }, 'Home'))).toBe('A2');
    expect(name(moveInGrid(matrix, { row: 2, col: 0 }, 'Home', true))).toBe('A1');
    expect(name(moveInGrid(matrix, { row: 0, col: 0 }, 'End', true))).toBe('B3');
  });

  it('pages down as far as the grid goes', () => {
    expect(name(moveInGrid(matrix, { row: 0, col: 0 }, 'PageDown'))).toBe('A3');
    expect(name(moveInGrid(matrix, { row: 2, col: 0 }, 'PageUp'))).toBe('A1');
  });

  it('ignores keys that are not grid keys', () => {
    expect(moveInGrid(matrix, { row: 0, col: 0 }, 'a')).toBeNull();
  });
});

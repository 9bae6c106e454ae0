import { describe, expect, it } from 'vitest';
import {
  columnIndex,
  columnLetters,
  compareFieldNames,
  gridFieldNames,
  nextFieldName,
  parseFieldName,
} from './field-names';

describe('field names', () => {
  it('names columns like a spreadsheet, past Z', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('reads letters back to the same column', () => {
    for (let i = 0; i < 1000; i++) expect(columnIndex(columnLetters(i))).toBe(i);
  });

  it('lists a 2 x 12 grid as A1..A12 then B1..B12', () => {
    const names = gridFieldNames(12, 2).map((f) => f.name);
    expect(names.slice(0, 3)).toEqual(['A1', 'A2', 'A3']);
    expect(names[11]).toBe('A12');
    expect(names[12]).toBe('B1');
    expect(names).toHaveLength(24);
  });

  it('sorts by letters then number, not as text', () => {
    expect(['B1', 'A10', 'AA1', 'A2', 'Z3'].sort(compareFieldNames)).toEqual([
      'A2',
      'A10',
      'B1',
      'Z3',
      'AA1',
    ]);
  });

  it('advances a field to the next in its series', () => {
    expect(nextFieldName('A3')).toBe('A4');
    expect(nextFieldName('AB9')).toBe('AB10');
    expect(nextFieldName('3A')).toBeNull();
  });

  it('refuses names that are not letters then digits', () => {
    expect(parseFieldName('a1')).toBeNull();
    expect(parseFieldName('A')).toBeNull();
    expect(parseFieldName('A12')).toEqual({ letters: 'A', row: 12 });
  });
});

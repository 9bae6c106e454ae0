import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvCell, csvCellText, csvRow } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('JOHNSON')).toBe('JOHNSON');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'neutralises the formula start of %j',
    (value) => {
      expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('quotes cells holding quotes, commas or line breaks and doubles the quotes', () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });
});

describe('csvRow', () => {
  it('survives a round trip through a CSV parser', () => {
    const cells = ['12', 'O\'NEIL, "JR"', 'line one\r\nline two', '', '=HYPERLINK("x")'];
    const text = csvRow(cells) + csvRow(['a', 'b', 'c', 'd', 'e']);
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual([
      '12',
      'O\'NEIL, "JR"',
      'line one\r\nline two',
      '',
      '\'=HYPERLINK("x")',
    ]);
    expect(rows[1]).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('csvCellText', () => {
  it('drops the apostrophe csvCell put before a would-be formula, and nothing else', () => {
    expect(csvCellText(csvCell('-fragile-').replace(/^"|"$/g, ''))).toBe('-fragile-');
    expect(csvCellText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(csvCellText("'quoted'")).toBe("'quoted'");
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_IMPORT_CONTENTS, type ImportColumn } from '../contracts/imports';
import {
  contentsAsFarAsRead,
  mergeContents,
  planContacts,
  readImportDate,
  readRowContents,
} from './import-contents';

const cells =
  (given: Partial<Record<ImportColumn, string>>) =>
  (column: ImportColumn): string | undefined =>
    given[column];

describe('readImportDate', () => {
  it('reads YYYY-MM-DD and the US M/D/YYYY a spreadsheet saves', () => {
    expect(readImportDate('2026-03-04')).toBe('2026-03-04');
    expect(readImportDate('3/4/2026')).toBe('2026-03-04');
    expect(readImportDate('12/31/2025')).toBe('2025-12-31');
  });

  it.each(['2026-02-30', '13/1/2026', '04.03.2026', '45962', 'soon'])('refuses %s', (text) => {
    expect(readImportDate(text)).toBeNull();
  });
});

describe('readRowContents', () => {
  it('reads weight, date in, seal and tags; absent columns stay unsaid', () => {
    expect(
      readRowContents(
        cells({
          weight: '1,250 lb',
          date_in: '11/3/2026',
          seal: 'S-88',
          tags: 'LOT 4471, tags 1-120',
        }),
      ),
    ).toEqual({
      contents: {
        weight: 1250,
        date_in: '2026-11-03',
        seal: 'S-88',
        tags: [{ lot: '4471', first: 1, last: 120 }],
      },
      contact: undefined,
    });
    expect(readRowContents(cells({}))).toEqual({ contents: {}, contact: undefined });
  });

  it('takes a blank weight as not weighed and blank tags as none', () => {
    expect(readRowContents(cells({ weight: '', tags: '' }))).toMatchObject({
      contents: { weight: null, tags: [] },
    });
  });

  it('combines a Lot column with a Tags column of ranges', () => {
    const read = readRowContents(cells({ lot: '4471', tags: '1-120, 130' }));
    expect(read).toMatchObject({
      contents: {
        tags: [
          { lot: '4471', first: 1, last: 120 },
          { lot: '4471', first: 130, last: 130 },
        ],
      },
    });
  });

  it.each([
    [{ weight: '-5' }, 'weight', 'Weight must be 0 pounds or more.'],
    [{ weight: 'heavy' }, 'weight', 'Weight must be a number.'],
    [{ date_in: '2026-02-30' }, 'date_in', expect.stringContaining('not a real date')],
    [{ seal: 'x'.repeat(41) }, 'seal', 'A seal number may be at most 40 characters.'],
    [
      { tags: '1-120' },
      'tags',
      'Tags "1-120" need their lot: write "LOT 4471, tags 1-120" or map a Lot column.',
    ],
    [{ tags: 'LOT 4471, tags 9-3' }, 'tags', 'The range 9-3 in lot 4471 runs backwards.'],
    [{ lot: '4471', tags: '' }, 'tags', 'Lot 4471 needs its tag numbers, as in 1-120, 130.'],
    [{ lot: 'A-1', tags: '5' }, 'lot', 'Lot "A-1" must be letters and digits, as in 4471.'],
    [
      { lot: '4471', tags: 'LOT 4472, tags 5' },
      'tags',
      'The tags name lot 4472, but the Lot column says 4471.',
    ],
    [{ email: 'not-mail' }, 'email', 'Email must look like name@example.com.'],
  ])('refuses %j in column %s with a sentence', (given, column, reason) => {
    expect(readRowContents(cells(given))).toEqual({ column, reason });
  });
});

describe('planContacts', () => {
  const contact = { phone: '555-0100', email: 'a@b.co', address: '' };

  it("adds only what the record lacks, from the first row that gives it; the record's own wins", () => {
    const stored = new Map([['SMITH', { phone: '555-9999', email: '', address: '' }]]);
    expect(
      planContacts(
        [
          { customerName: 'SMITH', contact },
          { customerName: 'SMITH', contact: { phone: '', email: 'late@b.co', address: '1 Main' } },
          { customerName: 'JONES', contact },
        ],
        stored,
      ),
    ).toEqual([
      { customerName: 'SMITH', phone: '', email: 'a@b.co', address: '1 Main' },
      { customerName: 'JONES', ...contact },
    ]);
  });

  it('gives an empty unit no contact', () => {
    expect(planContacts([{ customerName: 'EMPTY VAULT', contact }], new Map())).toEqual([]);
  });
});

describe('mergeContents', () => {
  it("takes the row's values, else the stored ones, else none", () => {
    const stored = { ...EMPTY_IMPORT_CONTENTS, weight: 500, date_in: '2025-05-05', seal: 'S-9' };
    expect(mergeContents({ weight: null }, stored)).toEqual({ ...stored, weight: null });
    expect(mergeContents({ seal: 'S-10' }, undefined)).toEqual({
      ...EMPTY_IMPORT_CONTENTS,
      seal: 'S-10',
    });
  });
});

describe('contentsAsFarAsRead', () => {
  it('shows the cells of a refused row that read, and leaves the wrong ones blank', () => {
    expect(
      contentsAsFarAsRead(cells({ weight: 'heavy', date_in: '11/3/2026', seal: 'S-1' })),
    ).toEqual({ ...EMPTY_IMPORT_CONTENTS, date_in: '2026-11-03', seal: 'S-1' });
  });
});

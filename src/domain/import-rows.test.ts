import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  PRINT_COLUMN_KEYS,
  PRINT_COLUMNS,
  type PrintColumnKey,
} from '../contracts/print';
import { mappingOf, type ImportColumn } from '../contracts/imports';
import { readImportRow, suggestMapping } from './import-rows';

const mapping = mappingOf({
  vault_number: 0,
  customer: 1,
  order: 2,
  type: 3,
  warehouse: 4,
  field: 5,
  position: 6,
  note: 7,
});

/** The print list's columns that the import knows by another name. */
const EXPORTED_AS: Partial<Record<PrintColumnKey, ImportColumn>> = {
  name: 'vault_number',
  customer_name: 'customer',
  field_name: 'field',
  warehouse_name: 'warehouse',
};

describe('suggestMapping', () => {
  it("maps every column of the Print Studio export's own CSV back to the one it came from", () => {
    const mapped = suggestMapping([...CSV_COLUMNS]);
    const expected = PRINT_COLUMN_KEYS.map((key) => [
      EXPORTED_AS[key] ?? key,
      CSV_COLUMNS.indexOf(PRINT_COLUMNS[key].csvHeader),
    ]);
    expect(Object.entries(mapped).filter(([, index]) => index !== null)).toEqual(
      expect.arrayContaining(expected),
    );
    expect(Object.values(mapped).filter((index) => index !== null)).toHaveLength(expected.length);
    expect(mapped).toMatchObject({ vault_number: 0, customer: 1, type: 2, note: 6 });
  });

  it('finds the contents and contact columns by their usual headings', () => {
    const m = suggestMapping([
      'Vault #',
      'Weight (lbs)',
      'Date In',
      'Seal No.',
      'Lot',
      'Tags',
      'Phone',
      'E-mail',
      'Address',
    ]);
    expect(m).toMatchObject({
      weight: 1,
      date_in: 2,
      seal: 3,
      lot: 4,
      tags: 5,
      phone: 6,
      email: 7,
      address: 8,
    });
  });

  it('ignores case, spaces and punctuation and never maps one column twice', () => {
    const m = suggestMapping(['VAULT #', 'Customer', 'customer name', 'Order-No']);
    expect(m.vault_number).toBe(0);
    expect(m.customer).toBe(1);
    expect(m.order).toBe(3);
  });
});

describe('readImportRow', () => {
  it('keeps names as the forms keep them and reads the place', () => {
    const read = readImportRow(
      ['12', ' smith  jr ', 'o 1', 'T2', 'Main', 'b3', '2', 'x'],
      5,
      mapping,
    );
    expect(read).toEqual({
      ok: true,
      value: {
        row: 5,
        vaultNumber: '12',
        customerName: 'SMITH JR',
        orderName: 'O 1',
        type: 't2',
        note: 'x',
        place: { kind: 'field', warehouse: 'Main', field: 'B3', position: 2 },
        contents: {},
      },
    });
  });

  it('names an empty unit by its kind and drops its order', () => {
    const read = readImportRow(['12', 'empty', 'o 1', 'liftvan', '', '', '', ''], 2, mapping);
    expect(read.ok && read.value).toMatchObject({ customerName: 'EMPTY LIFTVAN', orderName: null });
  });

  it('leaves out what the file does not say, so a stored vault keeps it', () => {
    const read = readImportRow(['12'], 2, { ...mapping, customer: null, order: null, note: null });
    expect(read.ok && read.value).toMatchObject({
      customerName: undefined,
      orderName: undefined,
      note: undefined,
      type: undefined,
      place: { kind: 'unsaid' },
    });
  });

  it.each([
    [['', 'A'], 'vault_number', 'A vault number is required.'],
    [['1', 'A', '', 'crate'], 'type', 'Type "crate" is not one of vault, liftvan, t2, couchbox.'],
    [['1', 'A', '', '', 'Main', '', '1'], 'field', expect.stringContaining('A field is needed')],
    [['1', 'A', '', '', '', 'A1'], 'warehouse', 'Field A1 needs a warehouse.'],
    [['1', 'A', '', '', 'Main', 'A1', '0'], 'position', expect.stringContaining('whole number')],
    [['1', 'A', '', '', 'Main', 'staged', '2'], 'position', 'A staged vault has no position.'],
  ])('refuses %j in column %s', (cells, column, reason) => {
    expect(readImportRow(cells, 3, mapping)).toEqual({
      ok: false,
      refusal: { row: 3, column, reason },
    });
  });

  it('refuses a row whose mapped cell the spreadsheet could not give', () => {
    const read = readImportRow(['1', ''], 4, mapping, [{ row: 4, column: 1, reason: 'formula' }]);
    expect(read).toEqual({ ok: false, refusal: { row: 4, column: 'customer', reason: 'formula' } });
  });
});

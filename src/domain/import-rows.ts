import type { ImportColumn, ImportMapping } from '../contracts/imports';
import { IMPORT_COLUMNS, importColumns, mappingOf } from '../contracts/imports';
import {
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  NUMBER_INPUT_MAX,
  VAULT_NUMBER_MAX_LENGTH,
} from '../contracts/limits';
import { STAGED_FIELD_NAME } from '../contracts/print';
import { vaultTypes, type VaultType } from '../contracts/vaults';
import { emptyUnitCustomerName } from './empty-vault';
import { readRowContents, type CustomerContact, type RowContents } from './import-contents';
import { normaliseName } from './names';

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Maps each of our columns to the first file column whose heading names it. */
export function suggestMapping(headers: readonly string[]): ImportMapping {
  const keys = headers.map(headerKey);
  const mapping = mappingOf({});
  const used = new Set<number>();
  for (const column of importColumns) {
    for (const word of IMPORT_COLUMNS[column].headers) {
      const index = keys.findIndex((k, i) => k === word && !used.has(i));
      if (index >= 0) {
        mapping[column] = index;
        used.add(index);
        break;
      }
    }
  }
  return mapping;
}

/** What a spreadsheet cell could not give: a formula without a saved value, an error cell. */
export interface CellProblem {
  row: number;
  column: number;
  reason: string;
}

/** Where a row puts its vault: a field of a warehouse, the stage, or nowhere said. */
type RowPlace =
  | { kind: 'field'; warehouse: string; field: string; position: number | null }
  | { kind: 'stage' }
  | { kind: 'unsaid' };

/**
 * One row as read. A value left undefined was not in the file (its column is not mapped, or
 * a blank customer or type): a stored vault keeps what it has, a new one gets the default.
 */
export interface ImportRow {
  /** 1-based, counting the heading row as row 1, as a spreadsheet numbers it. */
  row: number;
  vaultNumber: string;
  customerName: string | undefined;
  orderName: string | null | undefined;
  type: VaultType | undefined;
  note: string | undefined;
  place: RowPlace;
  /** Weight, date in, seal and tags; absent when none of their columns is mapped. */
  contents?: RowContents;
  /** The customer's contact as the row gives it (decision 0511). */
  contact?: CustomerContact | undefined;
}

export interface RowRefusal {
  row: number;
  column: ImportColumn | null;
  reason: string;
}

export type ReadRow = { ok: true; value: ImportRow } | { ok: false; refusal: RowRefusal };

const refuse = (row: number, column: ImportColumn | null, reason: string): ReadRow => ({
  ok: false,
  refusal: { row, column, reason },
});

function parseType(text: string): VaultType | null {
  const type = text.trim().toLowerCase();
  return (vaultTypes as readonly string[]).includes(type) ? (type as VaultType) : null;
}

/** A row's cell for each of our columns, trimmed; undefined for a column the mapping leaves out. */
export function mappedCells(cells: readonly string[], mapping: ImportMapping) {
  return (column: ImportColumn): string | undefined => {
    const index = mapping[column];
    return index === null ? undefined : (cells[index] ?? '').trim();
  };
}

/**
 * One data row read through the mapping, checked the way the add and edit forms check a
 * vault: a vault number (the key), a known type, customer and order names as the forms keep
 * them (EMPTY units named by their kind), lengths within the forms' limits, and a place that
 * is a field of a warehouse, the stage, or left empty.
 */
export function readImportRow(
  cells: readonly string[],
  row: number,
  mapping: ImportMapping,
  problems: readonly CellProblem[] = [],
): ReadRow {
  for (const problem of problems) {
    const column = importColumns.find((c) => mapping[c] === problem.column);
    if (column) return refuse(row, column, problem.reason);
  }
  const cell = mappedCells(cells, mapping);
  const vaultNumber = cell('vault_number') ?? '';
  if (!vaultNumber) return refuse(row, 'vault_number', 'A vault number is required.');
  if (vaultNumber.length > VAULT_NUMBER_MAX_LENGTH) {
    return refuse(
      row,
      'vault_number',
      `A vault number may be at most ${VAULT_NUMBER_MAX_LENGTH} characters.`,
    );
  }
  const typeText = cell('type') ?? '';
  const type = typeText ? parseType(typeText) : undefined;
  if (type === null) {
    return refuse(row, 'type', `Type "${typeText}" is not one of ${vaultTypes.join(', ')}.`);
  }
  const customer = cell('customer') ?? '';
  const emptyName = emptyUnitCustomerName(customer, type ?? 'vault');
  const customerName = (emptyName ?? normaliseName(customer)) || undefined;
  if (customerName && customerName.length > NAME_MAX_LENGTH) {
    return refuse(row, 'customer', `A customer name may be at most ${NAME_MAX_LENGTH} characters.`);
  }
  const order = cell('order');
  // An empty unit has no order, whatever the file says (as the add form keeps it).
  const orderName =
    emptyName !== null ? null : order === undefined ? undefined : normaliseName(order) || null;
  if (orderName && orderName.length > NAME_MAX_LENGTH) {
    return refuse(row, 'order', `An order number may be at most ${NAME_MAX_LENGTH} characters.`);
  }
  const note = cell('note');
  if (note !== undefined && note.length > NOTE_MAX_LENGTH) {
    return refuse(row, 'note', `A note may be at most ${NOTE_MAX_LENGTH} characters.`);
  }
  const place = readPlace(
    row,
    cell('warehouse') ?? '',
    cell('field') ?? '',
    cell('position') ?? '',
  );
  if ('refusal' in place) return { ok: false, refusal: place.refusal };
  const read = readRowContents(cell);
  if ('reason' in read) return refuse(row, read.column, read.reason);
  return {
    ok: true,
    value: {
      row,
      vaultNumber,
      customerName,
      orderName,
      type,
      note,
      place,
      contents: read.contents,
      contact: read.contact,
    },
  };
}

function readPlace(
  row: number,
  warehouse: string,
  field: string,
  position: string,
): RowPlace | { refusal: RowRefusal } {
  const fail = (column: ImportColumn, reason: string) => ({
    refusal: { row, column, reason },
  });
  // The print export names a staged vault's field "staged", beside the warehouse it left.
  if (field.toLowerCase() === STAGED_FIELD_NAME) {
    return position ? fail('position', 'A staged vault has no position.') : { kind: 'stage' };
  }
  if (!warehouse && !field) {
    return position
      ? fail('position', 'A position needs a warehouse and a field.')
      : { kind: 'unsaid' };
  }
  if (!warehouse) return fail('warehouse', `Field ${field} needs a warehouse.`);
  if (!field) {
    return fail(
      'field',
      `A field is needed to place the vault in ${warehouse}; leave warehouse and field empty to put it in stage.`,
    );
  }
  if (!position) return { kind: 'field', warehouse, field: field.toUpperCase(), position: null };
  const n = Number(position);
  if (!Number.isInteger(n) || n < 1 || n > NUMBER_INPUT_MAX) {
    return fail('position', `Position "${position}" is not a whole number of 1 or more.`);
  }
  return { kind: 'field', warehouse, field: field.toUpperCase(), position: n };
}

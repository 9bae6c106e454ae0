// What a spreadsheet row says about a vault's contents (weight, date in, seal, inventory tags)
// and its customer's contact, read with the same rules as the forms that edit them.
import {
  EMPTY_IMPORT_CONTENTS,
  importContentsKeys,
  type ImportColumn,
  type ImportContents,
  type ImportContentsKey,
} from '../contracts/imports';
import { customerContactInputs } from '../contracts/customers';
import { SEAL_MAX_LENGTH } from '../contracts/limits';
import { vaultWeightInput } from '../contracts/vaults';
import { isIsoDate } from './calendar-days';
import { isEmptyVaultCustomer } from './empty-vault';
import { normaliseLot, parseTagRanges, type TagRange } from './inventory-tags';

/** Each value undefined when its column is not mapped: a stored vault keeps what it has. */
export type RowContents = Partial<ImportContents> & {
  /** Empty: the vault holds no tags (a blank cell). */
  tags?: TagRange[];
};

/** A customer's contact as a row gives it; '' where the row gives none. */
export interface CustomerContact {
  phone: string;
  email: string;
  address: string;
}

type Refusal = { column: ImportColumn; reason: string };

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A date in as a spreadsheet gives it: YYYY-MM-DD (what a workbook's date cell is read as, and
 * what the forms write) or the US M/D/YYYY a CSV saved by a spreadsheet holds; null otherwise.
 */
export function readImportDate(text: string): string | null {
  const us = US_DATE.exec(text);
  const iso = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : text;
  return isIsoDate(iso) ? iso : null;
}

type CellRead<T> = { value: T | undefined } | { reason: string };

/**
 * How a cell of each of the vault's own columns (IMPORT_CONTENTS) is read, by the rules of the
 * forms that edit it; an undefined value says nothing, and the vault keeps what it has.
 */
const READ_CELL: { [K in ImportContentsKey]: (text: string) => CellRead<ImportContents[K]> } = {
  /** "1,250", "1250 lb" and "1250" are the same; a blank cell: not weighed. */
  weight: (text) => {
    const bare = text.replace(/,/g, '').replace(/\s*(lbs?|pounds)\.?$/i, '');
    const read = vaultWeightInput.safeParse(bare);
    if (read.success) return { value: read.data };
    return { reason: read.error.issues[0]?.message ?? `Weight "${text}" is not a number.` };
  },
  /** A blank cell says nothing, as the day in cannot be cleared. */
  date_in: (text) => {
    if (!text) return { value: undefined };
    const day = readImportDate(text);
    return day === null
      ? { reason: `Date in "${text}" is not a real date written YYYY-MM-DD or M/D/YYYY.` }
      : { value: day };
  },
  seal: (text) =>
    text.length > SEAL_MAX_LENGTH
      ? { reason: `A seal number may be at most ${SEAL_MAX_LENGTH} characters.` }
      : { value: text },
};

function readCell<K extends ImportContentsKey>(key: K, text: string) {
  return READ_CELL[key](text);
}

/** What a vault holds after the import: the row's values, else the stored ones, else none. */
export function mergeContents(
  given: Partial<ImportContents> | undefined,
  stored: Partial<ImportContents> | undefined,
): ImportContents {
  const merged: Partial<Record<ImportContentsKey, unknown>> = {};
  for (const key of importContentsKeys) {
    merged[key] =
      given?.[key] !== undefined ? given[key] : (stored?.[key] ?? EMPTY_IMPORT_CONTENTS[key]);
  }
  return merged as ImportContents;
}

export const sameContents = (stored: Partial<ImportContents>, values: ImportContents) =>
  importContentsKeys.every((key) => (stored[key] ?? EMPTY_IMPORT_CONTENTS[key]) === values[key]);

/**
 * The values a row's cells give as far as they read: the preview shows them for a refused row
 * beside its reason.
 */
export function contentsAsFarAsRead(
  cell: (column: ImportColumn) => string | undefined,
): ImportContents {
  const read: Partial<Record<ImportContentsKey, unknown>> = {};
  for (const key of importContentsKeys) {
    const text = cell(key);
    const value = text === undefined ? undefined : readCell(key, text);
    read[key] = value && 'value' in value ? value.value : undefined;
  }
  return mergeContents(read as Partial<ImportContents>, undefined);
}

const LOT_TEXT = /^(?:lot\s*)?([a-z0-9]+)$/i;
/** Tag numbers and ranges without a lot: "1-120, 130". */
const ONLY_NUMBERS = /^[\d\s,;-]+$/;

/**
 * The tags of one row: a Tags column read whole ("LOT 4471, tags 1-120"), or a Lot column
 * and a Tags column of ranges ("1-120, 130") read together.
 */
function readTags(
  lotCell: string | undefined,
  tagsCell: string | undefined,
): { tags: TagRange[] | undefined } | Refusal {
  if (lotCell === undefined && tagsCell === undefined) return { tags: undefined };
  const lot = lotCell ?? '';
  const tags = tagsCell ?? '';
  if (!lot) {
    if (ONLY_NUMBERS.test(tags)) {
      return {
        column: 'tags',
        reason: `Tags "${tags}" need their lot: write "LOT 4471, tags ${tags}" or map a Lot column.`,
      };
    }
    const read = parseTagRanges(tags);
    return read.ok ? { tags: read.ranges } : { column: 'tags', reason: read.error };
  }
  const lotName = LOT_TEXT.exec(lot)?.[1];
  if (lotName === undefined) {
    return { column: 'lot', reason: `Lot "${lot}" must be letters and digits, as in 4471.` };
  }
  if (!tags) {
    return {
      column: 'tags',
      reason: `Lot ${normaliseLot(lotName)} needs its tag numbers, as in 1-120, 130.`,
    };
  }
  // The Tags cell may repeat the lot in full ("LOT 4471, tags 1-5"); it must be the same lot.
  const whole = /^lot\b/i.test(tags) ? tags : `LOT ${lotName}, tags ${tags.replace(/;/g, ',')}`;
  const read = parseTagRanges(whole);
  if (!read.ok) return { column: 'tags', reason: read.error };
  const other = read.ranges.find((r) => r.lot !== normaliseLot(lotName));
  if (other) {
    return {
      column: 'tags',
      reason: `The tags name lot ${other.lot}, but the Lot column says ${normaliseLot(lotName)}.`,
    };
  }
  return { tags: read.ranges };
}

function readContact(
  cell: (column: ImportColumn) => string | undefined,
): { contact: CustomerContact | undefined } | Refusal {
  const contact: CustomerContact = { phone: '', email: '', address: '' };
  let isGiven = false;
  for (const key of ['phone', 'email', 'address'] as const) {
    const text = cell(key);
    if (!text) continue;
    const read = customerContactInputs[key].safeParse(text);
    if (!read.success) {
      return { column: key, reason: read.error.issues[0]?.message ?? `${key} is not valid.` };
    }
    contact[key] = read.data;
    isGiven = true;
  }
  return { contact: isGiven ? contact : undefined };
}

/** The contents and contact cells of one vault row, or the first of them that is wrong. */
export function readRowContents(
  cell: (column: ImportColumn) => string | undefined,
): { contents: RowContents; contact: CustomerContact | undefined } | Refusal {
  const contents: Partial<Record<ImportContentsKey, unknown>> & Pick<RowContents, 'tags'> = {};
  for (const key of importContentsKeys) {
    const text = cell(key);
    if (text === undefined) continue;
    const read = readCell(key, text);
    if ('reason' in read) return { column: key, reason: read.reason };
    if (read.value !== undefined) contents[key] = read.value;
  }
  const tags = readTags(cell('lot'), cell('tags'));
  if ('reason' in tags) return tags;
  if (tags.tags !== undefined) contents.tags = tags.tags;
  const contact = readContact(cell);
  if ('reason' in contact) return contact;
  return { contents: contents as RowContents, contact: contact.contact };
}

/** Tags in one order, so two lists of the same ranges compare equal. */
function sortedTags(tags: readonly TagRange[]): TagRange[] {
  return [...tags].sort((a, b) =>
    a.lot === b.lot ? a.first - b.first || a.last - b.last : a.lot < b.lot ? -1 : 1,
  );
}

export const sameTags = (a: readonly TagRange[], b: readonly TagRange[]) =>
  JSON.stringify(sortedTags(a)) === JSON.stringify(sortedTags(b));

/** A contact the import sets on a customer record: '' where it sets nothing. */
export interface ContactChange extends CustomerContact {
  customerName: string;
}

/**
 * What the rows' contact adds to customer records (decision 0511): a value the record lacks,
 * from the first row that gives it; what the record holds is kept. Empty units have no customer.
 */
export function planContacts(
  rows: readonly { customerName: string; contact: CustomerContact | undefined }[],
  stored: ReadonlyMap<string, CustomerContact>,
): ContactChange[] {
  const changes = new Map<string, ContactChange>();
  for (const { customerName, contact } of rows) {
    if (!contact || !customerName || isEmptyVaultCustomer(customerName)) continue;
    const record = stored.get(customerName);
    const change = changes.get(customerName) ?? {
      customerName,
      phone: '',
      email: '',
      address: '',
    };
    for (const key of ['phone', 'email', 'address'] as const) {
      if (contact[key] && !record?.[key] && !change[key]) change[key] = contact[key];
    }
    if (change.phone || change.email || change.address) changes.set(customerName, change);
  }
  return [...changes.values()];
}

// CSV as RFC 4180 writes it, made safe to open in a spreadsheet.

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a leading apostrophe neutralises a would-be formula (the spreadsheet shows the
 * text as typed), and a cell holding a quote, comma or line break is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, terminated by CRLF as RFC 4180 asks. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Excel reads a file as UTF-8 only when it starts with this mark; other readers skip it. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell as read back from a file we (or a spreadsheet following the same advice) wrote:
 * the apostrophe that neutralised a would-be formula is dropped, so an exported note such as
 * `'-fragile-` imports as `-fragile-` and a round trip changes nothing.
 */
export function csvCellText(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

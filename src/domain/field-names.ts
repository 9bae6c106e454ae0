// A field is named by its column letters and its row number: A1 is column 0, row 1.
// Columns go A..Z, then AA, AB .. AZ, BA .. ZZ, AAA, like spreadsheet columns.

export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Invalid column index ${index}`);
  let letters = '';
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function columnIndex(letters: string): number {
  if (!/^[A-Z]+$/.test(letters)) throw new RangeError(`Invalid column letters "${letters}"`);
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function fieldName(colIndex: number, row: number): string {
  return `${columnLetters(colIndex)}${row}`;
}

export interface ParsedFieldName {
  letters: string;
  row: number;
}

export function parseFieldName(name: string): ParsedFieldName | null {
  const match = /^([A-Z]+)(\d+)$/.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { letters: match[1], row: Number(match[2]) };
}

/** Sort order of the grid and of lists: by column (A < B < Z < AA), then by row number. */
export function compareFieldNames(a: string, b: string): number {
  const pa = parseFieldName(a);
  const pb = parseFieldName(b);
  if (!pa || !pb) return a.localeCompare(b);
  const byColumn = columnIndex(pa.letters) - columnIndex(pb.letters);
  return byColumn !== 0 ? byColumn : pa.row - pb.row;
}

/** The next field in a series: same letters, number plus one (A3 -> A4). */
export function nextFieldName(name: string): string | null {
  const parsed = parseFieldName(name);
  return parsed ? `${parsed.letters}${parsed.row + 1}` : null;
}

/** Every field of a rows x cols grid, column by column. */
export function gridFieldNames(
  rows: number,
  cols: number,
): { name: string; colIndex: number; row: number }[] {
  const out: { name: string; colIndex: number; row: number }[] = [];
  for (let c = 0; c < cols; c++) {
    for (let r = 1; r <= rows; r++) out.push({ name: fieldName(c, r), colIndex: c, row: r });
  }
  return out;
}

import { parse } from 'csv-parse/sync';
import type * as ExcelJS from 'exceljs';
import {
  MAX_IMPORT_CELL_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
} from '../../contracts/limits';
import { csvCellText } from '../../domain/csv';
import type { CellProblem } from '../../domain/import-rows';
import { AppError } from '../http/errors';
import { createLimiter } from './limiter';
import { checkXlsxArchive } from './xlsx-guard';

/** A file's table: its heading row and data rows as text, and cells it could not give. */
export interface Sheet {
  headers: string[];
  rows: string[][];
  /** Each data row's number as a spreadsheet shows it (the heading is row 1); blank rows are left out. */
  rowNumbers: number[];
  problems: CellProblem[];
  /** Set when the text was not UTF-8 and was read in another encoding. */
  encodingNote: string | null;
}

// A lone surrogate (from a broken UTF-16 file) cannot be stored as UTF-8 text.
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

const unreadable = (message: string) => new AppError('VALIDATION_FAILED', message);

/** Reads an uploaded CSV or XLSX file by its bytes; anything else is a 4xx with a sentence. */
export async function readSheet(data: Buffer): Promise<Sheet> {
  if (data.length === 0) throw unreadable('The file is empty.');
  // An XLSX workbook is a ZIP archive; the old binary .xls format starts with an OLE header.
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return readXlsx(data);
  if (data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw new AppError(
      'UNSUPPORTED_FILE_TYPE',
      'This is an old Excel (.xls) workbook. Save it as .xlsx or as CSV UTF-8 and upload that.',
    );
  }
  return readCsv(data);
}

function decodeText(data: Buffer): { text: string; encodingNote: string | null } {
  if (data[0] === 0xff && data[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(data.subarray(2)), encodingNote: null };
  }
  if (data[0] === 0xfe && data[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(data.subarray(2)), encodingNote: null };
  }
  // UTF-16 without its byte-order mark: every other byte of Latin text is zero.
  if (data.subarray(0, 1000).includes(0)) {
    throw unreadable(
      'The file is not text we can read (it holds zero bytes, as UTF-16 without a byte-order mark or a binary file does). Save it as "CSV UTF-8" and upload it again.',
    );
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encodingNote: null };
  } catch {
    // Excel's plain "CSV" in Western Europe and the Americas is Windows-1252 (Latin-1).
    return {
      text: new TextDecoder('windows-1252').decode(data),
      encodingNote:
        'The file is not UTF-8; it was read as Windows-1252 (Western European). Check names with accents in the preview, or save the file as "CSV UTF-8".',
    };
  }
}

/** The separator of the heading line: comma, semicolon (European Excel) or tab. */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0] && counts[0].n > 0 ? counts[0].d : ',';
}

function readCsv(data: Buffer): Sheet {
  const { text, encodingNote } = decodeText(data);
  const body = text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: guessDelimiter(body),
      relax_column_count: true,
      max_record_size: 1024 * 1024,
      to: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : '';
    throw unreadable(`The file could not be read as CSV: ${detail}`);
  }
  return toSheet(
    records.map((r, i) => ({ n: i + 1, cells: r.map((cell) => csvCellText(wellFormed(cell))) })),
    [],
    encodingNote,
  );
}

function toSheet(
  numbered: { n: number; cells: string[] }[],
  problems: CellProblem[],
  encodingNote: string | null,
): Sheet {
  const flagged = new Set(problems.map((p) => p.row));
  const kept = numbered.filter((r) => flagged.has(r.n) || r.cells.some((c) => c.trim() !== ''));
  const [heading, ...data] = kept;
  const headerRow = heading?.cells;
  const rows = data.map((r) => r.cells);
  const records = kept.map((r) => r.cells);
  if (!headerRow || headerRow.every((h) => h.trim() === '')) {
    throw unreadable('The file has no heading row: its first row must name the columns.');
  }
  if (rows.length === 0) throw unreadable('The file has a heading row but no rows below it.');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw unreadable(
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
    );
  }
  if (headerRow.length > MAX_IMPORT_COLUMNS) {
    throw unreadable(`The file has more than ${MAX_IMPORT_COLUMNS} columns.`);
  }
  for (const row of records) {
    if (row.some((cell) => cell.includes('\u0000'))) {
      throw unreadable('The file holds NUL characters, which no vault can store.');
    }
  }
  return {
    headers: headerRow.map((h) => h.trim()),
    rows,
    rowNumbers: data.map((r) => r.n),
    problems,
    encodingNote,
  };
}

/**
 * One workbook is read at a time: even checked, exceljs holds a workbook several times its
 * unpacked size while it reads; a second waits its turn (decision 0462).
 */
const oneWorkbookAtATime = createLimiter(1, 30_000);

async function readXlsx(data: Buffer): Promise<Sheet> {
  await checkXlsxArchive(data);
  return oneWorkbookAtATime(() => loadXlsx(data));
}

async function loadXlsx(data: Buffer): Promise<Sheet> {
  // Loaded on the first workbook read: about 9 MiB of the server's heap otherwise held from
  // the start for the rare spreadsheet import (decision 0080).
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  try {
    // exceljs's types ask for its own Buffer shape; Node's Buffer is what it reads.
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw unreadable(
      'The file could not be read as an XLSX workbook: it is damaged or not a workbook.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('The workbook has no worksheet.');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1) {
    throw unreadable(
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
    );
  }
  const numbered: { n: number; cells: string[] }[] = [];
  const problems: CellProblem[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const read = cellText(cell.value);
      if (read.text.length > MAX_IMPORT_CELL_LENGTH) {
        throw unreadable(
          `Row ${row.number} holds a cell of more than ${MAX_IMPORT_CELL_LENGTH.toLocaleString('en-US')} characters; no vault has a text that long.`,
        );
      }
      cells[col - 1] = wellFormed(read.text);
      if (read.problem) problems.push({ row: row.number, column: col - 1, reason: read.problem });
    });
    numbered.push({ n: row.number, cells: Array.from(cells, (c) => c ?? '') });
  });
  return toSheet(numbered, problems, null);
}

/**
 * A cell's value as text. A formula counts by the value the spreadsheet saved with it (the
 * file's cached result); one without a saved value, or an error cell, is a problem of its row.
 */
function cellText(value: ExcelJS.CellValue): { text: string; problem?: string } {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10) };
  if ('richText' in value) return { text: value.richText.map((r) => r.text).join('') };
  if ('error' in value) return { text: '', problem: `The cell holds the error ${value.error}.` };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined || result === null) {
      return {
        text: '',
        problem:
          'The cell holds a formula without a saved value. Open the file in a spreadsheet program, save it, and upload it again.',
      };
    }
    if (typeof result === 'object' && !(result instanceof Date) && 'error' in result) {
      return { text: '', problem: `The cell's formula gives the error ${result.error}.` };
    }
    return cellText(result as ExcelJS.CellValue);
  }
  if ('text' in value) return { text: String(value.text) };
  return { text: '' };
}

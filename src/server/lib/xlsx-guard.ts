import zlib from 'node:zlib';
import {
  MAX_IMPORT_CELL_LENGTH,
  MAX_IMPORT_ROWS,
  MAX_XLSX_UNPACKED_BYTES,
} from '../../contracts/limits';
import { AppError } from '../http/errors';

/** More parts than any workbook of one sheet needs; a bomb may hold thousands. */
const MAX_ENTRIES = 500;
/** The XML of one cell's text, escaped: a cell of the longest allowed text stays under it. */
const MAX_TEXT_RUN_BYTES = MAX_IMPORT_CELL_LENGTH * 6;

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message);
const damaged = () =>
  refuse('The file could not be read as an XLSX workbook: it is damaged or not a workbook.');
const tooBig = () =>
  refuse(
    `The workbook unpacks to more than ${MAX_XLSX_UNPACKED_BYTES / 1024 / 1024} MB. Save it as CSV UTF-8 and upload that; a CSV file has no such limit.`,
  );

interface Entry {
  name: string;
  method: number;
  data: Buffer;
}

/** The archive's parts, as its central directory lists them; nothing is unpacked here. */
function listEntries(zip: Buffer): Entry[] {
  const searchFrom = Math.max(0, zip.length - 65_557);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), undefined);
  if (end < searchFrom || end + 22 > zip.length) throw damaged();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw damaged();
  if (count > MAX_ENTRIES) throw refuse(`The workbook has more than ${MAX_ENTRIES} parts.`);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw damaged();
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw damaged();
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) throw damaged();
    entries.push({ name, method, data: zip.subarray(start, start + compressed) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Watches a worksheet's or the shared strings' XML as it is unpacked: the longest run of text
 * between two tags (a cell's text), and (in a worksheet) how many rows have begun.
 */
class XmlWatch {
  private textRun = 0;
  rows = 0;
  private tail = '';

  constructor(private readonly countsRows: boolean) {}

  see(chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 0x3c) this.textRun = 0;
      else if (++this.textRun > MAX_TEXT_RUN_BYTES) {
        throw refuse(
          `A cell of the workbook holds more than ${MAX_IMPORT_CELL_LENGTH.toLocaleString('en-US')} characters; no vault has a text that long.`,
        );
      }
    }
    if (!this.countsRows) return;
    const text = this.tail + chunk.toString('latin1');
    let from = 0;
    for (;;) {
      const found = text.indexOf('<row', from);
      if (found < 0) break;
      const next = text[found + 4];
      if (next === ' ' || next === '>' || next === '/') this.rows++;
      else if (next === undefined) break;
      from = found + 4;
    }
    this.tail = text.slice(-4);
    if (this.rows > MAX_IMPORT_ROWS + 1) {
      throw refuse(
        `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
      );
    }
  }
}

/** Unpacks one part chunk by chunk, keeping none of it: only counts and watches. */
function measure(entry: Entry, budget: number, watch: XmlWatch | null): Promise<number> {
  if (entry.method === 0) {
    if (entry.data.length > budget) return Promise.reject(tooBig());
    watch?.see(entry.data);
    return Promise.resolve(entry.data.length);
  }
  if (entry.method !== 8) return Promise.reject(damaged());
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    const fail = (error: unknown) => {
      inflate.destroy();
      reject(error instanceof AppError ? error : damaged());
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      try {
        if (size > budget) throw tooBig();
        watch?.see(chunk);
      } catch (error) {
        fail(error);
      }
    });
    inflate.on('error', fail);
    inflate.on('end', () => resolve(size));
    inflate.end(entry.data);
  });
}

/**
 * Checks an XLSX upload before any workbook reader builds it in memory: each part is
 * unpacked as a stream and counted (the sizes an archive declares can lie), the whole stays
 * under `MAX_XLSX_UNPACKED_BYTES`, and no cell's text or sheet's row count passes the
 * import's limits. What passes can be read within a bounded amount of memory (decision 0462).
 */
export async function checkXlsxArchive(zip: Buffer): Promise<void> {
  let left = MAX_XLSX_UNPACKED_BYTES;
  for (const entry of listEntries(zip)) {
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name);
    const isStrings = entry.name === 'xl/sharedStrings.xml';
    const watch = isSheet || isStrings ? new XmlWatch(isSheet) : null;
    left -= await measure(entry, left, watch);
  }
}

import { Readable } from 'node:stream';
import type { SessionUser } from '../../../contracts/auth';
import { CSV_COLUMNS, PRINT_COLUMN_KEYS, type PrintVault } from '../../../contracts/print';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { companyScans } from '../../lib/limiter';
import * as repo from './print.repository';

/** The answer's keys only, in the contract's order: what the print order sorts by stays here. */
function presentPrintVault(row: repo.PrintRow): PrintVault {
  const vault: Record<string, unknown> = { id: row.id };
  for (const key of PRINT_COLUMN_KEYS) vault[key] = row[key];
  return vault as PrintVault;
}

/** `/api/vaults/all`: every vault of the company in print order. */
export async function listPrintVaults(db: Db, user: SessionUser): Promise<PrintVault[]> {
  const rows = await companyScans(() => repo.listPrintRows(db, user.companyId));
  return rows.map(presentPrintVault);
}

const ROWS_PER_CHUNK = 1000;

function* csvChunks(vaults: readonly PrintVault[]): Generator<string> {
  yield CSV_BOM + csvRow(CSV_COLUMNS);
  for (let i = 0; i < vaults.length; i += ROWS_PER_CHUNK) {
    yield vaults
      .slice(i, i + ROWS_PER_CHUNK)
      .map((v) => csvRow(PRINT_COLUMN_KEYS.map((key) => v[key])))
      .join('');
  }
}

/** The print list as CSV, written to the response in chunks rather than built as one string. */
export async function exportVaultsCsv(db: Db, user: SessionUser): Promise<Readable> {
  return Readable.from(csvChunks(await listPrintVaults(db, user)));
}

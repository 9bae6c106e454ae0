import { Readable } from 'node:stream';
import type { SessionUser } from '../../../contracts/auth';
import { CSV_COLUMNS, STAGED_FIELD_NAME, type PrintVault } from '../../../contracts/print';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { companyScans } from '../../lib/limiter';
import * as repo from './print.repository';
import { JsonAnswer } from '../../lib/answer-cache';

function present(row: repo.PrintVaultRow): PrintVault {
  return {
    id: row.id,
    name: row.name,
    customer_name: row.customer_name ?? '',
    type: row.type,
    position: row.position,
    field_name: row.field_name ?? STAGED_FIELD_NAME,
    warehouse_name: row.warehouse_name ?? '',
    note: row.note,
  };
}

async function listPrintVaults(db: Db, user: SessionUser): Promise<PrintVault[]> {
  return (await companyScans(() => repo.listPrintVaults(db, user.companyId))).map(present);
}

/** `/api/vaults/all` as the JSON text PostgreSQL writes (decision 0025). */
export async function printListAnswer(db: Db, user: SessionUser): Promise<JsonAnswer> {
  return JsonAnswer.fromText(await companyScans(() => repo.printListJson(db, user.companyId)));
}

const ROWS_PER_CHUNK = 1000;

function* csvChunks(vaults: readonly PrintVault[]): Generator<string> {
  yield CSV_BOM + csvRow(CSV_COLUMNS);
  for (let i = 0; i < vaults.length; i += ROWS_PER_CHUNK) {
    yield vaults
      .slice(i, i + ROWS_PER_CHUNK)
      .map((v) =>
        csvRow([
          v.name,
          v.customer_name,
          v.type,
          v.position,
          v.field_name,
          v.warehouse_name,
          v.note,
        ]),
      )
      .join('');
  }
}

/** The print list as CSV, written to the response in chunks rather than built as one string. */
export async function exportVaultsCsv(db: Db, user: SessionUser): Promise<Readable> {
  const vaults = await listPrintVaults(db, user);
  return Readable.from(csvChunks(vaults));
}

import { Readable } from 'node:stream';
import type { SessionUser } from '../../../contracts/auth';
import { CSV_COLUMNS, STAGED_FIELD_NAME, type PrintVault } from '../../../contracts/print';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { companyScans } from '../../lib/limiter';
import * as repo from './print.repository';

function presentPrintVault(v: repo.PrintRow): PrintVault {
  return {
    id: v.id,
    name: v.name,
    customer_name: v.customerName ?? '',
    type: v.type,
    position: v.position,
    field_name: v.fieldName ?? STAGED_FIELD_NAME,
    warehouse_name: v.warehouseName ?? '',
    note: v.note,
    weight: v.weight,
  };
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
      .map((v) =>
        csvRow([
          v.name,
          v.customer_name,
          v.type,
          v.position,
          v.field_name,
          v.warehouse_name,
          v.note,
          v.weight,
        ]),
      )
      .join('');
  }
}

/** The print list as CSV, written to the response in chunks rather than built as one string. */
export async function exportVaultsCsv(db: Db, user: SessionUser): Promise<Readable> {
  return Readable.from(csvChunks(await listPrintVaults(db, user)));
}

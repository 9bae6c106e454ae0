import { Readable } from 'node:stream';
import type { SessionUser } from '../../../contracts/auth';
import {
  EMPTY_IMPORT_CONTENTS,
  IMPORT_COLUMNS,
  type ImportColumn,
  importColumns,
  type ImportJob,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  type PreviewRow,
} from '../../../contracts/imports';
import { IMPORT_PREVIEW_ROWS } from '../../../contracts/limits';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import { contentsAsFarAsRead } from '../../../domain/import-contents';
import { mappedCells, suggestMapping } from '../../../domain/import-rows';
import { formatTagRanges } from '../../../domain/inventory-tags';
import { warehouseKey } from '../../../domain/import-plan';
import { isEmbeddedEngine, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { readSheet } from '../../lib/spreadsheet';
import type { UploadedFile } from '../../storage/storage';
import {
  contactNames,
  contactsOver,
  missingFields,
  missingWarehouses,
  planOver,
  presentGrowth,
  planPalletsOver,
  readRows,
  rowError,
  type StoredSheet,
} from './import-plan-state';
import { ImportRunner } from './import-runner';
import * as jobs from './import-jobs.repository';
import * as repo from './imports.repository';

const RECENT_JOBS = 10;
const PREVIEW_ERRORS = 50;

function presentJob(row: jobs.JobSummaryRow, runner: ImportRunner): ImportJob {
  const live = row.status === 'running' ? runner.progressOf(row.companyId, row.id) : null;
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    headers: row.headers,
    row_count: row.rowCount,
    suggested_mapping: row.suggestedMapping as ImportMapping,
    encoding_note: row.encodingNote,
    rows_done: live?.rowsDone ?? row.rowsDone,
    rows_refused: live?.rowsRefused ?? row.rowsRefused,
    cancel_requested: live?.cancelRequested ?? row.cancelRequested,
    result: row.result && {
      created: row.result.created,
      updated: row.result.updated,
      unchanged: row.result.unchanged,
      refused: row.result.refused,
    },
    growth: row.result?.growth ?? [],
    created_warehouses: row.result?.created_warehouses ?? [],
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

export async function uploadImport(
  db: Db,
  runner: ImportRunner,
  user: SessionUser,
  file: UploadedFile | null,
): Promise<ImportJob> {
  if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a CSV or XLSX file to import.');
  const sheet = await readSheet(file.data);
  const stored: StoredSheet = {
    rows: sheet.rows,
    rowNumbers: sheet.rowNumbers,
    problems: sheet.problems,
  };
  await jobs.pruneJobs(db, user.companyId);
  const row = await jobs.insertJob(db, {
    companyId: user.companyId,
    createdBy: user.id,
    fileName: file.fileName,
    headers: sheet.headers,
    suggestedMapping: suggestMapping(sheet.headers),
    sheet: JSON.stringify(stored),
    rowCount: sheet.rows.length,
    encodingNote: sheet.encodingNote,
  });
  return presentJob(row, runner);
}

export async function getImport(
  db: Db,
  runner: ImportRunner,
  user: SessionUser,
  id: number,
): Promise<ImportJob> {
  const row = await jobs.findJobSummary(db, user.companyId, id);
  if (!row) throw notFound('Import');
  return presentJob(await endOrphan(db, row), runner);
}

/**
 * A running job whose server stopped is ended as failed when it is read (the server's own
 * sweep ends it too, decision 0050): on the embedded engine, which only one process opens, any
 * other runner's job; on PostgreSQL, one without a heartbeat for a while. The clock here only
 * decides whether to ask; the database's clock decides.
 */
async function endOrphan(db: Db, row: jobs.JobSummaryRow): Promise<jobs.JobSummaryRow> {
  if (row.status !== 'running' || (row.runner !== null && ImportRunner.isLive(row.runner))) {
    return row;
  }
  const embedded = isEmbeddedEngine(db);
  const quietMs = Date.now() - (row.heartbeatAt?.getTime() ?? 0);
  if (!embedded && quietMs < jobs.STALE_AFTER_SECONDS * 1000) return row;
  const ended = await jobs.endStoppedJobs(db, {
    companyId: row.companyId,
    liveRunners: embedded ? ImportRunner.liveRunners() : null,
  });
  if (!ended.includes(row.id)) return row;
  return { ...row, status: 'failed', message: jobs.STOPPED_MESSAGE };
}

export async function listImports(
  db: Db,
  runner: ImportRunner,
  user: SessionUser,
): Promise<ImportJob[]> {
  const rows = await jobs.listJobSummaries(db, user.companyId, RECENT_JOBS);
  const current = await Promise.all(rows.map((r) => endOrphan(db, r)));
  return current.map((r) => presentJob(r, runner));
}

function checkMapping(mapping: ImportMapping, headers: readonly string[]): void {
  for (const column of importColumns) {
    const index = mapping[column];
    if (index !== null && index >= headers.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${IMPORT_COLUMNS[column].label} is mapped to column ${index + 1}, but the file has ${headers.length} columns.`,
      );
    }
  }
  if (mapping.vault_number === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Map a column to Vault number: it is the key that finds a vault again.',
    );
  }
}

async function loadJob(db: Db, user: SessionUser, id: number) {
  const job = await jobs.findJob(db, user.companyId, id);
  if (!job) throw notFound('Import');
  return job;
}

export async function previewImport(
  db: Db,
  user: SessionUser,
  id: number,
  options: ImportOptions,
): Promise<ImportPreview> {
  const job = await loadJob(db, user, id);
  checkMapping(options.mapping, job.headers);
  const sheet = JSON.parse(job.sheet) as StoredSheet;
  const read = readRows(sheet, options.mapping);
  const names = [...new Set(read.rows.map((r) => r.vaultNumber))];
  const [warehouses, fields, taken, vaults] = await Promise.all([
    repo.listWarehouses(db, user.companyId),
    repo.listFields(db, user.companyId),
    repo.listTakenPositions(db, user.companyId),
    repo.findVaultsByName(db, user.companyId, names),
  ]);
  const pallets =
    read.pallets.length === 0
      ? { planned: [], refusals: [] }
      : planPalletsOver(read.pallets, {
          warehouses,
          shelves: await repo.listShelves(db, user.companyId),
          pallets: await repo.listPallets(db, user.companyId),
        });
  const missing = missingWarehouses(
    read.rows,
    warehouses.map((w) => w.name),
  );
  const missingKeys = new Set(missing.map(warehouseKey));
  const simulated = options.create_missing_warehouses
    ? options.new_warehouses.filter((w) => missingKeys.has(warehouseKey(w.name)))
    : [];
  const {
    plan,
    fields: planFields,
    growth,
  } = planOver(read.rows, { warehouses, fields, taken, vaults }, simulated, {
    isCreatingMissing: options.create_missing_warehouses,
  });
  const contacts = contactsOver(
    plan,
    await repo.listCustomerContacts(db, user.companyId, contactNames(plan)),
  );
  const errors = [
    ...read.errors,
    ...plan.refusals.map(rowError),
    ...pallets.refusals.map(rowError),
  ].sort((a, b) => a.row - b.row);
  if (job.status === 'uploaded') await jobs.saveRefusals(db, user.companyId, id, errors);

  const errorByRow = new Map(errors.map((e) => [e.row, e]));
  const plannedByRow = new Map(plan.planned.map((p) => [p.row.row, p]));
  const palletByRow = new Map(pallets.planned.map((p) => [p.row.row, p]));
  const previewRows: PreviewRow[] = [];
  for (let i = 0; i < sheet.rows.length && previewRows.length < IMPORT_PREVIEW_ROWS; i++) {
    const n = sheet.rowNumbers[i] ?? i + 2;
    const p = plannedByRow.get(n);
    const error = errorByRow.get(n);
    const mapped = mappedCells(sheet.rows[i] ?? [], options.mapping);
    const cell = (column: ImportColumn) => mapped(column) ?? '';
    const field = p?.target ? planFields.get(p.target.fieldKey) : undefined;
    const pallet = palletByRow.get(n);
    previewRows.push(
      pallet
        ? {
            row: n,
            action: pallet.action,
            vault_number: pallet.row.palletNumber,
            customer: pallet.row.customerName,
            order: '',
            type: 'pallet',
            warehouse: pallet.row.warehouse,
            field: `Rack ${pallet.row.rack}, shelf ${pallet.row.shelf}`,
            position: pallet.slotIndex + 1,
            note: `${pallet.row.spaces} spaces`,
            ...EMPTY_IMPORT_CONTENTS,
            tags: '',
            error: null,
          }
        : p
          ? {
              row: n,
              action: p.action,
              vault_number: p.row.vaultNumber,
              customer: p.values.customerName,
              order: p.values.orderName ?? '',
              type: p.values.type,
              warehouse: field?.warehouseName ?? '',
              field: field?.name ?? 'stage',
              position: p.target?.position ?? null,
              note: p.values.note,
              ...p.values.contents,
              tags: formatTagRanges(p.values.tags),
              error: null,
            }
          : {
              row: n,
              action: 'refused',
              vault_number: cell('vault_number'),
              customer: cell('customer'),
              order: cell('order'),
              type: cell('type'),
              warehouse: cell('warehouse'),
              field: cell('field'),
              position: Number.parseInt(cell('position'), 10) || null,
              note: cell('note'),
              ...contentsAsFarAsRead(mapped),
              tags: [cell('lot'), cell('tags')].filter(Boolean).join(' '),
              error: error ? `${error.column}: ${error.reason}` : null,
            },
    );
  }
  const count = (action: string) =>
    plan.planned.filter((p) => p.action === action).length +
    pallets.planned.filter((p) => p.action === action).length;
  return {
    rows: previewRows,
    counts: {
      created: count('create'),
      updated: count('update') + count('move'),
      unchanged: count('unchanged'),
      refused: errors.length,
    },
    missing_warehouses: missing,
    missing_fields: missingFields(read.rows, warehouses, fields),
    growth: growth.map((g) => presentGrowth(g, 'planned')),
    errors: errors.slice(0, PREVIEW_ERRORS),
    contacts: contacts.map((c) => ({
      customer: c.customerName,
      phone: c.phone,
      email: c.email,
      address: c.address,
    })),
  };
}

export async function startImport(
  db: Db,
  runner: ImportRunner,
  user: SessionUser,
  id: number,
  options: ImportOptions,
): Promise<ImportJob> {
  const job = await loadJob(db, user, id);
  checkMapping(options.mapping, job.headers);
  // Taken before the claim, so a sweep never finds this job running without its lock held.
  const lock = await jobs.holdRunLock(db, id);
  let started: ImportJob;
  try {
    if (!(await jobs.claimJob(db, user.companyId, id, runner.id, options))) {
      throw new AppError(
        'IMPORT_NOT_STARTABLE',
        'This import has already been started. Upload the file again to import it once more.',
      );
    }
    // Answered before the run begins, so it shows the job as just started (rows done 0), not
    // wherever the run's first steps have got to.
    started = await getImport(db, runner, user, id);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  runner.start(job, user, options, lock);
  return started;
}

export async function cancelImport(
  db: Db,
  runner: ImportRunner,
  user: SessionUser,
  id: number,
): Promise<ImportJob> {
  const job = await jobs.findJobSummary(db, user.companyId, id);
  if (!job) throw notFound('Import');
  if (job.status !== 'running') {
    throw new AppError('IMPORT_NOT_STARTABLE', 'Only a running import can be cancelled.');
  }
  // The instance running it stops at its next step; another instance only leaves the request.
  runner.cancel(user.companyId, id);
  await jobs.requestCancel(db, user.companyId, id);
  return getImport(db, runner, user, id);
}

/**
 * A new job over the same stored file as an ended one, mapped as that one was: a job whose
 * server stopped, or that was cancelled or refused, starts again without a new upload.
 */
export async function importAgain(
  db: Db,
  runner: ImportRunner,
  user: SessionUser,
  id: number,
): Promise<ImportJob> {
  const job = await loadJob(db, user, id);
  if (job.status === 'uploaded' || job.status === 'running') {
    throw new AppError(
      'IMPORT_NOT_STARTABLE',
      'This import has not ended yet; it can be started again once it has.',
    );
  }
  const mapping = (job.options as { mapping?: ImportMapping } | null)?.mapping;
  const row = await jobs.insertJob(db, {
    companyId: user.companyId,
    createdBy: user.id,
    fileName: job.fileName,
    headers: job.headers,
    suggestedMapping: mapping ?? job.suggestedMapping,
    sheet: job.sheet,
    rowCount: job.rowCount,
    encodingNote: job.encodingNote,
  });
  return presentJob(row, runner);
}

/** The refused rows with the file's own columns and an added "error" column. */
export async function refusedRowsCsv(
  db: Db,
  user: SessionUser,
  id: number,
): Promise<{ fileName: string; body: Readable }> {
  const job = await loadJob(db, user, id);
  const sheet = JSON.parse(job.sheet) as StoredSheet;
  const reasons = new Map<number, string[]>();
  for (const e of job.refused) {
    reasons.set(e.row, [
      ...(reasons.get(e.row) ?? []),
      `Row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.reason}`,
    ]);
  }
  function* lines(): Generator<string> {
    yield CSV_BOM + csvRow([...job.headers, 'error']);
    for (let i = 0; i < sheet.rows.length; i++) {
      const why = reasons.get(sheet.rowNumbers[i] ?? i + 2);
      if (!why) continue;
      const cells = job.headers.map((_, c) => sheet.rows[i]?.[c] ?? '');
      yield csvRow([...cells, why.join(' ')]);
    }
  }
  // Header-safe: the stored name may hold quotes or letters a header cannot carry.
  const base = job.fileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '_') || 'import';
  return { fileName: `${base}-refused.csv`, body: Readable.from(lines()) };
}

/**
 * The server's sweep, at start and then periodically: ends every company's jobs whose server
 * stopped (decision 0050) and drops the rows they had staged.
 */
export async function sweepStoppedImports(db: Db): Promise<void> {
  await jobs.endStoppedJobs(db, {
    companyId: null,
    liveRunners: isEmbeddedEngine(db) ? ImportRunner.liveRunners() : null,
  });
  await jobs.endUnheldJobs(db, null);
  await repo.dropOrphanedStaged(db);
}

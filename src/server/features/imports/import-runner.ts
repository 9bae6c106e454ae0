import crypto from 'node:crypto';
import type { SessionUser } from '../../../contracts/auth';
import type { ImportCounts, ImportOptions, ImportRowError } from '../../../contracts/imports';
import { warehouseKey, type PlannedRow } from '../../../domain/import-plan';
import { slugify } from '../../../domain/slug';
import { isEmbeddedEngine, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { insertWarehouseWithFields } from '../../db/warehouse-rows';
import {
  missingWarehouses,
  planOver,
  planPalletsOver,
  readRows,
  rowError,
  type StoredSheet,
} from './import-plan-state';
import * as jobs from './import-jobs.repository';
import * as repo from './imports.repository';

/** Rows per bulk statement: progress and cancelling are checked between them. */
const CHUNK_ROWS = 5000;
/** The history event kind of a vault an import created, moved or changed. */

class Cancelled extends Error {}
class Refused extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super('refused');
  }
}

interface Running {
  companyId: number;
  rowsDone: number;
  rowsRefused: number;
  isCancelled: boolean;
  done: Promise<void>;
}

export interface RunProgress {
  rowsDone: number;
  rowsRefused: number;
  cancelRequested: boolean;
}

/**
 * Runs imports in the background of this server instance (decision 0043). The job row says
 * which instance took it (`runner`); only that one runs it, in one transaction, so a refused
 * row or a cancel leaves nothing behind. Progress is kept here between bulk statements, and
 * on PostgreSQL also written to the job row beside the transaction for other instances; the
 * embedded engine has one session, held by the transaction, so there it is answered from here.
 */
export class ImportRunner {
  readonly id = crypto.randomUUID();
  private readonly running = new Map<number, Running>();

  constructor(private readonly db: Db) {}

  progressOf(companyId: number, jobId: number): RunProgress | null {
    const run = this.running.get(jobId);
    if (!run || run.companyId !== companyId) return null;
    return {
      rowsDone: run.rowsDone,
      rowsRefused: run.rowsRefused,
      cancelRequested: run.isCancelled,
    };
  }

  /** Marks a job of this instance cancelled; false when this instance does not run it. */
  cancel(companyId: number, jobId: number): boolean {
    const run = this.running.get(jobId);
    if (!run || run.companyId !== companyId) return false;
    run.isCancelled = true;
    return true;
  }

  start(
    job: { id: number; fileName: string; sheet: string },
    user: SessionUser,
    options: ImportOptions,
  ): void {
    const run: Running = {
      companyId: user.companyId,
      rowsDone: 0,
      rowsRefused: 0,
      isCancelled: false,
      done: Promise.resolve(),
    };
    this.running.set(job.id, run);
    run.done = this.execute(job, user, options, run)
      .catch(() => undefined)
      .finally(() => this.running.delete(job.id));
  }

  /** Cancels what runs here and waits for it to end, so the database can close after. */
  async stop(): Promise<void> {
    for (const run of this.running.values()) run.isCancelled = true;
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private async execute(
    job: { id: number; fileName: string; sheet: string },
    user: SessionUser,
    options: ImportOptions,
    run: Running,
  ): Promise<void> {
    const companyId = user.companyId;
    const finish = (end: Omit<Parameters<typeof jobs.finishJob>[3], 'rowsDone' | 'rowsRefused'>) =>
      jobs.finishJob(this.db, companyId, job.id, {
        ...end,
        rowsDone: run.rowsDone,
        rowsRefused: run.rowsRefused,
      });
    try {
      const { counts, errors } = await this.importRows(job, user, options, run);
      await finish({ status: 'done', result: counts, message: null, refused: errors });
    } catch (error) {
      if (error instanceof Cancelled) {
        await finish({ status: 'cancelled', result: null, message: 'The import was cancelled.' });
      } else if (error instanceof Refused) {
        run.rowsRefused = error.errors.length;
        await finish({
          status: 'refused',
          result: null,
          refused: error.errors,
          message: `${error.errors.length} rows were refused, so nothing was imported. Fix them from the error file, or choose "import the valid rows".`,
        });
      } else {
        const message =
          error instanceof AppError
            ? error.message
            : isUniqueViolation(error)
              ? 'A vault with one of these numbers was placed or added meanwhile; nothing was imported. Import the file again.'
              : 'The import failed; nothing was imported.';
        await finish({ status: 'failed', result: null, message });
      }
    }
  }

  private async importRows(
    job: { id: number; fileName: string; sheet: string },
    user: SessionUser,
    options: ImportOptions,
    run: Running,
  ): Promise<{ counts: ImportCounts; errors: ImportRowError[] }> {
    const companyId = user.companyId;
    const sheet = JSON.parse(job.sheet) as StoredSheet;
    const read = readRows(sheet, options.mapping);
    // The job row is written only beside the transaction, never in it: a row the transaction
    // held would make the progress write beside it wait for the transaction, which waits on it.
    const reportBeside = !isEmbeddedEngine(this.db);
    const checkpoint = async (rowsDone: number) => {
      run.rowsDone = rowsDone;
      if (reportBeside) {
        await jobs.saveProgress(this.db, companyId, job.id, {
          rowsDone,
          rowsRefused: run.rowsRefused,
        });
        if (await jobs.isCancelRequested(this.db, companyId, job.id)) run.isCancelled = true;
      }
      if (run.isCancelled) throw new Cancelled();
    };
    await checkpoint(0);

    return this.db.transaction(async (tx) => {
      if (options.create_missing_warehouses) {
        await createWarehouses(tx, companyId, read.rows, options);
      }
      await repo.lockCompanyWarehouses(tx, companyId);
      const names = [...new Set(read.rows.map((r) => r.vaultNumber))];
      await repo.lockVaultsByName(tx, companyId, names);
      const vaults = await repo.findVaultsByName(tx, companyId, names);
      const [warehouses, fields] = await Promise.all([
        repo.listWarehouses(tx, companyId),
        repo.listFields(tx, companyId),
      ]);
      const named = new Set(
        read.rows.flatMap((r) =>
          r.place.kind === 'field' ? [warehouseKey(r.place.warehouse)] : [],
        ),
      );
      const namedWarehouseIds = new Set(
        warehouses.filter((w) => named.has(warehouseKey(w.name))).map((w) => w.id),
      );
      const involved = new Set(
        fields.filter((f) => namedWarehouseIds.has(f.warehouse_id)).map((f) => f.id),
      );
      for (const v of vaults) if (v.field_id !== null) involved.add(v.field_id);
      await repo.lockFields(
        tx,
        companyId,
        [...involved].sort((a, b) => a - b),
      );
      const taken = await repo.listTakenPositions(tx, companyId);
      const { plan, fields: planFields } = planOver(
        read.rows,
        { warehouses, fields, taken, vaults },
        [],
        options.create_missing_warehouses,
      );
      const pallets = await planPalletsLocked(tx, companyId, read.pallets, warehouses);
      const errors = [
        ...read.errors,
        ...plan.refusals.map(rowError),
        ...pallets.refusals.map(rowError),
      ].sort((a, b) => a.row - b.row);
      run.rowsRefused = errors.length;
      if (errors.length > 0 && !options.import_valid_rows) throw new Refused(errors);

      const placeOf = (target: PlannedRow['target']) => {
        if (!target) return null;
        const f = planFields.get(target.fieldKey);
        return f ? { warehouse: f.warehouseName, field: f.name, position: target.position } : null;
      };
      const fieldIdOf = (target: PlannedRow['target']) =>
        target ? (planFields.get(target.fieldKey)?.id ?? null) : null;
      const fromOf = (p: PlannedRow) =>
        p.existing?.fieldKey && p.existing.position !== null
          ? placeOf({ fieldKey: p.existing.fieldKey, position: p.existing.position })
          : null;

      const writes = plan.planned.filter((p) => p.action !== 'unchanged');
      const newPallets = pallets.planned.filter((p) => p.action === 'create');
      const customers = await repo.upsertNames(tx, 'customers', companyId, [
        ...new Set([
          ...writes.map((p) => p.values.customerName),
          ...newPallets.map((p) => p.row.customerName),
        ]),
      ]);
      const orders = await repo.upsertNames(tx, 'orders', companyId, [
        ...new Set(writes.flatMap((p) => (p.values.orderName ? [p.values.orderName] : []))),
      ]);
      await repo.liftVaults(
        tx,
        companyId,
        writes.flatMap((p) => (p.action === 'move' && p.existing?.fieldKey ? [p.existing.id] : [])),
      );

      await repo.insertPallets(
        tx,
        companyId,
        newPallets.map((p) => ({
          shelf_id: p.shelfId,
          customer_id: customers.get(p.row.customerName) ?? 0,
          pallet_number: p.row.palletNumber,
          shelf_spots: p.row.spaces,
          slot_index: p.slotIndex,
        })),
      );
      let done = plan.planned.length - writes.length + pallets.planned.length;
      await checkpoint(done);
      for (let i = 0; i < writes.length; i += CHUNK_ROWS) {
        const chunk = writes.slice(i, i + CHUNK_ROWS);
        const toWrite = chunk.map((p) => ({
          id: p.existing?.id,
          name: p.row.vaultNumber,
          customer_id: customers.get(p.values.customerName) ?? 0,
          order_id: p.values.orderName ? (orders.get(p.values.orderName) ?? null) : null,
          type: p.values.type,
          note: p.values.note,
          field_id: fieldIdOf(p.target),
          position: p.target?.position ?? null,
        }));
        await repo.updateVaults(
          tx,
          companyId,
          toWrite.filter((w) => w.id !== undefined),
        );
        const created = await repo.insertVaults(
          tx,
          companyId,
          toWrite.filter((w) => w.id === undefined),
        );
        await repo.insertEvents(tx, {
          companyId,
          actorUserId: user.id,
          actorEmail: user.email,
          events: chunk.map((p) => ({
            vault_id: p.existing?.id ?? created.get(p.row.vaultNumber) ?? 0,
            vault_name: p.row.vaultNumber,
            details: {
              import_id: job.id,
              file_name: job.fileName,
              row: p.row.row,
              action: p.action === 'create' ? 'created' : p.action === 'move' ? 'moved' : 'updated',
              from: p.action === 'create' ? null : fromOf(p),
              to: placeOf(p.target),
              customer_name: p.values.customerName,
              order_name: p.values.orderName,
              type: p.values.type,
            },
          })),
        });
        done += chunk.length;
        await checkpoint(done);
      }
      const count = (action: PlannedRow['action']) =>
        plan.planned.filter((p) => p.action === action).length;
      const counts = {
        created: count('create') + newPallets.length,
        updated: count('update') + count('move'),
        unchanged: count('unchanged') + pallets.planned.length - newPallets.length,
        refused: errors.length,
      };
      return { counts, errors };
    });
  }
}

/** Plans the pallet rows with the shelves they name locked, as adding a pallet locks its shelf. */
async function planPalletsLocked(
  tx: Db,
  companyId: number,
  rows: Parameters<typeof planPalletsOver>[0],
  warehouses: readonly repo.WarehouseRow[],
) {
  if (rows.length === 0) return { planned: [], refusals: [] };
  const shelves = await repo.listShelves(tx, companyId);
  const first = planPalletsOver(rows, { warehouses, shelves, pallets: [] });
  await repo.lockShelves(
    tx,
    companyId,
    [...new Set(first.planned.map((p) => p.shelfId))].sort((a, b) => a - b),
  );
  return planPalletsOver(rows, {
    warehouses,
    shelves,
    pallets: await repo.listPallets(tx, companyId),
  });
}

async function createWarehouses(
  tx: Db,
  companyId: number,
  rows: Parameters<typeof missingWarehouses>[0],
  options: ImportOptions,
): Promise<void> {
  const existing = await repo.listWarehouses(tx, companyId);
  const missing = new Set(
    missingWarehouses(
      rows,
      existing.map((w) => w.name),
    ).map(warehouseKey),
  );
  for (const spec of options.new_warehouses) {
    if (!missing.has(warehouseKey(spec.name))) continue;
    try {
      await insertWarehouseWithFields(tx, {
        companyId,
        name: spec.name.trim(),
        slug: slugify(spec.name),
        rows: spec.rows,
        cols: spec.cols,
        fieldCapacity: spec.field_capacity,
        // Ten feet a column and a row, until staff draw the floor plan.
        length: spec.cols * 10,
        width: spec.rows * 10,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(
          'WAREHOUSE_NAME_TAKEN',
          `A warehouse named ${spec.name} (or with the same web address) was created meanwhile; nothing was imported.`,
        );
      }
      throw error;
    }
  }
}

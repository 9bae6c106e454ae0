import crypto from 'node:crypto';
import type { SessionUser } from '../../../contracts/auth';
import type { ImportOptions, ImportRowError } from '../../../contracts/imports';
import { fieldKey, warehouseKey, type PlannedRow } from '../../../domain/import-plan';
import { createdWarehouseSentence } from '../../../domain/import-growth';
import { slugify } from '../../../domain/slug';
import type { Db, SessionLock } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { insertWarehouseWithFields } from '../../db/warehouse-rows';
import { growFieldGridIn } from '../fields/field-grid.service';
import {
  contactNames,
  contactsOver,
  missingWarehouses,
  planOver,
  planPalletsOver,
  presentGrowth,
  readRows,
  rowError,
  type StoredSheet,
} from './import-plan-state';
import * as jobs from './import-jobs.repository';
import * as repo from './imports.repository';

/** Rows per staging statement: a short step, after which other requests get the engine. */
const STAGE_ROWS = 2000;
/** How often a running job says it is alive, beside its steps (and its last transaction). */
const HEARTBEAT_MS = 10_000;

class Cancelled extends Error {}
/** The job was ended as stopped by a sweep (decision 0050): it is no longer this runner's. */
class Stopped extends Error {}
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
  isStopped: boolean;
  done: Promise<void>;
}

export interface RunProgress {
  rowsDone: number;
  rowsRefused: number;
  cancelRequested: boolean;
}

type Job = { id: number; fileName: string; sheet: string };

/**
 * Runs imports in the background of this server instance (decisions 0043 and 0050). The job
 * row says which instance took it (`runner`); only that one runs it. The rows are planned and
 * written to a staging table in short steps, each its own statement, so other requests are
 * answered between them (the embedded engine has one session) and progress and a cancel are
 * seen after each; then one short transaction takes the placement locks, plans again over
 * what the database holds under them, corrects the staged rows the plan changed, and writes
 * them all set-based together with the job's end. A refused row, a cancel or a failure drops
 * the staged rows and leaves the vaults as they were.
 */
export class ImportRunner {
  /** The runners of this process: on the embedded engine, any other runner's job is dead. */
  private static readonly live = new Set<string>();
  static liveRunners(): string[] {
    return [...ImportRunner.live];
  }
  static isLive(id: string): boolean {
    return ImportRunner.live.has(id);
  }

  readonly id = crypto.randomUUID();
  private readonly running = new Map<number, Running>();

  constructor(private readonly db: Db) {
    ImportRunner.live.add(this.id);
  }

  /** This runner's server closed: its jobs, if any were left, are no one's. */
  retire(): void {
    ImportRunner.live.delete(this.id);
  }

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

  /** Runs a claimed job; its run lock (decision 0465), if any, is released when the run ends. */
  start(job: Job, user: SessionUser, options: ImportOptions, lock: SessionLock | null): void {
    const run: Running = {
      companyId: user.companyId,
      rowsDone: 0,
      rowsRefused: 0,
      isCancelled: false,
      isStopped: false,
      done: Promise.resolve(),
    };
    this.running.set(job.id, run);
    run.done = this.execute(job, user, options, run)
      .catch(() => undefined)
      .finally(async () => {
        this.running.delete(job.id);
        await lock?.release();
      });
  }

  /** Cancels what runs here and waits for it to end, so the database can close after. */
  async stop(): Promise<void> {
    for (const run of this.running.values()) run.isCancelled = true;
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Records progress and liveness in the job row, and hears a cancel or a sweep from there. */
  private async beat(job: Job, run: Running): Promise<void> {
    const state = await jobs.beat(this.db, run.companyId, job.id, this.id, {
      rowsDone: run.rowsDone,
      rowsRefused: run.rowsRefused,
    });
    if (!state) run.isStopped = true;
    else if (state.cancelRequested) run.isCancelled = true;
  }

  private async execute(
    job: Job,
    user: SessionUser,
    options: ImportOptions,
    run: Running,
  ): Promise<void> {
    const companyId = user.companyId;
    const finish = (end: Omit<Parameters<typeof jobs.finishJob>[4], 'rowsDone' | 'rowsRefused'>) =>
      jobs.finishJob(this.db, companyId, job.id, this.id, {
        ...end,
        rowsDone: run.rowsDone,
        rowsRefused: run.rowsRefused,
      });
    // A heartbeat beside the steps, for the time one step or the last transaction takes.
    const heartbeat = setInterval(() => {
      this.beat(job, run).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await this.importRows(job, user, options, run);
    } catch (error) {
      if (error instanceof Stopped) return;
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
    } finally {
      clearInterval(heartbeat);
      await repo.dropStaged(this.db, companyId, job.id).catch(() => undefined);
    }
  }

  private async importRows(
    job: Job,
    user: SessionUser,
    options: ImportOptions,
    run: Running,
  ): Promise<void> {
    const companyId = user.companyId;
    const read = readRows(JSON.parse(job.sheet) as StoredSheet, options.mapping);
    const checkpoint = async (rowsDone: number) => {
      run.rowsDone = rowsDone;
      await this.beat(job, run);
      if (run.isStopped) throw new Stopped();
      if (run.isCancelled) throw new Cancelled();
    };
    await checkpoint(0);

    // The slow part, in short steps without locks: plan over what the database holds now and
    // stage the rows as they would be written. The last step checks this plan under the locks.
    const names = [...new Set(read.rows.map((r) => r.vaultNumber))];
    const now = await readState(this.db, companyId, names);
    const missing = new Set(
      missingWarehouses(
        read.rows,
        now.warehouses.map((w) => w.name),
      ).map(warehouseKey),
    );
    const first = planOver(
      read.rows,
      now,
      options.create_missing_warehouses
        ? options.new_warehouses.filter((w) => missing.has(warehouseKey(w.name)))
        : [],
      { isCreatingMissing: options.create_missing_warehouses },
    );
    const early = [...read.errors, ...first.plan.refusals.map(rowError)];
    run.rowsRefused = early.length;
    if (early.length > 0 && !options.import_valid_rows) throw new Refused(sortErrors(early));
    const staged = stagedRows(first, job);
    let done = first.plan.planned.length - staged.length;
    await checkpoint(done);
    for (let i = 0; i < staged.length; i += STAGE_ROWS) {
      const chunk = staged.slice(i, i + STAGE_ROWS);
      await repo.stageRows(this.db, companyId, job.id, chunk);
      done += chunk.length;
      await checkpoint(done);
    }
    await repo.analyzeStaged(this.db);
    await this.db.transaction((tx) =>
      this.land(tx, job, user, options, run, {
        read,
        staged,
        growing: new Set(first.growth.map((g) => g.warehouseId)),
      }),
    );
  }

  /** The one short transaction: locks, the plan made again under them, the writes, the end. */
  private async land(
    tx: Db,
    job: Job,
    user: SessionUser,
    options: ImportOptions,
    run: Running,
    step: {
      read: ReturnType<typeof readRows>;
      staged: readonly repo.StagedRow[];
      /** Warehouses whose grid the plan without locks grows: locked exclusively. */
      growing: ReadonlySet<number>;
    },
  ): Promise<void> {
    const companyId = user.companyId;
    const { read } = step;
    const created = options.create_missing_warehouses
      ? await createWarehouses(tx, companyId, read.rows, options)
      : [];
    await repo.lockCompanyWarehouses(tx, companyId, step.growing);
    const names = [...new Set(read.rows.map((r) => r.vaultNumber))];
    await repo.lockVaultsByName(tx, companyId, names);
    const vaults = await repo.findVaultsByName(tx, companyId, names);
    const [warehouses, fields] = await Promise.all([
      repo.listWarehouses(tx, companyId),
      repo.listFields(tx, companyId),
    ]);
    const named = new Set(
      read.rows.flatMap((r) => (r.place.kind === 'field' ? [warehouseKey(r.place.warehouse)] : [])),
    );
    const namedWarehouseIds = new Set(
      warehouses.filter((w) => named.has(warehouseKey(w.name))).map((w) => w.id),
    );
    const involved = new Set(
      fields.filter((f) => namedWarehouseIds.has(f.warehouse_id)).map((f) => f.id),
    );
    for (const v of vaults) if (v.field_id !== null) involved.add(v.field_id);
    await repo.lockInIdOrder(
      tx,
      'fields',
      companyId,
      [...involved].sort((a, b) => a - b),
    );
    const taken = await repo.listTakenPositions(tx, companyId);
    const planned = planOver(read.rows, { warehouses, fields, taken, vaults }, [], {
      isCreatingMissing: options.create_missing_warehouses,
      growable: step.growing,
    });
    const pallets = await planPalletsLocked(tx, companyId, read.pallets, warehouses);
    const errors = sortErrors([
      ...read.errors,
      ...planned.plan.refusals.map(rowError),
      ...pallets.refusals.map(rowError),
    ]);
    run.rowsRefused = errors.length;
    if (errors.length > 0 && !options.import_valid_rows) throw new Refused(errors);

    // What changed since the rows were staged (usually nothing) is staged again.
    const rows = stagedRows(planned, job);
    const before = new Map(step.staged.map((r) => [r.sheet_row, JSON.stringify(r)]));
    const changed = rows.filter((r) => before.get(r.sheet_row) !== JSON.stringify(r));
    const kept = new Set(rows.map((r) => r.sheet_row));
    await repo.unstageRows(tx, companyId, job.id, [
      ...changed.flatMap((r) => (before.has(r.sheet_row) ? [r.sheet_row] : [])),
      ...step.staged.flatMap((r) => (kept.has(r.sheet_row) ? [] : [r.sheet_row])),
    ]);
    await repo.stageRows(tx, companyId, job.id, changed);

    // Grids grow in the same transaction, through the grid change staff make on the warehouse
    // page: a refusal or cancel above, or a failure below, leaves them as they were.
    for (const g of planned.growth) {
      const grid = { warehouse_id: g.warehouseId, warehouse_rows: g.from.rows };
      if (g.addedColumns.length > 0) {
        await growFieldGridIn(tx, companyId, {
          ...grid,
          direction: 'right',
          count: g.addedColumns.length,
          warehouse_cols: g.from.cols,
        });
      }
      if (g.addedRows.length > 0) {
        await growFieldGridIn(tx, companyId, {
          ...grid,
          direction: 'bottom',
          count: g.addedRows.length,
          warehouse_cols: g.to.cols,
        });
      }
    }
    const fieldIdOf = new Map(
      [...planned.keyOfField].map(([id, key]) => [stagedKey(key), id] as const),
    );
    if (planned.growth.length > 0) {
      const name = new Map(warehouses.map((w) => [w.id, w.name]));
      for (const f of await repo.listFields(tx, companyId)) {
        const w = name.get(f.warehouse_id);
        if (w !== undefined) fieldIdOf.set(stagedKey(fieldKey(w, f.name)), f.id);
      }
    }
    const targets = new Set(rows.flatMap((r) => (r.target_key === null ? [] : [r.target_key])));
    await repo.applyStaged(tx, {
      companyId,
      jobId: job.id,
      fieldIds: [...targets].flatMap((key) => {
        const id = fieldIdOf.get(key);
        return id === undefined ? [] : [{ key, id }];
      }),
      actorUserId: user.id,
      actorEmail: user.email,
      hasTags: rows.some((r) => r.tags !== null),
    });
    const contactsStored = await repo.listCustomerContacts(
      tx,
      companyId,
      contactNames(planned.plan),
    );
    await repo.addMissingContacts(tx, companyId, contactsOver(planned.plan, contactsStored));

    const newPallets = pallets.planned.filter((p) => p.action === 'create');
    const customers = await repo.upsertNames(tx, 'customers', companyId, [
      ...new Set(newPallets.map((p) => p.row.customerName)),
    ]);
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
    const count = (action: PlannedRow['action']) =>
      planned.plan.planned.filter((p) => p.action === action).length;
    run.rowsDone = planned.plan.planned.length + pallets.planned.length;
    // Asked last, after the writes: a cancel that came at any time before the commit keeps
    // nothing of the import, grown grids included.
    if (run.isCancelled || (await jobs.isCancelRequested(tx, companyId, job.id))) {
      throw new Cancelled();
    }
    // The job ends in the same transaction as its rows: a sweep that ended it meanwhile (its
    // server seemed stopped) makes it keep nothing, as that sweep told the user.
    const isMine = await jobs.finishJob(tx, companyId, job.id, this.id, {
      status: 'done',
      result: {
        created: count('create') + newPallets.length,
        updated: count('update') + count('move'),
        unchanged: count('unchanged') + pallets.planned.length - newPallets.length,
        refused: errors.length,
        // What the floor plan became, told as the preview told it (decision 0098).
        growth: planned.growth.map((g) => presentGrowth(g, 'done')),
        created_warehouses: created.map((w) => ({
          warehouse: w.name,
          cols: w.cols,
          rows: w.rows,
          fields_added: w.cols * w.rows,
          sentence: createdWarehouseSentence(w.name, w),
        })),
      },
      message: null,
      refused: errors,
      rowsDone: run.rowsDone,
      rowsRefused: errors.length,
    });
    if (!isMine) throw new Stopped();
  }
}

/** A field's key as staged: JSON text cannot hold the NUL that joins a `fieldKey`. */
const stagedKey = (fieldKey: string) => JSON.stringify(fieldKey.split('\u0000'));

const sortErrors = (errors: ImportRowError[]) => errors.sort((a, b) => a.row - b.row);

/** What the plan is made over, read without locks for the staging steps. */
async function readState(db: Db, companyId: number, names: readonly string[]) {
  const warehouses = await repo.listWarehouses(db, companyId);
  const fields = await repo.listFields(db, companyId);
  const taken = await repo.listTakenPositions(db, companyId);
  const vaults = await repo.findVaultsByName(db, companyId, names);
  return { warehouses, fields, taken, vaults };
}

/** The rows a plan writes, as staged: each with its history event's details. */
function stagedRows(planned: ReturnType<typeof planOver>, job: Job): repo.StagedRow[] {
  const placeOf = (target: PlannedRow['target']) => {
    if (!target) return null;
    const f = planned.fields.get(target.fieldKey);
    return f ? { warehouse: f.warehouseName, field: f.name, position: target.position } : null;
  };
  return planned.plan.planned.flatMap((p): repo.StagedRow[] => {
    if (p.action === 'unchanged') return [];
    const from =
      p.action !== 'create' && p.existing?.fieldKey && p.existing.position !== null
        ? placeOf({ fieldKey: p.existing.fieldKey, position: p.existing.position })
        : null;
    return [
      {
        sheet_row: p.row.row,
        name: p.row.vaultNumber,
        vault_id: p.existing?.id ?? null,
        customer_name: p.values.customerName,
        order_name: p.values.orderName,
        type: p.values.type,
        note: p.values.note,
        ...p.values.contents,
        tags: p.row.contents?.tags === undefined ? null : p.values.tags,
        target_key: p.target ? stagedKey(p.target.fieldKey) : null,
        position: p.target?.position ?? null,
        lift: p.action === 'move' && Boolean(p.existing?.fieldKey),
        details: {
          import_id: job.id,
          file_name: job.fileName,
          row: p.row.row,
          action: p.action === 'create' ? 'created' : p.action === 'move' ? 'moved' : 'updated',
          from,
          to: placeOf(p.target),
          customer_name: p.values.customerName,
          order_name: p.values.orderName,
          type: p.values.type,
        },
      },
    ];
  });
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
  await repo.lockInIdOrder(
    tx,
    'shelves',
    companyId,
    [...new Set(first.planned.map((p) => p.shelfId))].sort((a, b) => a - b),
  );
  return planPalletsOver(rows, {
    warehouses,
    shelves,
    pallets: await repo.listPallets(tx, companyId),
  });
}

/** Creates the missing warehouses the user gave sizes for; answers those it created. */
async function createWarehouses(
  tx: Db,
  companyId: number,
  rows: Parameters<typeof missingWarehouses>[0],
  options: ImportOptions,
): Promise<{ name: string; cols: number; rows: number }[]> {
  const created: { name: string; cols: number; rows: number }[] = [];
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
      created.push({ name: spec.name.trim(), cols: spec.cols, rows: spec.rows });
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
  return created;
}

import { and, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { holdAdvisoryLock, whileUnheld, type Db } from '../../db/client';
import { importJobs } from '../../db/schema/imports';

// The job rows of imports: what was uploaded, how far a run is, how it ended (decision 0043).

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertJob(
  db: Db,
  params: Pick<
    ImportJobRow,
    | 'companyId'
    | 'createdBy'
    | 'fileName'
    | 'headers'
    | 'suggestedMapping'
    | 'sheet'
    | 'rowCount'
    | 'encodingNote'
  >,
): Promise<ImportJobRow> {
  const [row] = await db.insert(importJobs).values(params).returning();
  if (!row) throw new Error('Import job insert returned nothing');
  return row;
}

/** Old jobs (and the files they hold) go after a week; a running one is never removed. */
export async function pruneJobs(db: Db, companyId: number): Promise<void> {
  await db
    .delete(importJobs)
    .where(
      and(
        eq(importJobs.companyId, companyId),
        lt(importJobs.createdAt, sql`now() - interval '7 days'`),
        sql`${importJobs.status} <> 'running'`,
      ),
    );
}

/** A job without its file, for status answers. */
const jobColumns = {
  id: importJobs.id,
  companyId: importJobs.companyId,
  fileName: importJobs.fileName,
  status: importJobs.status,
  headers: importJobs.headers,
  suggestedMapping: importJobs.suggestedMapping,
  rowCount: importJobs.rowCount,
  encodingNote: importJobs.encodingNote,
  runner: importJobs.runner,
  rowsDone: importJobs.rowsDone,
  rowsRefused: importJobs.rowsRefused,
  cancelRequested: importJobs.cancelRequested,
  result: importJobs.result,
  message: importJobs.message,
  createdAt: importJobs.createdAt,
  heartbeatAt: importJobs.heartbeatAt,
};
export type JobSummaryRow = NonNullable<Awaited<ReturnType<typeof findJobSummary>>>;

export async function findJobSummary(db: Db, companyId: number, id: number) {
  const rows = await db
    .select(jobColumns)
    .from(importJobs)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listJobSummaries(db: Db, companyId: number, limit: number) {
  return db
    .select(jobColumns)
    .from(importJobs)
    .where(eq(importJobs.companyId, companyId))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(limit);
}

export async function findJob(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Takes an uploaded job for this instance; null when it was already taken or has ended. */
export async function claimJob(
  db: Db,
  companyId: number,
  id: number,
  runner: string,
  options: Record<string, unknown>,
) {
  const rows = await db
    .update(importJobs)
    .set({
      status: 'running',
      runner,
      options,
      rowsDone: 0,
      rowsRefused: 0,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(importJobs.companyId, companyId),
        eq(importJobs.id, id),
        eq(importJobs.status, 'uploaded'),
      ),
    )
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

export async function saveRefusals(
  db: Db,
  companyId: number,
  id: number,
  refused: ImportJobRow['refused'],
): Promise<void> {
  await db
    .update(importJobs)
    .set({ refused })
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)));
}

/** Who runs a job: only that runner's writes count while it runs. */
const runBy = (companyId: number, id: number, runner: string) =>
  and(
    eq(importJobs.companyId, companyId),
    eq(importJobs.id, id),
    eq(importJobs.status, 'running'),
    eq(importJobs.runner, runner),
  );

/**
 * Records progress and that the runner is alive; answers whether a cancel was asked, or null
 * when the job is no longer this runner's to run (a sweep ended it as stopped).
 */
export async function beat(
  db: Db,
  companyId: number,
  id: number,
  runner: string,
  progress: { rowsDone: number; rowsRefused: number },
): Promise<{ cancelRequested: boolean } | null> {
  const rows = await db
    .update(importJobs)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(runBy(companyId, id, runner))
    .returning({ cancelRequested: importJobs.cancelRequested });
  return rows[0] ?? null;
}

/** Ends a running job of this runner; false when it was no longer its to end. */
export async function finishJob(
  db: Db,
  companyId: number,
  id: number,
  runner: string,
  end: Pick<ImportJobRow, 'status' | 'result' | 'message' | 'rowsDone' | 'rowsRefused'> & {
    refused?: ImportJobRow['refused'];
  },
): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ ...end, finishedAt: sql`now()` })
    .where(runBy(companyId, id, runner))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** A running job without a heartbeat for this long was left by a server that stopped. */
export const STALE_AFTER_SECONDS = 60;
export const STOPPED_MESSAGE =
  'The server running this import stopped before it finished, so nothing of it was kept. Start it again.';

/**
 * Ends, as failed, the running jobs whose server stopped: no heartbeat for
 * `STALE_AFTER_SECONDS`, or (`liveRunners`, on the embedded engine, which only one process
 * opens) run by none of this process's runners. One guarded UPDATE, so several instances sweeping at once
 * end a job once, and a runner that still holds its job finds it ended and keeps nothing.
 * Every company's jobs when `companyId` is null (the server's own sweep, not a request).
 */
export async function endStoppedJobs(
  db: Db,
  params: { companyId: number | null; liveRunners: readonly string[] | null },
): Promise<number[]> {
  const stale = sql`(${importJobs.heartbeatAt} IS NULL OR ${importJobs.heartbeatAt} < now() - make_interval(secs => ${STALE_AFTER_SECONDS}))`;
  const rows = await db
    .update(importJobs)
    .set({ status: 'failed', message: STOPPED_MESSAGE, finishedAt: sql`now()` })
    .where(
      and(
        params.companyId === null ? undefined : eq(importJobs.companyId, params.companyId),
        eq(importJobs.status, 'running'),
        params.liveRunners
          ? or(
              stale,
              isNull(importJobs.runner),
              notInArray(importJobs.runner, [...params.liveRunners]),
            )
          : stale,
      ),
    )
    .returning({ id: importJobs.id });
  return rows.map((r) => r.id);
}

/** The advisory lock space of running jobs, beside the migration lock's single key. */
const RUN_LOCK_SPACE = 43;

/**
 * Held by the runner of job `id` from before it claims the job until the run ends
 * (decision 0465): while the job runs and no one holds it, its server is gone.
 */
export const holdRunLock = (db: Db, id: number) => holdAdvisoryLock(db, RUN_LOCK_SPACE, id);

/**
 * Ends, as failed, the running jobs whose run lock no one holds (PostgreSQL; decision 0465):
 * their server stopped, however recently. Every company's when `companyId` is null.
 */
export async function endUnheldJobs(db: Db, companyId: number | null): Promise<number[]> {
  const running = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(
      and(
        companyId === null ? undefined : eq(importJobs.companyId, companyId),
        eq(importJobs.status, 'running'),
      ),
    );
  const ended: number[] = [];
  await whileUnheld(
    db,
    RUN_LOCK_SPACE,
    running.map((r) => r.id),
    async (id) => {
      // Still running under the lock: its runner, which would hold the lock, is gone.
      const rows = await db
        .update(importJobs)
        .set({ status: 'failed', message: STOPPED_MESSAGE, finishedAt: sql`now()` })
        .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')))
        .returning({ id: importJobs.id });
      ended.push(...rows.map((r) => r.id));
    },
  );
  return ended;
}

export async function requestCancel(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .update(importJobs)
    .set({ cancelRequested: true })
    .where(
      and(
        eq(importJobs.companyId, companyId),
        eq(importJobs.id, id),
        eq(importJobs.status, 'running'),
      ),
    );
}

export async function isCancelRequested(db: Db, companyId: number, id: number) {
  const rows = await db
    .select({ cancel: importJobs.cancelRequested })
    .from(importJobs)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)));
  return rows[0]?.cancel ?? false;
}

import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
    .set({ status: 'running', runner, options, rowsDone: 0, rowsRefused: 0 })
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

export async function saveProgress(
  db: Db,
  companyId: number,
  id: number,
  progress: { rowsDone: number; rowsRefused: number },
): Promise<void> {
  await db
    .update(importJobs)
    .set(progress)
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)));
}

export async function finishJob(
  db: Db,
  companyId: number,
  id: number,
  end: Pick<ImportJobRow, 'status' | 'result' | 'message' | 'rowsDone' | 'rowsRefused'> & {
    refused?: ImportJobRow['refused'];
  },
): Promise<void> {
  await db
    .update(importJobs)
    .set({ ...end, finishedAt: sql`now()` })
    .where(and(eq(importJobs.companyId, companyId), eq(importJobs.id, id)));
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

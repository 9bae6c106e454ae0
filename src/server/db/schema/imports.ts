import type { ImportCounts, ImportJob } from '../../../contracts/imports';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A finished job's counts and what it did to the floor plan (decision 0098); jobs that ended
 * before the floor plan was recorded hold the counts alone.
 */
export type StoredImportResult = ImportCounts &
  Partial<Pick<ImportJob, 'growth' | 'created_warehouses'>>;

export const importJobs = pgTable('import_jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  fileName: text('file_name').notNull(),
  status: text('status', {
    enum: ['uploaded', 'running', 'done', 'refused', 'failed', 'cancelled'],
  })
    .notNull()
    .default('uploaded'),
  headers: jsonb('headers').$type<string[]>().notNull(),
  suggestedMapping: jsonb('suggested_mapping').$type<Record<string, number | null>>().notNull(),
  sheet: text('sheet').notNull(),
  rowCount: integer('row_count').notNull(),
  encodingNote: text('encoding_note'),
  options: jsonb('options').$type<Record<string, unknown>>(),
  runner: text('runner'),
  rowsDone: integer('rows_done').notNull().default(0),
  rowsRefused: integer('rows_refused').notNull().default(0),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  result: jsonb('result').$type<StoredImportResult>(),
  message: text('message'),
  refused: jsonb('refused')
    .$type<{ row: number; column: string; reason: string }[]>()
    .notNull()
    .default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
});

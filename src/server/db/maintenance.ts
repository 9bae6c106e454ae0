import fs from 'node:fs';
import path from 'node:path';
import type { PgliteWorkerPool } from './pglite-pool';

// PostgreSQL's autovacuum defaults (threshold 50 rows plus a share of the table), which the
// embedded engine lacks: past them a table is vacuumed, or only analyzed.
const VACUUM_SHARE = 0.2;
const ANALYZE_SHARE = 0.1;
const BASE_THRESHOLD = 50;

export interface TableCounters {
  table: string;
  liveRows: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
}

export interface MaintenanceStep {
  table: string;
  action: 'vacuum' | 'analyze' | 'checkpoint';
  /** How long the step held the engine. */
  ms: number;
}

export interface EngineStatus {
  engine: 'pglite' | 'postgres';
  /** Bytes on disk: the data folder (embedded) or the database (PostgreSQL); null in memory. */
  sizeBytes: number | null;
  liveRows: number;
  deadRows: number;
  deadRowRatio: number;
  lastMaintenance: { at: string; steps: MaintenanceStep[] } | null;
}

export const COUNTERS_SQL = `SELECT relname AS table, n_live_tup::int8 AS live, n_dead_tup::int8 AS dead,
  n_mod_since_analyze::int8 AS modified FROM pg_stat_user_tables ORDER BY relname`;

export function toCounters(rows: unknown[]): TableCounters[] {
  return (rows as { table: string; live: string; dead: string; modified: string }[]).map((r) => ({
    table: r.table,
    liveRows: Number(r.live),
    deadRows: Number(r.dead),
    modifiedSinceAnalyze: Number(r.modified),
  }));
}

export function summarize(counters: readonly TableCounters[]) {
  const liveRows = counters.reduce((n, t) => n + t.liveRows, 0);
  const deadRows = counters.reduce((n, t) => n + t.deadRows, 0);
  const total = liveRows + deadRows;
  return { liveRows, deadRows, deadRowRatio: total === 0 ? 0 : deadRows / total };
}

export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/** What maintenance the counters call for, per table. */
function planMaintenance(
  counters: readonly TableCounters[],
): { table: string; action: 'vacuum' | 'analyze' }[] {
  return counters.flatMap((t): { table: string; action: 'vacuum' | 'analyze' }[] => {
    if (t.deadRows > BASE_THRESHOLD + VACUUM_SHARE * t.liveRows)
      return [{ table: t.table, action: 'vacuum' }];
    if (t.modifiedSinceAnalyze > BASE_THRESHOLD + ANALYZE_SHARE * t.liveRows)
      return [{ table: t.table, action: 'analyze' }];
    return [];
  });
}

/**
 * Autovacuum for the embedded engine: reads PostgreSQL's own counters (PGlite keeps them but
 * flushes them only when asked) and vacuums or analyzes each table that needs it, one table
 * per turn on the engine, each turn taken only when no request is waiting.
 */
export class PgliteMaintenance {
  private running: Promise<MaintenanceStep[]> | null = null;
  private last: EngineStatus['lastMaintenance'] = null;
  /**
   * Rows written (counted by the pool) after which the counters are worth reading again: as
   * many as would make the database as a whole due for a vacuum.
   */
  checkAfterRows = BASE_THRESHOLD;

  constructor(
    private readonly pool: PgliteWorkerPool,
    private readonly dataDir: string | null,
    private readonly onDone: (status: EngineStatus) => void,
  ) {}

  private async whenIdle<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.pool.lock.acquireWhenIdle();
    try {
      return await work();
    } finally {
      release();
    }
  }

  async counters(): Promise<TableCounters[]> {
    // Counters reach the shared view when a statement ends after this request.
    await this.whenIdle(() => this.pool.run('SELECT pg_stat_force_next_flush()'));
    await this.whenIdle(() => this.pool.run('SELECT 1'));
    const counters = toCounters((await this.whenIdle(() => this.pool.run(COUNTERS_SQL))).rows);
    this.checkAfterRows = BASE_THRESHOLD + VACUUM_SHARE * summarize(counters).liveRows;
    return counters;
  }

  /** Runs a check now unless one is under way; resolves with what it did. */
  run(): Promise<MaintenanceStep[]> {
    this.running ??= this.check().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async check(): Promise<MaintenanceStep[]> {
    this.pool.rowsWritten = 0;
    const steps: MaintenanceStep[] = [];
    for (const { table, action } of planMaintenance(await this.counters())) {
      const sql = action === 'vacuum' ? `VACUUM (ANALYZE) "${table}"` : `ANALYZE "${table}"`;
      steps.push({ table, action, ms: await this.timed(sql) });
    }
    // Single-user PostgreSQL has no checkpointer: without one, write-ahead log piles up.
    if (steps.some((s) => s.action === 'vacuum')) {
      steps.push({ table: '', action: 'checkpoint', ms: await this.timed('CHECKPOINT') });
    }
    if (steps.length > 0) {
      this.last = { at: new Date().toISOString(), steps };
      this.onDone(await this.status());
    }
    return steps;
  }

  private async timed(sql: string): Promise<number> {
    return this.whenIdle(async () => {
      const started = performance.now();
      await this.pool.run(sql);
      return Math.round((performance.now() - started) * 10) / 10;
    });
  }

  async status(): Promise<EngineStatus> {
    return {
      engine: 'pglite',
      sizeBytes: this.dataDir ? folderBytes(this.dataDir) : null,
      ...summarize(await this.counters()),
      lastMaintenance: this.last,
    };
  }
}

import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrate, pendingMigrations, type SqlSession } from './migrate';
import { dumpPostgres } from '../backup/postgres-dump';
import { snapshotFromRows, type DumpSnapshot } from '../backup/dump-format';
import {
  COUNTERS_SQL,
  PgliteMaintenance,
  summarize,
  toCounters,
  type EngineStatus,
} from './maintenance';
import { PgliteConnection, PgliteWorkerPool } from './pglite-pool';
import { PgListener, type NotificationHandlers } from './pg-listener';

// Both engines go through the node-postgres driver, so repositories never know which runs.
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Size on disk and dead rows, for the status call and the maintenance log line. */
  status(): Promise<EngineStatus>;
  /** Vacuums and analyzes what needs it now (embedded engine; PostgreSQL's autovacuum does it). */
  maintain(): Promise<void>;
  /**
   * Hears NOTIFY payloads on `channel` from every instance's commits: one dedicated
   * connection on PostgreSQL (reconnecting), the embedded engine's own notifications otherwise.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<void>;
  /** The whole database as a plain SQL dump at `file`, with what it holds (decision 0440). */
  dump(file: string): Promise<DumpSnapshot>;
  close(): Promise<void>;
}

/** Dumps the database as it stands, for a backup taken before migrations change it. */
type BeforeMigrations = (dump: (file: string) => Promise<DumpSnapshot>) => Promise<void>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** In-memory PGlite, for tests that want a throwaway database. */
  inMemory?: boolean;
  /** Told after each maintenance run that did something (the server logs it). */
  onMaintenance?: (status: EngineStatus) => void;
  /**
   * Called when migrations are about to change an embedded database that already holds data.
   * PostgreSQL has its own tools for that moment (pg_dump, point-in-time recovery).
   */
  beforeMigrations?: BeforeMigrations;
}

// node-postgres hands int8 (ids, `count(*)`) over as strings, to be safe past 2^53, and both
// engines go through its parsers (the embedded one through its Pool facade). Ids and counts
// stay far below 2^53 (decision 0009), so they are answered as numbers. Global on purpose: Drizzle's node-postgres driver passes its own type
// table on every query and falls back to the global one, so a pool-level parser is ignored.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The longest any one statement may run on PostgreSQL before the server cancels it. */
const STATEMENT_TIMEOUT_MS = 30_000;
/** The embedded engine's counters are read at least this often, even without writes. */
const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    statement_timeout: STATEMENT_TIMEOUT_MS,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  try {
    await migrate({
      exec: async (sql) => void (await client.query(sql)),
      query: async (sql, params) => (await client.query(sql, params)).rows,
    });
  } finally {
    client.release();
  }
  // One listening connection for every channel of this instance (issue 13).
  const listener = new PgListener(databaseUrl);
  return {
    db: drizzle(pool) as unknown as Db,
    engine: 'postgres',
    async status() {
      const counters = toCounters((await pool.query(COUNTERS_SQL)).rows);
      const size = await pool.query<{ bytes: string }>(
        'SELECT pg_database_size(current_database())::int8 AS bytes',
      );
      return {
        engine: 'postgres',
        sizeBytes: Number(size.rows[0]?.bytes ?? 0),
        ...summarize(counters),
        lastMaintenance: null,
      };
    },
    maintain: async () => undefined,
    async listen(channel, handlers) {
      await listener.add(channel, handlers);
    },
    dump: (file) => dumpPostgres(databaseUrl, file),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** The engine opened on `folder` and its migrations applied. */
async function openMigrated(
  folder: string | null,
  options: DatabaseOptions,
): Promise<PgliteWorkerPool> {
  const pool = await PgliteWorkerPool.open(folder);
  let release = await pool.lock.acquire(Number.POSITIVE_INFINITY);
  try {
    const session: SqlSession = {
      exec: (sql) => pool.exec(sql),
      query: async (sql, params) => (await pool.run(sql, params)).rows as Record<string, unknown>[],
    };
    if (options.beforeMigrations && (await pendingMigrations(session)).length > 0) {
      release();
      try {
        await options.beforeMigrations(async (file) => snapshotFromRows(await pool.dumpTo(file)));
      } finally {
        release = await pool.lock.acquire(Number.POSITIVE_INFINITY);
      }
    }
    await migrate(session);
    // Statistics from the last run may be stale or missing; the planner misjudges every join
    // on a grown table without them (decision 0006).
    if (folder) await pool.exec('ANALYZE');
  } catch (error) {
    release();
    await pool.end();
    throw error;
  }
  release();
  return pool;
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const folder = options.inMemory ? null : path.join(options.dataDir, 'pglite');
  if (folder) fs.mkdirSync(folder, { recursive: true });
  const isNew = folder !== null && !fs.existsSync(path.join(folder, 'PG_VERSION'));
  let pool = await openMigrated(folder, options);
  if (isNew) {
    // Creating the database ran initdb in the engine's thread, and its WebAssembly memory
    // stays with that thread for good: a new thread holds only the engine (decision 0612).
    await pool.end();
    pool = await PgliteWorkerPool.open(folder);
  }

  let closed = false;
  const maintenance = new PgliteMaintenance(pool, folder, (status) => {
    if (!closed) options.onMaintenance?.(status);
  });
  const maintain = async () => {
    if (closed) return;
    await maintenance.run();
  };
  const runQuietly = () => {
    // A failed check is retried by the next one; it must never reach a request.
    maintain().catch(() => undefined);
  };
  pool.onWrite = () => {
    if (pool.rowsWritten >= maintenance.checkAfterRows) runQuietly();
  };
  const timer = setInterval(runQuietly, MAINTENANCE_INTERVAL_MS);
  timer.unref();

  const database: Database = {
    db: drizzle(pool as unknown as pg.Pool) as unknown as Db,
    engine: 'pglite',
    status: () => maintenance.status(),
    maintain,
    listen: (channel, handlers) => pool.listen(channel, handlers.payload),
    dump: async (file) => snapshotFromRows(await pool.dumpTo(file)),
    async close() {
      closed = true;
      clearInterval(timer);
      await pool.end();
    },
  };
  return database;
}

/** Raw SQL for the few queries the query builder cannot say; both drivers return `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The node-postgres pool behind `db` on PostgreSQL; null on the embedded engine. */
function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export interface SessionLock {
  release(): Promise<void>;
}

/**
 * Holds the advisory lock (`space`, `key`) until released, on a connection of its own beside
 * the pool, so long-held locks never take the pool's connections from requests. PostgreSQL
 * drops the lock with that connection, so when the process holding it dies. Null on the
 * embedded engine, which one process opens: there is no other process to tell.
 */
export async function holdAdvisoryLock(
  db: Db,
  space: number,
  key: number,
): Promise<SessionLock | null> {
  const pool = postgresPool(db);
  if (!pool) return null;
  const client = new pg.Client(pool.options);
  // A dropped connection must not crash the process; the lock went with it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1, $2)', [space, key]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { release: () => client.end().catch(() => undefined) };
}

/**
 * Runs `work` for each of `keys` whose advisory lock in `space` no session holds, while
 * holding it, so its holder cannot take it meanwhile. Nothing on the embedded engine.
 */
export async function whileUnheld(
  db: Db,
  space: number,
  keys: readonly number[],
  work: (key: number) => Promise<void>,
): Promise<void> {
  const pool = postgresPool(db);
  if (!pool || keys.length === 0) return;
  const client = await pool.connect();
  // A connection that failed midway may still hold a lock: it is closed, not reused.
  let failed = false;
  try {
    for (const key of keys) {
      const taken = await client.query<{ taken: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS taken',
        [space, key],
      );
      if (!taken.rows[0]?.taken) continue;
      try {
        await work(key);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [space, key]);
      }
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    client.release(failed);
  }
}

/**
 * Whether `db` (a database or a transaction) is the embedded engine, whose one session a
 * transaction holds until it ends: work beside a transaction (progress of a long import)
 * must then wait for it instead.
 */
export function isEmbeddedEngine(db: Db): boolean {
  const handle = db as unknown as { $client?: unknown; session?: { client?: unknown } };
  // A transaction keeps its connection in its session (Drizzle's node-postgres driver).
  return (
    handle.$client instanceof PgliteWorkerPool || handle.session?.client instanceof PgliteConnection
  );
}

import { migrations, type Migration } from './migrations/index';

export interface SqlSession {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

// Any fixed number works; it only has to be the same for every instance of Vaultgrid.
const MIGRATION_LOCK_KEY = 7_244_180_311;

/**
 * The migrations not yet applied to a database that already has some: empty for a new
 * database, which has nothing to back up before its first migrations.
 */
export async function pendingMigrations(
  session: SqlSession,
  list: readonly Migration[] = migrations,
): Promise<string[]> {
  const [found] = await session.query("SELECT to_regclass('public.schema_migrations') AS name");
  if (!found?.name) return [];
  const rows = await session.query('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((row) => String(row.name)));
  return list.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

// Runs on one connection under an advisory lock, so two instances starting at once
// apply each migration exactly once: the second waits, then finds nothing left to do.
export async function migrate(
  session: SqlSession,
  list: readonly Migration[] = migrations,
): Promise<string[]> {
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await session.query('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => String(row.name)));
    const done: string[] = [];
    for (const migration of list) {
      if (applied.has(migration.name)) continue;
      await session.exec('BEGIN');
      try {
        await session.exec(migration.sql);
        await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}

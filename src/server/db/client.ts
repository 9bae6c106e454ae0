import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrate, type SqlSession } from './migrate';

// Both drivers produce this one type, so repositories never know which engine they run on.
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** In-memory PGlite, for tests that want a throwaway database. */
  inMemory?: boolean;
}

// node-postgres hands int8 (ids, `count(*)`) over as strings, to be safe past 2^53; PGlite
// hands over numbers. Ids and counts stay far below 2^53 (decision 0009), so both engines
// answer numbers. Global on purpose: Drizzle's node-postgres driver passes its own type
// table on every query and falls back to the global one, so a pool-level parser is ignored.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
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
    return {
      db: drizzlePg(pool) as unknown as Db,
      engine: 'postgres',
      close: () => pool.end(),
    };
  }
  if (!options.inMemory) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: options.inMemory ? undefined : path.join(options.dataDir, 'pglite'),
    extensions: { pg_trgm },
  });
  await pglite.waitReady;
  const session: SqlSession = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows,
  };
  await migrate(session);
  // PGlite runs no autovacuum, so nothing else refreshes the planner's statistics; without
  // them it misjudges every join on a grown table. Once per start keeps them current enough.
  if (!options.inMemory) await pglite.exec('ANALYZE');
  return {
    db: drizzlePglite(pglite) as unknown as Db,
    engine: 'pglite',
    close: () => pglite.close(),
  };
}

/** Raw SQL for the few queries the query builder cannot say; both drivers return `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

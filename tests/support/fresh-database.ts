import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import type { SqlSession } from '../../src/server/db/migrate';

/**
 * A fresh, empty database on the engine under test, and a way to drop it: for migration tests,
 * which build the rows an older schema held and then migrate them.
 */
export async function freshDatabase(): Promise<{
  session: SqlSession;
  close: () => Promise<void>;
}> {
  const postgresUrl = inject('postgresUrl');
  if (!postgresUrl) {
    const pglite = new PGlite({ extensions: { pg_trgm } });
    await pglite.waitReady;
    return {
      session: {
        exec: async (sql) => void (await pglite.exec(sql)),
        query: async (sql, params) =>
          (await pglite.query<Record<string, unknown>>(sql, params)).rows,
      },
      close: () => pglite.close(),
    };
  }
  const name = `vaultgrid_migration_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    session: {
      exec: async (sql) => void (await client.query(sql)),
      query: async (sql, params) => (await client.query(sql, params)).rows,
    },
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  countRowsSql,
  DUMP_ARGS,
  MIGRATIONS_SQL,
  STORAGE_KEYS_SQL,
  TABLES_SQL,
  type DumpSnapshot,
} from './dump-format';

/** PostgreSQL's pg_dump: on the PATH, or the newest in Debian's versioned folders. */
function findPostgresProgram(name: string): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found: install PostgreSQL's client programs (postgresql-client).`,
  );
}

/**
 * The database at `databaseUrl` dumped to `file` by pg_dump. The row counts and file keys are
 * read in a transaction whose snapshot pg_dump then shares, so all three see the same data
 * however busy the database is.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<DumpSnapshot> {
  const program = findPostgresProgram('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id'))
      .rows[0]?.id;
    if (!snapshot) throw new Error('PostgreSQL exported no snapshot.');
    const tables = (await client.query<{ name: string }>(TABLES_SQL)).rows.map((t) => t.name);
    const counts = await client.query<{ name: string; rows: string }>(countRowsSql(tables));
    const keys = await client.query<{ key: string }>(STORAGE_KEYS_SQL);
    const applied = await client.query<{ name: string }>(MIGRATIONS_SQL);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        program,
        [...DUMP_ARGS, '--inserts', `--snapshot=${snapshot}`, '-f', file, '-d', databaseUrl],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_dump failed (${code}): ${errors.trim()}`)),
      );
    });
    await client.query('COMMIT');
    return {
      tables: Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.rows)])),
      fileKeys: keys.rows.map((r) => r.key),
      migrations: applied.rows.map((r) => r.name),
    };
  } finally {
    await client.end();
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readBackupFile } from '../../src/server/backup/backup-file';
import { loadConfig } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { openRuntime } from '../../src/server/runtime';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-pre-migration-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const last = migrations.at(-1)?.name ?? '';
const allButLast = migrations.slice(0, -1);

/**
 * An embedded data directory as the previous release left it: every migration but the last
 * applied, and a company with one user and one vault in it.
 */
async function dataDirOneMigrationBehind(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
  const pglite = new PGlite({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm },
  });
  try {
    const session = {
      exec: async (text: string) => void (await pglite.exec(text)),
      query: async (text: string, params?: unknown[]) =>
        (await pglite.query<Record<string, unknown>>(text, params)).rows,
    };
    await migrate(session, allButLast);
    const [company] = await session.query(
      `INSERT INTO companies (name, slug) VALUES ('Old Storage', 'old-storage') RETURNING id`,
    );
    await session.query(
      `INSERT INTO users (company_id, email, password_hash) VALUES ($1, 'old@example.com', 'x')`,
      [company?.id],
    );
    await session.query(`INSERT INTO vaults (company_id, name) VALUES ($1, 'V-1')`, [company?.id]);
  } finally {
    await pglite.close();
  }
  return dataDir;
}

const backupsIn = (dataDir: string) => {
  const folder = path.join(dataDir, 'backups');
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((n) => !n.startsWith('.')) : [];
};

// The server backs up only the embedded engine it holds; PostgreSQL has its own tools.
describe.skipIf(inject('postgresUrl'))('a start that migrates the embedded database', () => {
  it('first backs the database up as it stood, then migrates it', async () => {
    const dataDir = await dataDirOneMigrationBehind();
    const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir }), 'pre-migration test');
    try {
      const applied = await queryRows<{ name: string }>(
        runtime.database.db,
        sql`SELECT name FROM schema_migrations ORDER BY name`,
      );
      expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    } finally {
      await runtime.close();
    }

    const names = backupsIn(dataDir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^vaultgrid-.*-pre-migration\.tar\.gz$/);
    const { manifest } = await readBackupFile(path.join(dataDir, 'backups', names[0] ?? ''));
    expect(manifest.engine).toBe('pglite');
    expect(manifest.schema.migrations).toEqual(allButLast.map((m) => m.name));
    expect(manifest.schema.version).toBe(allButLast.at(-1)?.name);
    expect(manifest.schema.migrations).not.toContain(last);
    expect(manifest.tables).toMatchObject({ companies: 1, users: 1, vaults: 1 });
  }, 120_000);

  it('takes no such backup when nothing is pending, nor for a new data directory', async () => {
    const fresh = fs.mkdtempSync(path.join(scratch, 'fresh-'));
    const created = await openRuntime(loadConfig({ DATA_DIR: fresh }), 'pre-migration test');
    await created.close();
    expect(backupsIn(fresh)).toEqual([]);

    const dataDir = await dataDirOneMigrationBehind();
    const first = await openRuntime(loadConfig({ DATA_DIR: dataDir }), 'pre-migration test');
    await first.close();
    expect(backupsIn(dataDir)).toHaveLength(1);

    const again = await openRuntime(loadConfig({ DATA_DIR: dataDir }), 'pre-migration test');
    await again.close();
    expect(backupsIn(dataDir)).toHaveLength(1);
  }, 120_000);
});

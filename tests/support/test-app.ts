import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createDiskStorage } from '../../src/server/storage/storage';
import type { AppDeps } from '../../src/server/deps';
import { BackupKeeper } from '../../src/server/backup/backup-keeper';
import { folderPlace } from '../../src/server/backup/backup-places';
import { DEFAULT_RETENTION } from '../../src/domain/backup-retention';
import { LiveHub } from '../../src/server/live/live-hub';

export interface TestApp {
  baseUrl: string;
  deps: AppDeps;
  database: Database;
  filesDir: string;
  close(): Promise<void>;
}

/** A new, empty database in the PostgreSQL cluster, dropped again by `drop`. */
export async function createDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vaultgrid_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A real server on a loopback port over a fresh database: in-memory PGlite (on disk in
 * `dataDir` when given), or a new database in the PostgreSQL cluster when the suite runs on
 * PostgreSQL. `appOptions` reach the app: with `trustProxy` the server takes the client
 * address from X-Forwarded-For, so a test can speak from several.
 */
export async function startTestApp(
  postgresUrl: string | null,
  appOptions: Omit<AppOptions, 'logger'> = {},
  options: { dataDir?: string } = {},
): Promise<TestApp> {
  const created = postgresUrl ? await createDatabase(postgresUrl) : null;
  const database = await openDatabase({
    databaseUrl: created?.url,
    dataDir: options.dataDir ?? '',
    inMemory: !created && !options.dataDir,
  });
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-files-'));
  return serveTestApp(
    database,
    filesDir,
    async () => {
      await created?.drop();
    },
    appOptions,
  );
}

/**
 * Serves an opened database and a files folder; `close` stops both and removes the folder.
 * With `alsoServedBy`, a second instance over another's database and folder, which `close`
 * leaves to their owner: two instances behind one balancer.
 */
export async function serveTestApp(
  database: Database,
  filesDir: string,
  drop: () => Promise<void>,
  appOptions: Omit<AppOptions, 'logger'> = {},
  alsoServedBy?: TestApp,
): Promise<TestApp> {
  const storage = createDiskStorage(filesDir);
  const backups = new BackupKeeper({
    place: folderPlace(`${filesDir}-backups`),
    storage,
    engine: database.engine,
    retention: DEFAULT_RETENTION,
  });
  backups.dump = (file) => database.dump(file);
  const deps: AppDeps = {
    db: database.db,
    storage,
    backups,
    live: await LiveHub.start(database, 'test'),
    sessionDays: 30,
    cookieSecure: 'never',
  };
  const app = await buildApp(deps, { logger: false, validateResponses: true, ...appOptions });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deps,
    database,
    filesDir,
    async close() {
      await app.close();
      if (alsoServedBy) return;
      await database.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
      fs.rmSync(`${filesDir}-backups`, { recursive: true, force: true });
    },
  };
}

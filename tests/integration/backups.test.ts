import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BackupStatus } from '../../src/contracts/backups';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from '../../src/server/demo/demo';
import { readBackupFile, writeBackupFile } from '../../src/server/backup/backup-file';
import { folderPlace } from '../../src/server/backup/backup-places';
import { restoreBackup } from '../../src/server/backup/restore';
import { fileHashes, tableDigests } from '../support/backups';
import { makeCompanyWithUser, type SignedInStaff } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { createDatabase, serveTestApp, startTestApp, type TestApp } from '../support/test-app';

const postgresUrl = inject('postgresUrl');
let app: TestApp;
let operator: SignedInStaff;
let backupFile: string;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  app = await startTestApp(postgresUrl);
  // The installation's first company: its users are the operators (decision 0440).
  operator = await makeCompanyWithUser(app, 'Installation owner');
  await loadDemo(app.deps.db, app.deps.storage);
  const res = await operator.client.post('/api/admin/backups', {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const body = res.body as { name: string; place: string; bytes: number };
  backupFile = path.join(body.place, body.name);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await app?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A configuration whose database is a new, empty one, on the engine the suite runs on. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'target-'));
  if (!postgresUrl) return { dataDir, databaseUrl: undefined };
  const created = await createDatabase(postgresUrl);
  cleanups.push(() => created.drop());
  return { dataDir, databaseUrl: created.url };
}

const configFor = (target: { dataDir: string; databaseUrl: string | undefined }) =>
  loadConfig({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '' });

async function refusalOf(file: string): Promise<string> {
  const target = await emptyTarget();
  const error = await restoreBackup({
    file,
    config: configFor(target),
    force: false,
    say: () => undefined,
  }).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error, 'the restore should have been refused').not.toBeNull();
  // Refused before anything was written.
  expect(fs.existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
  return error?.message ?? '';
}

describe('backups', () => {
  it('a restore of a backup holds every table and file as they were, and the old passwords sign in', async () => {
    const target = await emptyTarget();
    const config = configFor(target);
    await restoreBackup({ file: backupFile, config, force: false, say: () => undefined });
    const restored = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    const filesDir = path.join(config.dataDir, 'files');
    const served = await serveTestApp(restored, filesDir, async () => undefined);
    try {
      expect(await tableDigests(restored.db)).toEqual(await tableDigests(app.deps.db));
      const files = fileHashes(filesDir);
      expect(Object.keys(files).length).toBeGreaterThan(0);
      expect(files).toEqual(fileHashes(app.filesDir));
      const client = new HttpClient(served.baseUrl);
      const login = await client.post('/api/auth/login', {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('the same dump loads into the other engine too', async () => {
    if (!postgresUrl) return;
    // A PostgreSQL backup into the embedded engine (the move the other way is the migration test).
    const dataDir = fs.mkdtempSync(path.join(scratch, 'other-'));
    await restoreBackup({
      file: backupFile,
      config: loadConfig({ DATA_DIR: dataDir }),
      force: false,
      say: () => undefined,
    });
    const restored = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(Object.keys(await tableDigests(restored.db))).toEqual(
        Object.keys(await tableDigests(app.deps.db)),
      );
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('a restore into a database that holds data is refused unless forced', async () => {
    const target = await emptyTarget();
    const config = configFor(target);
    await restoreBackup({ file: backupFile, config, force: false, say: () => undefined });
    await expect(
      restoreBackup({ file: backupFile, config, force: false, say: () => undefined }),
    ).rejects.toThrow(/is not empty: restore into an empty one, or add --force/);
    await restoreBackup({ file: backupFile, config, force: true, say: () => undefined });
  }, 120_000);

  it('a backup with one flipped byte is refused with a sentence saying it is damaged', async () => {
    const bytes = fs.readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    const file = path.join(scratch, 'flipped.tar.gz');
    fs.writeFileSync(file, bytes);
    expect(await refusalOf(file)).toMatch(/^flipped\.tar\.gz is damaged: /);
  }, 60_000);

  it('a file flipped inside the archive is refused by its SHA-256', async () => {
    // The compressed stream checks itself; inside it, the manifest's hashes catch the rest.
    const tar = zlib.gunzipSync(fs.readFileSync(backupFile));
    const at = tar.indexOf('CREATE TABLE');
    tar[at] = 'c'.charCodeAt(0);
    const file = path.join(scratch, 'altered.tar.gz');
    fs.writeFileSync(file, zlib.gzipSync(tar));
    expect(await refusalOf(file)).toBe(
      'altered.tar.gz is damaged: dump.sql does not match the SHA-256 its manifest records.',
    );
  }, 60_000);

  it('a truncated backup is refused with a sentence saying it is cut short', async () => {
    const bytes = fs.readFileSync(backupFile);
    const file = path.join(scratch, 'truncated.tar.gz');
    fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(await refusalOf(file)).toMatch(/^truncated\.tar\.gz is cut short: /);
  }, 60_000);

  it('a backup from a newer schema is refused, naming the migration this version lacks', async () => {
    const dumpFile = path.join(scratch, 'dump.sql');
    const snapshot = await app.database.dump(dumpFile);
    const file = path.join(scratch, 'newer.tar.gz');
    await writeBackupFile(file, {
      dumpFile,
      snapshot: { ...snapshot, migrations: [...snapshot.migrations, '9001-from-the-future'] },
      engine: app.database.engine,
      storage: app.deps.storage,
      createdAt: new Date(),
    });
    expect((await readBackupFile(file).catch((e: Error) => e)) instanceof Error).toBe(true);
    expect(await refusalOf(file)).toMatch(
      /^newer\.tar\.gz: The backup comes from a newer Vaultgrid: its schema has migration 9001-from-the-future/,
    );
  }, 60_000);

  it("another company's staff cannot take or see backups: they hold every company's data", async () => {
    const other = await makeCompanyWithUser(app);
    expect((await other.client.post('/api/admin/backups', {})).status).toBe(404);
    expect((await other.client.get('/api/admin/backups')).status).toBe(404);
    const status = await other.client.get('/api/status');
    expect((status.body as { backup?: unknown }).backup).toBeUndefined();
  });

  it('the status call shows operators the last backup, its size and place', async () => {
    const status = await operator.client.get('/api/status');
    const backup = (status.body as { backup: BackupStatus }).backup;
    expect(backup.last).toMatchObject({
      name: path.basename(backupFile),
      place: path.dirname(backupFile),
      bytes: fs.statSync(backupFile).size,
    });
    expect(backup.warning).toBeNull();
  });

  it('a disk that fills during a backup fails it with a log line and a warning, and the server keeps serving', async () => {
    if (process.getuid?.() !== 0) return; // a size-limited tmpfs needs root
    const small = fs.mkdtempSync(path.join(scratch, 'small-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', small]);
    const keeper = app.deps.backups;
    if (!keeper) throw new Error('the test app has no backups');
    const place = keeper.place;
    const log = keeper.log;
    const errors: string[] = [];
    keeper.place = folderPlace(small);
    keeper.log = {
      info: () => undefined,
      error: (fields, message) => errors.push(`${message} ${JSON.stringify(fields)}`),
    };
    try {
      const res = await operator.client.post('/api/admin/backups', {});
      expect(res.status).toBe(503);
      expect((res.body as { message: string }).message).toBe(
        'The backup failed: the disk where backups are kept is full.',
      );
      expect(errors.join('\n')).toMatch(/backup failed/);
      const status = await operator.client.get('/api/admin/backups');
      expect((status.body as BackupStatus).warning).toBe(
        'The last backup failed: the disk where backups are kept is full.',
      );
      expect(fs.readdirSync(small)).toEqual([]);
      expect((await operator.client.get('/api/team/users')).status).toBe(200);
    } finally {
      keeper.place = place;
      keeper.log = log;
      execFileSync('umount', [small]);
    }
  }, 60_000);
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupFile } from '../../src/server/backup/backup-file';
import { restoreBackup } from '../../src/server/backup/restore';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createS3Storage } from '../../src/server/storage/s3-storage';
import { DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from '../../src/server/demo/demo';
import { openRuntime } from '../../src/server/runtime';
import { tableDigests } from '../support/backups';
import { HttpClient } from '../support/http-client';
import { freePort, startCluster, type Cluster } from '../support/postgres-cluster';
import { startServerProcess } from '../support/server-process';

const unreachable = (): never => {
  throw new Error('the move test keeps files in the bucket');
};

let work: string;
let cluster: Cluster;
let s3: S3rver;
let s3Env: Record<string, string>;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-move-'));
  cluster = await startCluster();
  s3 = new S3rver({
    address: '127.0.0.1',
    port: await freePort(),
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'vaultgrid-files' }],
  });
  const address = await s3.run();
  s3Env = {
    FILE_STORAGE: 's3',
    S3_BUCKET: 'vaultgrid-files',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
});

afterAll(async () => {
  await s3?.close();
  cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('moving off the embedded engine', () => {
  it('an embedded backup of the demo company restored into PostgreSQL and a bucket serves everything', async () => {
    // The embedded installation, with the demo company and its files.
    const embeddedDir = path.join(work, 'embedded');
    const embedded = await openRuntime(loadConfig({ DATA_DIR: embeddedDir }), 'move test');
    await loadDemo(embedded.database.db, embedded.storage);
    const before = await tableDigests(embedded.database.db);
    const backup = await embedded.backups.take('manual');
    await embedded.close();
    const file = path.join(embeddedDir, 'backups', backup.name);
    const { manifest } = await readBackupFile(file);
    expect(manifest.files.length).toBeGreaterThan(0);

    // The README's steps: restore with the new configuration, then start on it.
    const env = { DATA_DIR: path.join(work, 'postgres-data'), DATABASE_URL: cluster.url, ...s3Env };
    const config = loadConfig(env);
    await restoreBackup({ file, config, force: false, say: () => undefined });
    const moved = await openDatabase({ databaseUrl: cluster.url, dataDir: config.dataDir });
    try {
      expect(await tableDigests(moved.db)).toEqual(before);
    } finally {
      await moved.close();
    }

    const server = startServerProcess({ ...env, PORT: '0', WARM_UP_SECONDS: '0' });
    try {
      const client = new HttpClient(await server.ready);
      const login = await client.post('/api/auth/login', {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      // Every uploaded file (attachments, checklist images) is in the bucket, byte for byte.
      const bucket = createS3Storage(
        config.fileStorage.kind === 's3' ? config.fileStorage : unreachable(),
      );
      for (const f of manifest.files) {
        const stream = await bucket.get(f.key);
        expect(stream, f.key).not.toBeNull();
        const chunks: Buffer[] = [];
        for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Buffer));
        const hash = crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
        expect(hash).toBe(f.sha256);
      }
      // And the server on PostgreSQL finds the demo company's warehouses.
      const summaries = await client.get('/api/warehouse/summaries');
      expect(summaries.status).toBe(200);
      expect((summaries.body as unknown[]).length).toBe(manifest.tables.warehouses);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 300_000);
});

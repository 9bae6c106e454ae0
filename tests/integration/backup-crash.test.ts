import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readBackupFile } from '../../src/server/backup/backup-file';
import { loadConfig } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import { DEMO_EMAIL, DEMO_PASSWORD, loadDemo } from '../../src/server/demo/demo';
import { openRuntime } from '../../src/server/runtime';
import { HttpClient } from '../support/http-client';
import { startServerProcess } from '../support/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-backup-crash-'));
const backups = path.join(dataDir, 'backups');
const hashOf = (file: string) =>
  crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The server backs up only the embedded engine it holds; PostgreSQL has its own tools.
describe.skipIf(inject('postgresUrl'))('a server killed while backing up', () => {
  it('leaves earlier backups intact and no partial file under a backup name', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const runtime = await openRuntime(config, 'backup crash test');
    await loadDemo(runtime.database.db, runtime.storage);
    const [vault] = await queryRows<{ id: number }>(
      runtime.database.db,
      sql`SELECT id FROM vaults ORDER BY id LIMIT 1`,
    );
    const earlier = await runtime.backups.take('manual');
    await runtime.close();
    const earlierFile = path.join(backups, earlier.name);
    const earlierHash = hashOf(earlierFile);

    const env = { DATA_DIR: dataDir, PORT: '0', BACKUP_HOUR: 'off', WARM_UP_SECONDS: '0' };
    const server = startServerProcess(env);
    const client = new HttpClient(await server.ready);
    expect(
      (await client.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    // Files that do not compress, so the backup spends a while writing.
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.append('vault_id', String(vault?.id));
      form.append(
        'attachment',
        new Blob([crypto.randomBytes(4_900_000)], { type: 'application/pdf' }),
        `scan-${i}.pdf`,
      );
      expect((await client.request('POST', '/api/vaults/upload', { form })).status).toBe(200);
    }
    void client.post('/api/admin/backups', {}).catch(() => undefined);
    // Killed as soon as the new backup's file is being written.
    const deadline = Date.now() + 60_000;
    while (!fs.readdirSync(backups).some((n) => n.endsWith('.partial'))) {
      if (Date.now() > deadline) throw new Error(`no backup started: ${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    server.child.kill('SIGKILL');
    await server.exited;

    expect(hashOf(earlierFile)).toBe(earlierHash);
    const finals = fs.readdirSync(backups).filter((n) => n.startsWith('vaultgrid-'));
    // Whatever carries a backup's name is a whole backup.
    for (const name of finals) await readBackupFile(path.join(backups, name));

    // The next start clears what the killed one left.
    const again = startServerProcess({ ...env, BACKUP_HOUR: '3' });
    try {
      await again.ready;
      expect(fs.readdirSync(backups).filter((n) => n.endsWith('.partial'))).toEqual([]);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 240_000);
});

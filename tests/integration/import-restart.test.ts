import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { ImportJob } from '../../src/contracts/imports';
import { STOPPED_MESSAGE } from '../../src/server/features/imports/import-jobs.repository';
import { HttpClient } from '../support/http-client';
import { csvText, optionsFor, uploadImport } from '../support/import-factories';
import { startServerProcess } from '../support/server-process';
import { createDatabase } from '../support/test-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ADMIN = { email: 'owner@example.com', password: 'owner-password' };

async function startServer(env: Record<string, string>) {
  const server = startServerProcess(env);
  cleanups.push(() => void server.child.kill('SIGKILL'));
  return { ...server, url: await server.ready };
}

async function signIn(url: string) {
  const client = new HttpClient(url);
  const res = await client.post('/api/auth/login', ADMIN);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

describe('an import whose server was killed', () => {
  it.runIf(inject('postgresUrl'))(
    'reads failed as soon as another instance starts on the same PostgreSQL database',
    { timeout: 180_000 },
    async () => {
      const created = await createDatabase(inject('postgresUrl') ?? '');
      cleanups.push(() => created.drop());
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-import-restart-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: created.url,
        DATA_DIR: dataDir,
        PORT: '0',
        HTTPS_PORT: 'off',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      };

      const first = await startServer(env);
      const client = await signIn(first.url);
      const staff = { client, user: { companyId: 0 }, email: ADMIN.email } as Parameters<
        typeof uploadImport
      >[0];
      const rows: (string | number)[][] = [['Vault', 'Customer']];
      for (let n = 1; n <= 50_000; n++) rows.push([`K${n}`, `Customer ${n % 50}`]);
      const upload = await uploadImport(staff, csvText(rows));
      const start = await client.post(`/api/imports/${upload.id}/start`, optionsFor(upload));
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      let job = start.body as ImportJob;
      while (job.status === 'running' && job.rows_done === 0) {
        job = (await client.get(`/api/imports/${upload.id}`)).body as ImportJob;
      }
      expect(job.status).toBe('running');

      first.child.kill('SIGKILL');
      await first.exited;

      const second = await startServer(env);
      const again = await signIn(second.url);
      const started = Date.now();
      let seen = (await again.get(`/api/imports/${upload.id}`)).body as ImportJob;
      while (seen.status === 'running' && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen = (await again.get(`/api/imports/${upload.id}`)).body as ImportJob;
      }
      expect(seen.status).toBe('failed');
      expect(seen.message).toBe(STOPPED_MESSAGE);
    },
  );
});

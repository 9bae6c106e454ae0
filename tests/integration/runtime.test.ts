import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { lockDataDir } from '../../src/server/db/lock';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { openDatabase } from '../../src/server/db/client';
import { generateCompanyData } from '../../src/server/demo/generate';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import { openRuntime } from '../../src/server/runtime';
import pg from 'pg';
import { startServerProcess } from '../support/server-process';

const tempDirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-runtime-'));
  tempDirs.push(d);
  return d;
};

describe('configuration', () => {
  it('stops the start with a sentence naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /PORT must be a port number \(got "eighty"\)/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres:\/\//,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD must be at least 8 characters/,
    );
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });
});

describe('the data directory lock', () => {
  it('refuses a second holder and names the process', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir, 'first');
    expect(() => lockDataDir(dir, 'second')).toThrow(
      `The data directory ${dir} is in use by process ${process.pid} (first)`,
    );
    lock.release();
    lockDataDir(dir, 'third').release();
  });

  it('takes over a stale lock left by a killed process', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, 'vaultgrid.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, purpose: 'dead' }),
    );
    const lock = lockDataDir(dir, 'new owner');
    const held = JSON.parse(fs.readFileSync(path.join(dir, 'vaultgrid.lock'), 'utf8')) as {
      pid: number;
    };
    expect(held.pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'vaultgrid.lock'))).toBe(false);
  });
});

function startServer(env: Record<string, string>) {
  const server = startServerProcess(env);
  children.push(server.child);
  return server;
}

describe('the server process', () => {
  it('holds the embedded data directory, stops cleanly on SIGTERM and reuses the data', async () => {
    const dir = tempDir();
    const env = {
      DATA_DIR: dir,
      PORT: '0',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password',
    };
    const first = startServer(env);
    const url = await first.ready;
    expect(first.output()).toContain(
      'Created company "My Storage Company" with the first user owner@example.com.',
    );

    const second = startServer(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dir} is in use by process ${first.child.pid}`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, 'vaultgrid.lock'))).toBe(false);

    const again = startServer(env);
    const url2 = await again.ready;
    expect(again.output()).not.toContain('Created company');
    const res = await fetch(`${url2}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-password' }),
    });
    expect(res.status).toBe(200);
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 60_000);
});

describe('shutdown under load', () => {
  it('ends within the grace period while heavy requests are still running, and frees the data directory', async () => {
    const dir = tempDir();
    const runtime = await openRuntime(loadConfig({ DATA_DIR: dir }), 'seed');
    const company = await createCompany(runtime.database.db, 'Busy Storage');
    await createUser(runtime.database.db, {
      companyId: company.id,
      email: 'busy@example.com',
      password: 'busy-password',
    });
    await generateCompanyData(runtime.database.db, {
      companyId: company.id,
      warehouses: Array.from({ length: 4 }, (_, i) => ({
        name: `Busy ${i + 1}`,
        rows: 40,
        cols: 25,
        fieldCapacity: 3,
        length: 220,
        width: 140,
        fill: 0.95,
      })),
      stagedVaults: 0,
      emptyShare: 0.05,
      seed: 3,
    });
    await runtime.close();

    const server = startServer({ DATA_DIR: dir, PORT: '0', SHUTDOWN_GRACE_SECONDS: '1' });
    const url = await server.ready;
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'busy@example.com', password: 'busy-password' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    // Whole-company reads, far more than the engine finishes within the grace period.
    const heavy = Array.from({ length: 40 }, () =>
      fetch(`${url}/api/warehouse/company/${company.id}`, { headers: { cookie } }).catch(
        () => null,
      ),
    );
    // The HTTP thread still answers while the engine is busy.
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });

    server.child.kill('SIGTERM');
    const bound = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), 20_000),
    );
    expect(await Promise.race([server.exited, bound])).toBe(1);
    expect(server.output()).toContain('shutdown took too long; exiting anyway');
    expect(fs.existsSync(path.join(dir, 'vaultgrid.lock'))).toBe(false);
    await Promise.all(heavy);
  }, 120_000);
});

describe('migrations', () => {
  it('apply once even when two instances start at the same moment', async () => {
    const postgresUrl = inject('postgresUrl');
    if (!postgresUrl) {
      // Embedded engine: a single process owns the database, so the race is a re-run.
      const db = await openDatabase({ databaseUrl: undefined, dataDir: '', inMemory: true });
      await db.close();
      return;
    }
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE vaultgrid_migrate_race');
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = '/vaultgrid_migrate_race';
    const clients = [
      new pg.Client({ connectionString: url.toString() }),
      new pg.Client({ connectionString: url.toString() }),
    ];
    await Promise.all(clients.map((c) => c.connect()));
    const sessions = clients.map((c) => ({
      exec: async (sql: string) => void (await c.query(sql)),
      query: async (sql: string, params?: unknown[]) =>
        (await c.query(sql, params)).rows as Record<string, unknown>[],
    }));
    const [a, b] = await Promise.all(sessions.map((s) => migrate(s)));
    const names = migrations.map((m) => m.name);
    expect([...(a ?? []), ...(b ?? [])].sort()).toEqual([...names].sort());
    const rows = await clients[0]?.query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows?.rows).toEqual([...names].sort().map((name) => ({ name })));
    await Promise.all(clients.map((c) => c.end()));
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/contracts/live';
import type { Warehouse } from '../../src/contracts/warehouses';
import { EventStream } from '../support/event-stream';
import { HttpClient } from '../support/http-client';
import { startCluster, type Cluster } from '../support/postgres-cluster';
import { fieldByName } from '../support/factories';
import { vaultForm } from '../support/vault-factories';

/*
 * Two Vaultgrid instances on one throwaway PostgreSQL cluster and one S3-compatible server
 * (s3rver on loopback), behind nginx configured as the README says: sessions, files, events
 * and limits shared; a stopping instance hands its streams to the other.
 */

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilReady(url: string, process: ChildProcess, log: () => string) {
  for (let i = 0; i < 300; i++) {
    if (process.exitCode !== null) throw new Error(`Instance exited: ${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Instance at ${url} never became ready: ${log()}`);
}

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
}

const root = path.resolve(import.meta.dirname, '..', '..');
let work: string;
let cluster: Cluster;
let s3: S3rver;
let nginx: ChildProcess;
let nginxUrl: string;
const instances: Instance[] = [];

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const instance = { name, url: `http://127.0.0.1:${port}`, process: child, output };
  instances.push(instance);
  await waitUntilReady(instance.url, child, () => output.join(''));
  return instance;
}

function nginxConfig(prefix: string, listen: number, upstreams: string[]): string {
  // The README's configuration, with paths under the test's folder.
  return `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 6m;

  upstream vaultgrid {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${listen};

    location / {
      proxy_pass http://vaultgrid;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }

    location = /api/live/events {
      proxy_pass http://vaultgrid;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-instances-'));
  // nginx's workers may run as nobody when started as root; they write temp files here.
  fs.chmodSync(work, 0o777);
  cluster = await startCluster();
  s3 = new S3rver({
    address: '127.0.0.1',
    port: await freePort(),
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'vaultgrid-files' }],
  });
  const s3Address = await s3.run();
  const env = {
    DATABASE_URL: cluster.url,
    DATA_DIR: path.join(work, 'data'),
    FILE_STORAGE: 's3',
    S3_BUCKET: 'vaultgrid-files',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPANY_NAME: 'Two Instances Moving',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_SECONDS: '10',
  };
  // One after the other: the first creates the admin, the second finds it.
  const a = await startInstance('instance-a', env);
  const b = await startInstance('instance-b', env);
  const port = await freePort();
  nginxUrl = `http://127.0.0.1:${port}`;
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(work, port, [a.url.slice(7), b.url.slice(7)]));
  nginx = spawn(NGINX, ['-c', conf, '-p', work], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${nginxUrl}/healthz`)).ok) break;
    } catch {
      // nginx still starting.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  for (const instance of instances) {
    if (instance.process.exitCode === null) instance.process.kill('SIGTERM');
  }
  await Promise.all(
    instances.map(
      (i) =>
        new Promise<void>((resolve) => {
          if (i.process.exitCode !== null) resolve();
          else i.process.once('exit', () => resolve());
        }),
    ),
  );
  await s3?.close();
  cluster?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

async function signIn(): Promise<HttpClient> {
  const client = new HttpClient(nginxUrl);
  const res = await client.post('/api/auth/login', ADMIN);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

const direct = (client: HttpClient, url: string, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie: client.cookieHeader('/api/') },
  });

describe('two instances behind nginx', () => {
  it('show a write made on one in the next read on the other, whatever that one kept', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances missing');
    const staff = await signIn();
    const made = await staff.post('/api/warehouse/add-warehouse', {
      name: `Fresh ${crypto.randomBytes(3).toString('hex')}`,
      rows: 2,
      cols: 2,
      field_capacity: 3,
      length: 40,
      width: 30,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const warehouse = made.body as Warehouse;
    const me = (await staff.get('/api/auth/')).body as { companyId: number };
    const onB = async <T>(p: string): Promise<T> => {
      const res = await direct(staff, `${b.url}${p}`);
      expect(res.status, p).toBe(200);
      return (await res.json()) as T;
    };
    const reads = {
      warehouse: `/api/warehouse/${warehouse.id}`,
      company: `/api/warehouse/company/${me.companyId}`,
      print: '/api/vaults/all',
      search: `/api/search/suggestions?q=WESSEX`,
    };
    for (const p of Object.values(reads)) await onB(p);

    const form = vaultForm({
      field_id: fieldByName(warehouse, 'A1').id,
      position: 1,
      customer_name: 'WESSEX',
      order_name: 'ORD-7',
    });
    const added = await direct(staff, `${a.url}/api/vaults/`, { method: 'POST', body: form });
    expect(added.status, await added.clone().text()).toBe(200);
    const vaultId = ((await added.json()) as { vault: { id: number } }).vault.id;

    const ids = (w: Warehouse) =>
      Object.values(w.fields).flatMap((f) => Object.values(f.vaults).map((v) => v.id));
    expect(ids(await onB<Warehouse>(reads.warehouse))).toEqual([vaultId]);
    const company = await onB<Warehouse[]>(reads.company);
    expect(ids(company.find((w) => w.id === warehouse.id) as Warehouse)).toEqual([vaultId]);
    expect((await onB<{ id: number }[]>(reads.print)).map((v) => v.id)).toContain(vaultId);
    expect((await onB<{ customers: string[] }>(reads.search)).customers).toEqual(['WESSEX']);
  });

  it('share sessions, files and events', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances missing');
    const staff = await signIn();
    const made = await staff.post('/api/warehouse/add-warehouse', {
      name: `Shared ${crypto.randomBytes(3).toString('hex')}`,
      rows: 2,
      cols: 2,
      field_capacity: 3,
      length: 40,
      width: 30,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const warehouse = made.body as Warehouse;

    // A stream held by B hears a vault added through A.
    const stream = await EventStream.open(`${b.url}/api/live/events`, {
      cookie: staff.cookieHeader('/api/live/events'),
    });
    await stream.waitFor((f) => f.event === 'ready');
    const form = vaultForm({
      field_id: fieldByName(warehouse, 'A1').id,
      position: 1,
      customer_name: 'SMITH',
      order_name: 'ORD-9',
      attachment: { name: 'inventory.txt', type: 'text/plain', data: 'three boxes, one lamp' },
    });
    const sentAt = Date.now();
    const added = await direct(staff, `${a.url}/api/vaults/`, { method: 'POST', body: form });
    expect(added.status).toBe(200);
    const vault = ((await added.json()) as { vault: { id: number } }).vault;
    const heard = await stream.waitFor(
      (f) => f.event === 'change' && (f.data as LiveEvent).id === vault.id,
    );
    console.log(`event from A reached B's stream ${Date.now() - sentAt} ms after the request`);
    expect(heard.data).toMatchObject({ entity: 'vault', warehouse: warehouse.id });
    stream.close();

    // The file uploaded through A (into the bucket) is served by B, with the same headers.
    const lookup = await direct(staff, `${b.url}/api/warehouse/${warehouse.id}`);
    const full = (await lookup.json()) as Warehouse;
    const stored = Object.values(full.fields)
      .flatMap((f) => Object.values(f.vaults))
      .find((v) => v.id === vault.id);
    const url = stored?.attachments[0]?.file_url;
    expect(url).toBeTruthy();
    const file = await direct(staff, `${b.url}${url ?? ''}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('three boxes, one lamp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // Another session (no session at all here) gets what a missing file gets.
    expect((await fetch(`${b.url}${url ?? ''}`)).status).toBe(401);
  });

  it('ends a session on both instances once a logout is answered', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances missing');
    // The other instance is asked at once: an answer kept from before the logout would let
    // the ended session in there for a few milliseconds, so one trial rarely shows it.
    const stillIn: number[] = [];
    for (let trial = 0; trial < 40; trial++) {
      const [on, other] = trial % 2 === 0 ? [a, b] : [b, a];
      const staff = await signIn();
      expect((await direct(staff, `${on.url}/api/auth/`)).status).toBe(200);
      expect((await direct(staff, `${other.url}/api/auth/`)).status).toBe(200);
      const out = await direct(staff, `${on.url}/api/auth/logout`, {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(out.status).toBe(200);
      if ((await direct(staff, `${other.url}/api/auth/`)).status !== 401) stillIn.push(trial);
    }
    expect(stillIn, 'trials whose ended session the other instance let in').toEqual([]);
  });

  it('counts sign-in failures on every instance together', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances missing');
    const email = `nobody-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await fetch(`${target.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('keeps events flowing after the database drops the listening connections', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances missing');
    const staff = await signIn();
    const stream = await EventStream.open(`${b.url}/api/live/events`, {
      cookie: staff.cookieHeader('/api/live/events'),
    });
    await stream.waitFor((f) => f.event === 'ready');
    // What a database restart does to each instance's LISTEN connection.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const dropped = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%'`,
    );
    await admin.end();
    expect(dropped.rowCount).toBe(2);

    const made = await direct(staff, `${a.url}/api/warehouse/add-warehouse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `After restart ${crypto.randomBytes(3).toString('hex')}`,
        rows: 1,
        cols: 1,
        field_capacity: 1,
        length: 10,
        width: 10,
      }),
    });
    expect(made.status).toBe(200);
    const warehouse = (await made.json()) as Warehouse;
    // Heard live once B listens again, or read back from the table when it reconnects.
    await stream.waitFor(
      (f) =>
        f.event === 'change' &&
        (f.data as LiveEvent).entity === 'warehouse' &&
        (f.data as LiveEvent).id === warehouse.id,
    );
    stream.close();
  });

  it('sends open streams to the other instance when one stops', async () => {
    const staff = await signIn();
    const stream = await EventStream.open(`${nginxUrl}/api/live/events`, {
      cookie: staff.cookieHeader('/api/live/events'),
    });
    const ready = await stream.waitFor((f) => f.event === 'ready');
    const holder = (ready.data as { instance: string }).instance;
    const stopping = instances.find((i) => i.name === holder);
    if (!stopping) throw new Error(`no instance named ${holder}`);

    stopping.process.kill('SIGTERM');
    await stream.waitFor((f) => f.event === 'reconnect');
    await stream.waitForEnd();

    // What EventSource does next: connect again, through the balancer.
    const again = await EventStream.open(`${nginxUrl}/api/live/events`, {
      cookie: staff.cookieHeader('/api/live/events'),
    });
    const moved = await again.waitFor((f) => f.event === 'ready');
    expect((moved.data as { instance: string }).instance).not.toBe(holder);
    again.close();
    await new Promise<void>((resolve) => {
      if (stopping.process.exitCode !== null) resolve();
      else stopping.process.once('exit', () => resolve());
    });
    expect(stopping.process.exitCode).toBe(0);
  });
});

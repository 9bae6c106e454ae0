// Reads of issue 12 one at a time (medians of many), the first warehouse read after each
// write, and optionally issue 9's mixed load; run from a tree's root: tsx bench/reads-measure.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { BENCH_PASSWORD, seedBenchCompany } from './company';
import { benchFetch, percentile, startServer } from './support';
import { measureMixedLoad } from './mixed-load';

const dataDir = process.env.READS_DATA ?? fs.mkdtempSync(path.join(os.tmpdir(), 'reads-'));
const env = {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password-1',
};

async function seed() {
  const metaFile = path.join(dataDir, 'reads-meta.json');
  if (fs.existsSync(metaFile))
    return JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { email: string; wid: number };
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'reads bench');
  const seeded = await seedBenchCompany(runtime.database.db, { warehouses: 20 });
  await runtime.close();
  const meta = { email: seeded.email, wid: seeded.firstWarehouseId };
  fs.writeFileSync(metaFile, JSON.stringify(meta));
  return meta;
}

async function timeGet(url: string, headers: Record<string, string>) {
  const start = performance.now();
  const res = await benchFetch(url, { headers });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
}

const f = (n: number) => n.toFixed(2);

async function main() {
  const { email, wid } = await seed();
  if (process.env.READS_SEED_ONLY) return;
  const server = await startServer(env);
  const out: Record<string, string> = {};
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const headers = { cookie };
    const w = (await (await fetch(`${server.url}/api/warehouse/${wid}`, { headers })).json()) as {
      fieldCapacity: number;
      fields: Record<
        string,
        { id: number; type: string; full: boolean; vaults: Record<string, unknown> }
      >;
    };
    const fields = Object.values(w.fields);
    const fid = fields[0]?.id;
    const etag =
      (await fetch(`${server.url}/api/warehouse/${wid}`, { headers })).headers.get('etag') ?? '';
    const calls: [string, string, Record<string, string>][] = [
      ['GET /api/auth/', '/api/auth/', headers],
      ['one field', `/api/warehouse/${wid}/${fid}`, headers],
      ['search (company)', '/api/search/suggestions?q=son', headers],
      ['search (warehouse)', `/api/search/suggestions?q=10&warehouseId=${wid}`, headers],
      ['staged list', '/api/stage/vaults', headers],
      ['dashboard', '/api/warehouse/summaries', headers],
      ['warehouse 304', `/api/warehouse/${wid}`, { ...headers, 'if-none-match': etag }],
      ['warehouse 200 (kept)', `/api/warehouse/${wid}`, headers],
    ];
    const N = Number(process.env.READS_N ?? 100);
    for (const [name, p, h] of calls) {
      for (let i = 0; i < 5; i++) await timeGet(server.url + p, h);
      const times: number[] = [];
      for (let i = 0; i < N; i++) times.push(await timeGet(server.url + p, h));
      times.sort((a, b) => a - b);
      out[name] = `median ${f(percentile(times, 50))} ms, p95 ${f(percentile(times, 95))} ms`;
    }
    // The first whole-warehouse read after each write (add, stage, move back).
    const open = fields.filter(
      (x) => x.type === 'vault' && !x.full && Object.keys(x.vaults).length < w.fieldCapacity,
    );
    const after: number[] = [];
    const writes: number[] = [];
    for (let i = 0; i < Math.min(10, open.length); i++) {
      const field = open[i];
      if (!field) break;
      const position = Object.keys(field.vaults).length + 1;
      const form = new FormData();
      form.set('customer_name', 'BENCH CUSTOMER');
      form.set('order_name', `R-${i}`);
      form.set('vault_id', `R${Date.now()}${i}`);
      form.set('type', 'vault');
      form.set('field_id', String(field.id));
      form.set('position', String(position));
      let t = performance.now();
      const add = await benchFetch(`${server.url}/api/vaults/`, {
        method: 'POST',
        headers,
        body: form,
      });
      const vaultId = ((await add.json()) as { vault: { id: number } }).vault.id;
      writes.push(performance.now() - t);
      after.push(await timeGet(`${server.url}/api/warehouse/${wid}`, headers));
      t = performance.now();
      await (
        await benchFetch(`${server.url}/api/stage/vaults/${vaultId}`, { method: 'POST', headers })
      ).text();
      writes.push(performance.now() - t);
      after.push(await timeGet(`${server.url}/api/warehouse/${wid}`, headers));
      t = performance.now();
      await (
        await benchFetch(`${server.url}/api/vaults/move`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ vaultId, fieldId: field.id, position }),
        })
      ).text();
      writes.push(performance.now() - t);
      after.push(await timeGet(`${server.url}/api/warehouse/${wid}`, headers));
    }
    after.sort((a, b) => a - b);
    writes.sort((a, b) => a - b);
    out['warehouse read after a write'] =
      `median ${f(percentile(after, 50))} ms, p95 ${f(percentile(after, 95))} ms (${after.length})`;
    out['the writes (add/stage/move)'] =
      `median ${f(percentile(writes, 50))} ms, p95 ${f(percentile(writes, 95))} ms`;
    console.log(JSON.stringify(out, null, 1));
    const mixed = Number(process.env.READS_MIXED ?? 0);
    if (mixed > 0)
      await measureMixedLoad(server.url, cookie, wid, {
        seconds: mixed,
        connections: 200,
        rate: 25,
        writers: 5,
      });
  } finally {
    server.child.kill('SIGTERM');
  }
}
void main();

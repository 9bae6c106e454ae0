// Reads of issue 12 one at a time (medians of many), the first warehouse read after each
// write, and optionally issue 9's mixed load; run from a tree's root: tsx bench/reads-measure.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from './company';
import { seededOnce } from './seeded-folder';
import { spawn } from 'node:child_process';
import { benchFetch, measure, percentile, startServer } from './support';
import { measureMixedLoad } from './mixed-load';
import { startCluster } from '../tests/support/postgres-cluster';

// READS_ENGINE=postgres: a throwaway PostgreSQL cluster, seeded afresh, in place of the folder.
const cluster = process.env.READS_ENGINE === 'postgres' ? await startCluster() : null;
const dataDir =
  (cluster ? undefined : process.env.READS_DATA) ??
  fs.mkdtempSync(path.join(os.tmpdir(), 'reads-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: cluster?.url ?? '',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'admin-password-1',
};

async function timeGet(url: string, headers: Record<string, string>) {
  const start = performance.now();
  const res = await benchFetch(url, { headers });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
}

const f = (n: number) => n.toFixed(2);

const row = (median: number, p95: number, ceiling: number) =>
  `median ${f(median)} ms, p95 ${f(p95)} ms, ${(median / ceiling).toFixed(1)}x hello`;

/** Sequential timings only: no load runs. */
const sequential = (samples: number) => ({ samples, connections: 1, seconds: 0 });

/** The Fastify hello world (bench/hello.ts) in its own process, as the server is. */
async function startHello() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(text);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return { child, url };
}

async function main() {
  const { email, wid } = await seededOnce(env, 'reads');
  if (process.env.READS_SEED_ONLY) return;
  const server = await startServer(env);
  const out: Record<string, string> = {};
  try {
    const cookie = await signIn(server.url, email);
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
    const hello = await startHello();
    try {
      // Every call a few times first, so none is timed while the server's code is still cold.
      for (let round = 0; round < 20; round++)
        for (const [, p, h] of calls)
          await measure(server.url, 'warm', { path: p, headers: h }, sequential(0));
      // The ceiling first, through the same client as every call (support.ts `measure`).
      const ceiling = await measure(hello.url, 'hello', { path: '/' }, sequential(N));
      out['Fastify hello world'] = row(ceiling.medianMs, ceiling.p95Ms, ceiling.medianMs);
      for (const [name, p, h] of calls) {
        const s = await measure(server.url, name, { path: p, headers: h }, sequential(N));
        out[name] = row(s.medianMs, s.p95Ms, ceiling.medianMs);
      }
      // The client the bench used before (fetch), for the ceiling and the session call.
      for (const [name, url, h] of [
        ['Fastify hello world, via fetch', `${hello.url}/`, {}],
        ['GET /api/auth/, via fetch', `${server.url}/api/auth/`, headers],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < N; i++) times.push(await timeGet(url, h));
        times.sort((a, b) => a - b);
        out[name] = row(percentile(times, 50), percentile(times, 95), ceiling.medianMs);
      }
      // Search as typed: a text not asked before each time, so nothing kept answers it.
      for (const [name, scope] of [
        ['search (company), new text each time', ''],
        ['search (warehouse), new text each time', `&warehouseId=${wid}`],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < N; i++) {
          const q = `${Date.now() % 1000}${i}`.slice(-3);
          times.push(await timeGet(`${server.url}/api/search/suggestions?q=${q}${scope}`, headers));
        }
        times.sort((a, b) => a - b);
        out[name] = row(percentile(times, 50), percentile(times, 95), ceiling.medianMs);
      }
    } finally {
      hello.child.kill('SIGTERM');
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
    await new Promise((resolve) => server.child.once('exit', resolve));
    cluster?.stop();
  }
}
void main();

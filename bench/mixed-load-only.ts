// Only the mixed load of issue 9 (bench/mixed-load.ts), on the bench company, one engine or
// both, without the rest of `npm run bench`: BENCH_ENGINES=pglite|postgres|pglite,postgres
// (default both), BENCH_MIXED_SECONDS (default 60, as in the bench), BENCH_RATE (25).
// Uses the built server when there is one (`node scripts/build-server.mjs`), as the bench.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { startCluster } from '../tests/support/postgres-cluster';
import { BENCH_PASSWORD, seedBenchCompany } from './company';
import { measureMixedLoad } from './mixed-load';
import { startServer } from './support';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

async function run(engine: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-mixed-'));
  const cluster = engine === 'postgres' ? await startCluster() : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: cluster?.url ?? '' };
  try {
    const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'vaultgrid bench');
    const seeded = await seedBenchCompany(runtime.database.db, { warehouses: 20 }).finally(() =>
      runtime.close(),
    );
    const server = await startServer(env);
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seeded.email, password: BENCH_PASSWORD }),
      });
      const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      console.log(`\n== ${engine}, ${seeded.vaultCount} vaults`);
      await measureMixedLoad(server.url, cookie, seeded.firstWarehouseId, {
        seconds: SECONDS,
        connections: 200,
        rate: Number(process.env.BENCH_RATE ?? 25),
        writers: 5,
      });
    } finally {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      if (server.child.kill('SIGTERM')) await exited;
    }
  } finally {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const engine of ENGINES) await run(engine);

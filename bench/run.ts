// npm run bench: builds a large company on the engine in use (embedded PGlite in a temp
// folder, or the PostgreSQL named by DATABASE_URL) and prints, per call, the median and p99
// latency one request at a time, requests per second with many connections open, and the size.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { generateCompanyData, type WarehousePlan } from '../src/server/demo/generate';
import { measure, printTable, startServer, type RequestSpec, type Sample } from './support';
import { measureVaultOperations } from './vault-operations';
import { measureBrowser } from './browser';
import { measureEngineHop } from './engine-hop';
import { measureMixedLoad } from './mixed-load';
import { measureLiveLatency, printLiveLatency } from './live-latency';
import { measureImport, printImportResult } from './import';

const WAREHOUSES = Number(process.env.BENCH_WAREHOUSES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The mixed-load run lasts 60 s unless BENCH_SECONDS asks for a shorter bench. */
const MIXED_SECONDS = Math.min(60, SECONDS * 12);
const MIXED_RATE = Number(process.env.BENCH_RATE ?? 25);
const PASSWORD = 'bench-password';

async function seed(env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...env });
  const started = performance.now();
  const runtime = await openRuntime(config, 'vaultgrid bench');
  try {
    const { db } = runtime.database;
    const tag = crypto.randomBytes(3).toString('hex');
    const company = await createCompany(db, `Bench Storage ${tag}`);
    const email = `bench-${tag}@example.com`;
    await createUser(db, { companyId: company.id, email, password: PASSWORD });
    // 25 x 40 fields of 3 each: 20 warehouses give 20,000 fields and about 50,000 vaults.
    const plans: WarehousePlan[] = Array.from({ length: WAREHOUSES }, (_, i) => ({
      name: `Bench Warehouse ${i + 1}`,
      rows: 40,
      cols: 25,
      fieldCapacity: 3,
      length: 220,
      width: 140,
      fill: 0.95,
    }));
    const seeded = await generateCompanyData(db, {
      companyId: company.id,
      warehouses: plans,
      stagedVaults: 200,
      emptyShare: 0.05,
      seed: 1,
    });
    const fields = plans.reduce((n, p) => n + p.rows * p.cols, 0);
    console.log(
      `Seeded ${WAREHOUSES} warehouses, ${fields} fields, ${seeded.vaultCount} vaults in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const [firstWarehouseId] = seeded.warehouseIds;
    if (firstWarehouseId === undefined) throw new Error('The bench seeded no warehouse.');
    return {
      email,
      companyId: company.id,
      warehouseId: firstWarehouseId,
      engine: runtime.database.engine,
    };
  } finally {
    await runtime.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-bench-'));
  const env = { DATA_DIR: dataDir };
  try {
    const seeded = await seed(env);
    console.log(
      `Engine: ${seeded.engine}; Node ${process.version}; ${os.cpus().length} cores; ${SECONDS} s per load run\n`,
    );
    if (seeded.engine === 'pglite') await measureEngineHop();
    const server = await startServer(env);
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seeded.email, password: PASSWORD }),
      });
      const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      const auth = { cookie };
      const load = (samples: number, connections = 50) => ({
        samples,
        connections,
        seconds: SECONDS,
      });
      const calls: [string, RequestSpec, ReturnType<typeof load>][] = [
        [
          'sign-in',
          {
            method: 'POST',
            path: '/api/auth/login',
            body: { email: seeded.email, password: PASSWORD },
          },
          // Sign-in counts an attempt before checking it, so more than the per-email limit
          // in flight at once would be refused (decision 0013); 8 stays under it.
          load(20, 8),
        ],
        ['dashboard list', { path: '/api/warehouse/summaries', headers: auth }, load(50)],
        [
          'one warehouse in full',
          { path: `/api/warehouse/${seeded.warehouseId}`, headers: auth },
          load(30),
        ],
        // Suggestions as staff type: a short prefix common to many customers, across the company and in one warehouse.
        [
          'search suggestions (company)',
          { path: '/api/search/suggestions?q=son', headers: auth },
          load(50),
        ],
        [
          'search suggestions (warehouse)',
          { path: `/api/search/suggestions?q=10&warehouseId=${seeded.warehouseId}`, headers: auth },
          load(50),
        ],
        // The whole company is a rare, 26 MiB read (integrations, not the screens): four at once is a busy day.
        [
          'company call (all warehouses)',
          { path: `/api/warehouse/company/${seeded.companyId}`, headers: auth },
          load(5, 4),
        ],
      ];
      const samples: Sample[] = [];
      for (const [name, spec, options] of calls)
        samples.push(await measure(server.url, name, spec, options));
      samples.push(...(await measureVaultOperations(server.url, cookie, seeded.warehouseId, 30)));
      printTable(samples);
      await measureMixedLoad(server.url, cookie, seeded.warehouseId, {
        seconds: MIXED_SECONDS,
        connections: 200,
        rate: MIXED_RATE,
        writers: 5,
      });
      printLiveLatency(await measureLiveLatency(server.url, cookie, seeded.warehouseId));
      console.log('\nIn Chromium (median and p99 of 5 rounds):');
      printTable(
        await measureBrowser(
          server.url,
          { email: seeded.email, password: PASSWORD },
          { slug: 'bench-warehouse-1', fieldCount: 1000 },
          'john',
          5,
        ),
      );
    } finally {
      server.child.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // On its own database, so the bench company's size does not change what it measures.
  printImportResult(await measureImport());
}

await main();

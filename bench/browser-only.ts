// npm run bench:browser: only the Chromium timings of issue 12, on one bench warehouse
// (25 x 40 fields, as `npm run bench` seeds them) on the embedded engine: a quick loop for
// work on the client. BENCH_ROUNDS sets the rounds (default as `npm run bench`). Build first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { BROWSER_ROUNDS, measureBrowser } from './browser';
import { BENCH_PASSWORD, seedBenchCompany } from './company';
import { printTable, startServer } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? BROWSER_ROUNDS);

async function seed(env: Record<string, string>): Promise<string> {
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'vaultgrid bench');
  try {
    return (await seedBenchCompany(runtime.database.db, { warehouses: 1 })).email;
  } finally {
    await runtime.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-bench-'));
try {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const email = await seed(env);
  const server = await startServer(env);
  try {
    const result = await measureBrowser(
      server.url,
      { email, password: BENCH_PASSWORD },
      { slug: 'bench-warehouse-1', fieldCount: 1000 },
      'john',
      ROUNDS,
    );
    printTable(result.samples);
    for (const page of result.strangerPages)
      console.log(
        `${page.path}: ${(page.gzipBytes / 1024).toFixed(1)} KiB gzip: ${page.files.join(' ')}`,
      );
  } finally {
    server.child.kill('SIGTERM');
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

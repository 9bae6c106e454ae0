// npm run bench:browser: only the Chromium timings of issue 12, on one bench warehouse
// (25 x 40 fields, as `npm run bench` seeds them) on the embedded engine: a quick loop for
// work on the client. BENCH_ROUNDS sets the rounds (default 9). Build first.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { generateCompanyData } from '../src/server/demo/generate';
import { measureBrowser } from './browser';
import { printTable, startServer } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PASSWORD = 'bench-password';

async function seed(env: Record<string, string>): Promise<string> {
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'vaultgrid bench');
  try {
    const { db } = runtime.database;
    const tag = crypto.randomBytes(3).toString('hex');
    const company = await createCompany(db, `Bench Storage ${tag}`);
    const email = `bench-${tag}@example.com`;
    await createUser(db, { companyId: company.id, email, password: PASSWORD });
    await generateCompanyData(db, {
      companyId: company.id,
      warehouses: [
        {
          name: 'Bench Warehouse 1',
          rows: 40,
          cols: 25,
          fieldCapacity: 3,
          length: 220,
          width: 140,
          fill: 0.95,
        },
      ],
      stagedVaults: 200,
      emptyShare: 0.05,
      seed: 1,
    });
    return email;
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
      { email, password: PASSWORD },
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

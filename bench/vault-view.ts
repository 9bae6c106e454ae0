// `npx tsx bench/vault-view.ts` (after `npm run build`): in Debian's Chromium, the time from
// opening a 1,000-field warehouse to its grid painted, and from typing a search and picking a
// suggestion to the highlight. Seeds its own company in a temporary data folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { generateCompanyData } from '../src/server/demo/generate';
import { percentile, startServer } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PASSWORD = 'bench-password';

async function seed(env: Record<string, string>) {
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'vaultgrid bench');
  try {
    const { db } = runtime.database;
    const tag = crypto.randomBytes(3).toString('hex');
    const company = await createCompany(db, `Bench View ${tag}`);
    const email = `bench-view-${tag}@example.com`;
    await createUser(db, { companyId: company.id, email, password: PASSWORD });
    await generateCompanyData(db, {
      companyId: company.id,
      warehouses: [{ name: 'Big Grid', rows: 40, cols: 25, fieldCapacity: 3, length: 220, width: 140, fill: 0.8 }],
      stagedVaults: 0,
      emptyShare: 0.05,
      seed: 3,
    });
    return { email };
  } finally {
    await runtime.close();
  }
}

function report(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} median ${percentile(sorted, 50).toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms`);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-bench-view-'));
  const env = { DATA_DIR: dataDir };
  try {
    const { email } = await seed(env);
    const server = await startServer(env);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1600, height: 1000 } });
      const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
      if (!login.ok()) throw new Error(`sign-in answered ${login.status()}`);
      await page.goto('/dashboard');

      const paints: number[] = [];
      const highlights: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        await page.goto('/warehouse/big-grid');
        await page.getByRole('gridcell').nth(999).waitFor();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
        paints.push(performance.now() - start);

        const typed = performance.now();
        await page.getByRole('combobox', { name: 'Search' }).fill('johnson');
        await page.getByRole('option').first().click();
        await page.locator('[data-dimmed="true"]').first().waitFor();
        highlights.push(performance.now() - typed);
      }
      console.log(`Chromium, 1,000-field warehouse, ${ROUNDS} rounds`);
      report('open warehouse -> grid painted', paints);
      report('type search + pick -> highlight', highlights);
    } finally {
      await browser.close();
      server.child.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

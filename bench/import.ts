// The spreadsheet import of 50,000 vaults, end to end through the HTTP API: upload the CSV,
// start the job, poll until it ends. Self-contained: it opens its own database (a fresh
// embedded engine in a temp folder, or the PostgreSQL of DATABASE_URL) and its own server, so
// `npm run bench` calls it as one step and `npx tsx bench/import.ts` runs it alone.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client';
import { createDiskStorage } from '../src/server/storage/storage';
import { LiveHub } from '../src/server/live/live-hub';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { columnLetters } from '../src/domain/field-names';
import { SessionCache } from '../src/server/lib/session-cache';

const PASSWORD = 'bench-password';

export interface ImportBenchResult {
  engine: 'pglite' | 'postgres';
  rows: number;
  fileBytes: number;
  /** Upload to the job's end, per run, in milliseconds. */
  runsMs: number[];
  medianMs: number;
  /** Other staff calls answered while the imports ran (decision 0050), in milliseconds. */
  beside: { calls: number; medianMs: number; maxMs: number; failed: number };
  /** Different `rows_done` values the progress polls saw while a job ran, per run. */
  progressSteps: number[];
}

/**
 * Another member of staff meanwhile: one call at a time, alternating between who-am-I and
 * one field's vaults, until the import ends. Answers the latency of each.
 */
async function callsBeside(
  baseUrl: string,
  cookie: string,
  fieldUrl: string,
  until: Promise<unknown>,
) {
  let isDone = false;
  void until.finally(() => {
    isDone = true;
  });
  const latencies: number[] = [];
  let failed = 0;
  for (let i = 0; !isDone; i++) {
    const started = performance.now();
    const res = await call(baseUrl, cookie, 'GET', i % 2 === 0 ? '/api/auth/' : fieldUrl);
    await res.arrayBuffer();
    if (res.ok) latencies.push(performance.now() - started);
    else failed++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { latencies, failed };
}

/** 50 columns x 100 rows x 10 positions: every row of the file has a place. */
function buildCsv(rows: number): Buffer {
  const lines = ['Vault Number,Customer,Order,Type,Warehouse,Field,Position,Note'];
  for (let i = 0; i < rows; i++) {
    const position = (i % 10) + 1;
    const fieldIndex = Math.floor(i / 10);
    const field = `${columnLetters(Math.floor(fieldIndex / 100))}${(fieldIndex % 100) + 1}`;
    lines.push(
      `V${i + 1},Customer ${i % 700},Order ${i % 3000},vault,Import Bench,${field},${position},Imported from the old system`,
    );
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

async function call(baseUrl: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

async function oneRun(baseUrl: string, database: Database, file: Buffer) {
  const db = database.db;
  const tag = crypto.randomBytes(3).toString('hex');
  const company = await createCompany(db, `Import Bench ${tag}`);
  const email = `import-bench-${tag}@example.com`;
  await createUser(db, { companyId: company.id, email, password: PASSWORD });
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const warehouse = await call(baseUrl, cookie, 'POST', '/api/warehouse/add-warehouse', {
    name: 'Import Bench',
    rows: 100,
    cols: 50,
    field_capacity: 10,
    length: 500,
    width: 1000,
  });
  if (!warehouse.ok) throw new Error(`Warehouse: ${warehouse.status} ${await warehouse.text()}`);

  const [field] = (
    (await database.db.execute(
      sql`SELECT id, warehouse_id FROM fields WHERE company_id = ${company.id} ORDER BY id LIMIT 1`,
    )) as unknown as { rows: { id: number; warehouse_id: number }[] }
  ).rows;
  if (!field) throw new Error('The bench warehouse has no field');
  const fieldUrl = `/api/warehouse/${field.warehouse_id}/${field.id}`;

  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'vaults.csv');
  const upload = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (!upload.ok) throw new Error(`Upload: ${upload.status} ${await upload.text()}`);
  const job = (await upload.json()) as { id: number; suggested_mapping: unknown };
  const start = await call(baseUrl, cookie, 'POST', `/api/imports/${job.id}/start`, {
    mapping: job.suggested_mapping,
  });
  if (!start.ok) throw new Error(`Start: ${start.status} ${await start.text()}`);
  const seen = new Set<number>();
  const finished = (async () => {
    for (;;) {
      const res = await call(baseUrl, cookie, 'GET', `/api/imports/${job.id}`);
      if (res.ok) {
        const state = (await res.json()) as {
          status: string;
          message: string | null;
          rows_done: number;
        };
        if (state.status === 'done') return performance.now() - started;
        if (state.status !== 'running') throw new Error(`Import ${state.status}: ${state.message}`);
        seen.add(state.rows_done);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const beside = await callsBeside(baseUrl, cookie, fieldUrl, finished);
  return { ms: await finished, beside, progressSteps: seen.size };
}

export async function measureImport(rows = 50_000, runs = 3): Promise<ImportBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-import-bench-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const filesDir = path.join(dataDir, 'files');
  const app = await buildApp(
    {
      db: database.db,
      storage: createDiskStorage(filesDir),
      sessions: await SessionCache.listening(database),
      sessionDays: 1,
      cookieSecure: 'never',
      live: await LiveHub.start(database, 'import bench'),
    },
    { logger: false },
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const file = buildCsv(rows);
    const runsMs: number[] = [];
    const latencies: number[] = [];
    const progressSteps: number[] = [];
    let failed = 0;
    for (let i = 0; i < runs; i++) {
      const run = await oneRun(`http://127.0.0.1:${port}`, database, file);
      runsMs.push(run.ms);
      latencies.push(...run.beside.latencies);
      failed += run.beside.failed;
      progressSteps.push(run.progressSteps);
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return {
      engine: database.engine,
      rows,
      fileBytes: file.length,
      runsMs,
      medianMs: median(runsMs),
      beside: {
        calls: latencies.length,
        medianMs: median(latencies),
        maxMs: Math.max(0, ...latencies),
        failed,
      },
      progressSteps,
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printImportResult(result: ImportBenchResult): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `\nSpreadsheet import (${result.engine}): ${result.rows.toLocaleString('en-US')} rows, ` +
      `${(result.fileBytes / 1024 / 1024).toFixed(1)} MB CSV, upload to done: median ` +
      `${seconds(result.medianMs)} of ${result.runsMs.length} (${result.runsMs.map(seconds).join(', ')})`,
  );
  const { beside } = result;
  console.log(
    `  other staff calls meanwhile (GET /api/auth/ and one field, one at a time): ` +
      `${beside.calls} answered, median ${beside.medianMs.toFixed(0)} ms, max ` +
      `${beside.maxMs.toFixed(0)} ms, ${beside.failed} refused; progress values seen per run: ` +
      result.progressSteps.join(', '),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printImportResult(await measureImport());
}

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
import { openDatabase } from '../src/server/db/client';
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

async function oneRun(baseUrl: string, db: Parameters<typeof createCompany>[0], file: Buffer) {
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
  for (;;) {
    const res = await call(baseUrl, cookie, 'GET', `/api/imports/${job.id}`);
    if (res.ok) {
      const state = (await res.json()) as { status: string; message: string | null };
      if (state.status === 'done') break;
      if (state.status !== 'running') throw new Error(`Import ${state.status}: ${state.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - started;
}

export async function measureImport(rows = 50_000, runs = 3): Promise<ImportBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-import-bench-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const filesDir = path.join(dataDir, 'files');
  const app = await buildApp(
    {
      db: database.db,
      status: () => database.status(),
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
    for (let i = 0; i < runs; i++) {
      runsMs.push(await oneRun(`http://127.0.0.1:${port}`, database.db, file));
    }
    const sorted = [...runsMs].sort((a, b) => a - b);
    return {
      engine: database.engine,
      rows,
      fileBytes: file.length,
      runsMs,
      medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
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
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printImportResult(await measureImport());
}

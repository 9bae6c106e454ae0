// `npx tsx bench/vault-calls.ts`: the vault calls at the bench's size (20 warehouses of
// 1,000 fields, about 54,000 vaults): add, stage and move one at a time, and search
// suggestions one at a time and under 50 connections.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openRuntime } from '../src/server/runtime';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { generateCompanyData } from '../src/server/demo/generate';
import { measure, percentile, printTable, startServer, type Sample } from './support';

const WAREHOUSES = Number(process.env.BENCH_WAREHOUSES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 30;
const PASSWORD = 'bench-password';

async function seed(env: Record<string, string>) {
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'vaultgrid bench');
  try {
    const { db } = runtime.database;
    const tag = crypto.randomBytes(3).toString('hex');
    const company = await createCompany(db, `Bench Vaults ${tag}`);
    const email = `bench-vaults-${tag}@example.com`;
    await createUser(db, { companyId: company.id, email, password: PASSWORD });
    const seeded = await generateCompanyData(db, {
      companyId: company.id,
      warehouses: Array.from({ length: WAREHOUSES }, (_, i) => ({
        name: `Bench Warehouse ${i + 1}`, rows: 40, cols: 25, fieldCapacity: 3, length: 220, width: 140, fill: 0.95,
      })),
      stagedVaults: 200,
      emptyShare: 0.05,
      seed: 1,
    });
    console.log(`Seeded ${WAREHOUSES} warehouses, ${seeded.vaultCount} vaults`);
    return { email, warehouseId: seeded.warehouseIds[0] ?? '' };
  } finally {
    await runtime.close();
  }
}

async function timed(run: () => Promise<Response>): Promise<{ ms: number; body: string; ok: boolean }> {
  const start = performance.now();
  const res = await run();
  const body = await res.text();
  return { ms: performance.now() - start, body, ok: res.ok };
}

function sample(name: string, times: number[], bytes: number): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  return { name, medianMs: percentile(sorted, 50), p99Ms: percentile(sorted, 99), rps: null, bytes };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-bench-vaults-'));
  const env = { DATA_DIR: dataDir };
  try {
    const { email, warehouseId } = await seed(env);
    const server = await startServer(env);
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      const headers = { cookie };
      const warehouse = (await (await fetch(`${server.url}/api/warehouse/${warehouseId}`, { headers })).json()) as {
        fieldCapacity: number;
        fields: Record<string, { id: string; type: string; full: boolean; vaults: Record<string, unknown> }>;
      };
      const open = Object.values(warehouse.fields).filter((f) => Object.keys(f.vaults).length < warehouse.fieldCapacity);
      const adds: number[] = [];
      const stages: number[] = [];
      const moves: number[] = [];
      let bytes = 0;
      for (const [i, field] of open.slice(0, ROUNDS).entries()) {
        const position = Object.keys(field.vaults).length + 1;
        const form = new FormData();
        form.set('customer_name', 'BENCH CUSTOMER');
        form.set('order_name', `BENCH-${i}`);
        form.set('vault_id', `B-${crypto.randomBytes(4).toString('hex')}`);
        form.set('field_id', field.id);
        form.set('position', String(position));
        const add = await timed(() => fetch(`${server.url}/api/vaults/`, { method: 'POST', headers, body: form }));
        if (!add.ok) throw new Error(`add: ${add.body}`);
        adds.push(add.ms);
        bytes = add.body.length;
        const vaultId = (JSON.parse(add.body) as { vault: { id: string } }).vault.id;
        const stage = await timed(() => fetch(`${server.url}/api/stage/vaults/${vaultId}`, { method: 'POST', headers }));
        if (!stage.ok) throw new Error(`stage: ${stage.body}`);
        stages.push(stage.ms);
        const move = await timed(() =>
          fetch(`${server.url}/api/vaults/move`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ vaultId, fieldId: field.id, position }),
          }),
        );
        if (!move.ok) throw new Error(`move: ${move.body}`);
        moves.push(move.ms);
      }
      const samples = [sample('add vault (multipart)', adds, bytes), sample('stage vault', stages, bytes), sample('move vault back', moves, bytes)];
      const load = { samples: 50, connections: 50, seconds: SECONDS };
      samples.push(await measure(server.url, 'search suggestions (company)', { path: '/api/search/suggestions?q=son', headers }, load));
      samples.push(await measure(server.url, 'search suggestions (warehouse)', { path: `/api/search/suggestions?q=10&warehouseId=${warehouseId}`, headers }, load));
      printTable(samples);
    } finally {
      server.child.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

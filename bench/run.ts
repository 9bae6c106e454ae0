// npm run bench: the speed budgets of issue 28, each printed with its target, its median and
// pass or FAIL, and the forklift moves a day's pull list saves (issue 32). `-- --only
// phone,server,load,memory,backup,import,pulls` runs some parts, `--runs N` sets
// the runs per budget (at least 5 for a figure to quote), `--no-pg` leaves PostgreSQL out,
// `--seconds N` sets the load's length. Servers listen on BENCH_PORT and the nine ports above.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startCluster } from '../tests/support/postgres-cluster';
import { planDay } from '../src/domain/pull-list-plan';
import { seededPullDay } from '../tests/support/pull-day';
import { figure, printFigures, type Engine, type Figure } from './figures';
import { measureBackup } from './backup';
import { measureImport } from './import';
import { measureLoad } from './load';
import { measurePhone } from './phone';
import { measureServerCalls } from './server';
import { seedCompany, signIn, startServer, tempDir } from './support';

const PARTS = ['phone', 'server', 'load', 'memory', 'backup', 'import', 'pulls'] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: PARTS.join(',') },
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '60' },
    pg: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const only = new Set(values.only.split(',').map((p) => p.trim()));
const unknown = [...only].filter((p) => !PARTS.includes(p as Part));
if (unknown.length > 0)
  throw new Error(`--only takes ${PARTS.join(', ')}; not ${unknown.join(', ')}.`);
const runs = Number(values.runs);
const seconds = Number(values.seconds);
const port = Number(process.env.BENCH_PORT ?? 3330);
const has = (part: Part) => only.has(part);
const figures = new Map<Part, Figure[]>(PARTS.map((p) => [p, []]));
const keep = (part: Part, found: Figure[]) => figures.get(part)?.push(...found);

async function phone() {
  const dataDir = tempDir('phone');
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const demo = spawnSync(process.execPath, ['bin/vaultgrid.mjs', 'demo'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (demo.status !== 0) throw new Error(`vaultgrid demo failed: ${demo.stderr}`);
    const server = await startServer(env, port);
    try {
      keep('phone', await measurePhone(server.url, runs));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench company on one engine: the server calls, the load, and the memory after them. */
async function onEngine(engine: Engine, offset: number) {
  const dataDir = tempDir('server');
  const cluster = engine === 'PostgreSQL' ? await startCluster() : null;
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: cluster?.url ?? '' };
    const started = performance.now();
    const company = await seedCompany(env, 20);
    const took = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`${engine}: seeded 20 warehouses, ${company.vaultCount} vaults in ${took} s`);
    const server = await startServer(env, port + offset);
    // The highest resident size while the bench runs, for the note beside the budget.
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 250);
    try {
      const client = await signIn(server.url, company.email);
      // The memory budget is the resident size after a bench: the calls at least.
      if (has('server') || has('memory'))
        keep('server', await measureServerCalls(client, engine, company, runs));
      if (has('load')) {
        const connections = engine === 'PGlite' ? 50 : 200;
        keep('load', await measureLoad(client, engine, company, connections, seconds));
      }
      if (has('backup') && engine === 'PGlite') {
        const field = `/api/warehouse/${company.warehouseIds[0] ?? 0}`;
        keep('backup', await measureBackup(client, field));
      }
      if (has('memory') && engine === 'PGlite') {
        clearInterval(sampler);
        const after = server.rssMiB();
        // At rest, as between two calls on a slow afternoon: V8 gives the garbage of the last
        // minute back some seconds after its thread goes quiet.
        await new Promise((resolve) => setTimeout(resolve, 30_000));
        keep('memory', [
          figure('resident, 30 s after the bench', engine, 250, [server.rssMiB()], 'MiB'),
          figure('resident as the bench ends', engine, null, [after], 'MiB'),
          figure('resident at its highest in the bench', engine, null, [peak], 'MiB'),
        ]);
      }
    } finally {
      clearInterval(sampler);
      await server.stop();
    }
  } finally {
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (has('phone')) await phone();
if (['server', 'load', 'memory', 'backup'].some((p) => has(p as Part))) await onEngine('PGlite', 1);
if (values.pg && (has('server') || has('load'))) await onEngine('PostgreSQL', 2);
if (has('import')) keep('import', await measureImport(port + 3));

const titles: Record<Part, string> = {
  phone: `Phone (390 x 844, touch, CPU 4x slower, 40 ms latency), demo company, ${runs} runs`,
  server: `Server calls, one at a time, 20 warehouses (20,000 fields), ${runs} runs`,
  load: `Load: a floor day's mix for ${seconds} s, 50 connections on PGlite, 200 on PostgreSQL`,
  memory: 'Memory of the PGlite server, started by scripts/start-server.sh',
  backup: 'A backup taken while staff read a warehouse (PGlite)',
  import: 'Spreadsheet import',
  pulls: '',
};
for (const part of PARTS) {
  const found = figures.get(part) ?? [];
  if (found.length > 0) printFigures(titles[part], found);
}
const day = has('pulls') ? planDay(seededPullDay(10)) : null;
const saved = day && `${day.moves} forklift moves as one day plan, ${day.movesOneByOne} one by one`;
if (saved) console.log(`\nPull list of 10 seeded requests: ${saved}`);

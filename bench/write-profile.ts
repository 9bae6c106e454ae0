// The three floor writes alone (add, stage, move), for working on them: medians of
// sequential requests beside a Fastify hello world measured in the same process and run, and
// the messages one write sends to the embedded engine's thread (decision 0058).
//   npx tsx bench/write-profile.ts            embedded engine (seeded once into /tmp)
//   ENGINE=postgres npx tsx bench/write-profile.ts   a throwaway PostgreSQL cluster
// WAREHOUSES (default 2) and ROUNDS (default 200) size the run (a round per field with room, in
// warehouse after warehouse); VERBOSE=1 lists the messages. LAST=n takes the medians of the last
// n rounds only: the first few hundred run while V8 still compiles the hot code (decision 0090).
// It also prints the CPU time per write of the main thread, the engine's thread and V8's helper
// threads (compilers, GC) from Linux's per-thread counters: CPU time moves far less than wall
// time with the load of a shared machine. RECORD=file writes one add's, one stage's and one
// move's messages for bench/engine-turns.ts and bench/statement-costs.ts; LOOP_WINDOW=1 prints the write loop's bounds on the
// clock of `node --cpu-prof` profiles, to cut them to the writes (decision 0090).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { openDatabase, queryRows, type Database } from '../src/server/db/client';
import { PgliteWorkerPool } from '../src/server/db/pglite-pool';
import type { AppDeps } from '../src/server/deps';
import { SessionCache } from '../src/server/lib/session-cache';
import { LiveHub } from '../src/server/live/live-hub';
import { createDiskStorage } from '../src/server/storage/storage';
import { startCluster } from '../tests/support/postgres-cluster';
import { BENCH_PASSWORD, seedBenchCompany } from './company';

const ENGINE = process.env.ENGINE === 'postgres' ? 'postgres' : 'pglite';
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const WAREHOUSES = Number(process.env.WAREHOUSES ?? 2);
const VERBOSE = process.env.VERBOSE === '1';
const EMAIL = 'bench@example.com';

interface Message {
  statements: string[];
  ms: number;
}
let messages: Message[] | null = null;
/** RECORD=file: one add's, stage's and move's messages to the engine, as sent, for replaying. */
let recording: { text: string; values: unknown[] }[][] | null = null;
const recorded: Record<string, unknown> = {};
const runAll = PgliteWorkerPool.prototype.runAll;
PgliteWorkerPool.prototype.runAll = async function (queries) {
  const start = performance.now();
  try {
    return await runAll.call(this, queries);
  } finally {
    messages?.push({ statements: queries.map((q) => q.text), ms: performance.now() - start });
    recording?.push(queries.map((q) => ({ text: q.text, values: q.values ?? [] })));
  }
};

async function seed(database: Database): Promise<void> {
  await seedBenchCompany(database.db, {
    warehouses: WAREHOUSES,
    name: 'Bench Storage',
    email: EMAIL,
  });
}

async function openSeeded(): Promise<{ database: Database; stop: () => void }> {
  if (ENGINE === 'postgres') {
    const cluster = await startCluster();
    const database = await openDatabase({ databaseUrl: cluster.url, dataDir: '' });
    await seed(database);
    return { database, stop: () => cluster.stop() };
  }
  // Seeded once per size; each run works on a fresh copy.
  const seeded = path.join(os.tmpdir(), `vaultgrid-write-profile-${WAREHOUSES}`);
  if (!fs.existsSync(seeded)) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: seeded });
    await seed(database);
    await database.close();
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-write-run-'));
  fs.cpSync(seeded, copy, { recursive: true });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: copy });
  return { database, stop: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

/** CPU time (ms) of each of this process's threads, from Linux's per-thread counters. */
function threadTimes(): Map<string, number> {
  const tick = 10; // USER_HZ is 100 on Linux
  const times = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    times.set(
      tid === String(process.pid) ? 'main' : `${name}#${tid}`,
      (Number(fields[11]) + Number(fields[12])) * tick,
    );
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** CPU time of the whole process (both threads, the bench's client included) per call kind. */
const cpu: Record<string, number[]> = {};

async function timed(
  call: () => Promise<Response>,
): Promise<{ ms: number; body: string; cpuMs: number }> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const res = await call();
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body}`);
  const used = process.cpuUsage(cpuStart);
  return { ms: performance.now() - start, body, cpuMs: (used.user + used.system) / 1000 };
}

/** Times one write; on the first round, also lists its messages. */
async function write(
  name: string,
  times: number[],
  show: boolean,
  call: () => Promise<Response>,
): Promise<string> {
  if (show) messages = [];
  const { ms, body, cpuMs } = await timed(call);
  times.push(ms);
  (cpu[name] ??= []).push(cpuMs);
  if (show && messages) {
    const statements = messages.reduce((n, m) => n + m.statements.length, 0);
    console.log(`${name}: ${messages.length} messages, ${statements} statements`);
    if (VERBOSE) {
      for (const m of messages) {
        const texts = m.statements.map((t) => t.replace(/\s+/g, ' ').slice(0, 50));
        console.log(`  ${m.ms.toFixed(2)} ms  ${texts.join(' | ')}`);
      }
    }
    messages = null;
  }
  return body;
}

const { database, stop } = await openSeeded();
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-write-files-'));
const deps: AppDeps = {
  db: database.db,
  storage: createDiskStorage(filesDir),
  live: await LiveHub.start(database, 'bench'),
  sessions: await SessionCache.listening(database),
  sessionDays: 30,
  cookieSecure: 'never',
};
const app = await buildApp(deps, { logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: BENCH_PASSWORD }),
});
const headers = { cookie: (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '' };
// Fields with room, warehouse after warehouse, as many as the rounds need: the first rounds
// run while V8 still compiles the app's hot code, so a long run measures it warm.
const warehouseIds = await queryRows<{ id: number }>(
  database.db,
  sql`SELECT id FROM warehouses ORDER BY id`,
);
if (warehouseIds.length === 0) throw new Error('The bench company has no warehouse.');
const open: { id: number; vaults: object }[] = [];
for (const { id } of warehouseIds) {
  if (open.length >= ROUNDS) break;
  const warehouse = (await (await fetch(`${base}/api/warehouse/${id}`, { headers })).json()) as {
    fieldCapacity: number;
    fields: Record<string, { id: number; type: string; full: boolean; vaults: object }>;
  };
  open.push(
    ...Object.values(warehouse.fields).filter(
      (f) =>
        f.type === 'vault' && !f.full && Object.keys(f.vaults).length < warehouse.fieldCapacity,
    ),
  );
}

const hellos: number[] = [];
for (let i = 0; i < 300; i++) hellos.push((await timed(() => fetch(helloUrl))).ms);
const adds: number[] = [];
const stages: number[] = [];
const moves: number[] = [];
const rounds = Math.min(ROUNDS, open.length);
// The warm part of a long run: the last LAST rounds, from which medians and CPU are taken.
const warmFrom = Math.max(0, rounds - Number(process.env.LAST ?? rounds));
let loopStart = process.hrtime.bigint();
let threadsBefore = threadTimes();
for (let i = 0; i < rounds; i++) {
  const field = open[i];
  if (!field) break;
  if (i === warmFrom) {
    loopStart = process.hrtime.bigint();
    threadsBefore = threadTimes();
    for (const times of [adds, stages, moves, ...Object.values(cpu)]) times.length = 0;
  }
  const position = Object.keys(field.vaults).length + 1;
  const form = new FormData();
  form.set('customer_name', 'BENCH CUSTOMER');
  form.set('order_name', `BENCH-${i}`);
  form.set('vault_id', `B${Date.now()}${i}`);
  form.set('type', 'vault');
  form.set('field_id', String(field.id));
  form.set('position', String(position));
  // The first rounds warm the statements and plans; the messages are listed after them.
  const show = ENGINE === 'pglite' && i === 10;
  if (i === 10 && process.env.RECORD) recording = [];
  const added = await write('add', adds, show, () =>
    fetch(`${base}/api/vaults/`, { method: 'POST', headers, body: form }),
  );
  const vaultId = (JSON.parse(added) as { vault: { id: number } }).vault.id;
  if (recording) {
    recorded.add = recording;
    recording = [];
  }
  await write('stage', stages, show, () =>
    fetch(`${base}/api/stage/vaults/${vaultId}`, { method: 'POST', headers }),
  );
  if (recording) {
    recorded.stage = recording;
    recording = [];
  }
  await write('move', moves, show, () =>
    fetch(`${base}/api/vaults/move`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ vaultId, fieldId: field.id, position }),
    }),
  );
  if (recording) {
    recorded.move = recording;
    recording = null;
  }
}

if (process.env.RECORD) fs.writeFileSync(process.env.RECORD, JSON.stringify(recorded));
const f = (n: number) => n.toFixed(2);
const threadsAfter = threadTimes();
// The main thread; then the busiest other, the engine's (on PostgreSQL, the busiest helper);
// then V8's helper threads together.
const spent = [...threadsAfter]
  .map(([tid, ms]) => [tid, ms - (threadsBefore.get(tid) ?? 0)] as const)
  .sort((a, b) => b[1] - a[1]);
const others = spent.filter(([tid]) => tid !== 'main');
const sum = (xs: (readonly [string, number])[]) => xs.reduce((n, [, ms]) => n + ms, 0);
const busy = [
  ['main', sum(spent.filter(([tid]) => tid === 'main'))],
  ['engine', sum(others.slice(0, 1))],
  ['helpers', sum(others.slice(1))],
] as const;
const writes = adds.length + stages.length + moves.length;
console.log(
  `CPU per write by thread: ${busy.map(([name, ms]) => `${name} ${(ms / writes).toFixed(2)}`).join(', ')} ms`,
);
if (process.env.LOOP_WINDOW === '1') {
  // The write loop's bounds on the CPU profiles' clock (microseconds), to cut them to it.
  console.log(`loop window ${loopStart / 1000n} ${process.hrtime.bigint() / 1000n}`);
}
console.log(
  `${ENGINE}, ${rounds} rounds (the last ${rounds - warmFrom} measured), load ${os.loadavg()[0]?.toFixed(1)}: hello ${f(median(hellos))} ms, ` +
    `add ${f(median(adds))} ms, stage ${f(median(stages))} ms, move ${f(median(moves))} ms; ` +
    `process CPU per call: ${Object.entries(cpu)
      .map(([k, xs]) => `${k} ${f(median(xs))} ms`)
      .join(', ')}`,
);
await hello.close();
await app.close();
await database.close();
fs.rmSync(filesDir, { recursive: true, force: true });
stop();

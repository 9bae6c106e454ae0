// The embedded engine's own time for each statement of an add, a stage and a move, one by one:
// each recorded statement is sent alone (prepared once, as the engine's thread does) into
// PGlite on a copy of the seeded bench data, round after round, and the median of each is
// printed, with the statements PostgreSQL planned afresh at each run instead of once
// (decision 0116). Needs a recording of the three writes:
//   RECORD=/tmp/writes.json WAREHOUSES=6 npx tsx bench/write-profile.ts
//   WRITES=/tmp/writes.json WAREHOUSES=6 npx tsx bench/statement-costs.ts
// EXTRA_SQL=file runs that SQL on the copy first (a changed trigger or index to try).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { protocol } from '@electric-sql/pglite';
import {
  copyOfSeeded,
  loadRecordedWrites,
  openAsEngine,
  turnMessage,
  vaultToReplay,
  type Statement,
} from './recorded-writes';

const WRITES = process.env.WRITES ?? path.join(os.tmpdir(), 'writes.json');
const WAREHOUSES = Number(process.env.WAREHOUSES ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARM_UP = 30;
const seeded = path.join(os.tmpdir(), `vaultgrid-write-profile-${WAREHOUSES}`, 'pglite');

const recorded = loadRecordedWrites(WRITES);
const { add } = recorded;
if (!add) throw new Error(`${WRITES} holds no add: record it again.`);

const dir = copyOfSeeded(seeded, 'statement-costs');
const pg = await openAsEngine(
  dir,
  process.env.EXTRA_SQL ? fs.readFileSync(process.env.EXTRA_SQL, 'utf8') : '',
);
const { stage, move } = recorded.onto(await vaultToReplay(pg, recorded));

const prepared = new Map<string, string>();
/** One statement alone in one call, as a turn of one; its time and its first value. */
async function runAlone(st: Statement): Promise<{ ms: number; first: unknown }> {
  const { bytes } = turnMessage([st], prepared, (_, fresh) => fresh);
  const start = performance.now();
  const messages = await pg.execProtocolStream(bytes, { throwOnError: false });
  const ms = performance.now() - start;
  const error = messages.find((m) => m instanceof protocol.messages.DatabaseError);
  if (error) throw error;
  const row = messages.find((m) => m instanceof protocol.messages.DataRowMessage);
  return { ms, first: row instanceof protocol.messages.DataRowMessage ? row.fields[0] : null };
}

const times = new Map<string, number[]>();
const label = (write: string, i: number, st: Statement) =>
  `${write} ${String(i + 1).padStart(2)}  ${st.text.replace(/\s+/g, ' ').slice(0, 60)}`;
const keep = (key: string, ms: number, round: number) => {
  if (round >= WARM_UP) times.set(key, [...(times.get(key) ?? []), ms]);
};

// Each round adds a vault of its own, with an order of its own as the bench does, at the
// recorded field's next position, and deletes it untimed afterwards.
const [{ n: standing } = { n: 0 }] = (
  await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM vaults WHERE field_id = $1', [
    recorded.field,
  ])
).rows;

for (let round = 0; round < ROUNDS; round++) {
  const name = `REPLAY-${round}-${Date.now()}`;
  const reads = add.reads(name, recorded.field);
  const firsts: unknown[] = [];
  for (const [i, st] of reads.entries()) {
    const { ms, first } = await runAlone(st);
    keep(label('add', i, st), ms, round);
    firsts.push(first);
  }
  const ids = add.newIds((i) => firsts[i]);
  for (const [i, st] of add
    .writes(name, ids, { field: recorded.field, position: standing + 1 })
    .entries()) {
    keep(label('add', reads.length + i, st), (await runAlone(st)).ms, round);
  }
  await pg.query('DELETE FROM vaults WHERE id = $1', [ids.vault]);
  for (const [write, turns] of [
    ['stage', stage],
    ['move', move],
  ] as const) {
    for (const [i, st] of [...turns[0], ...turns[1]].entries())
      keep(label(write, i, st), (await runAlone(st)).ms, round);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`${ROUNDS - WARM_UP} rounds, load ${os.loadavg()[0]?.toFixed(1)}; medians in ms:`);
const totals = new Map<string, number>();
for (const [key, xs] of times) {
  const write = key.split(' ')[0] ?? '';
  totals.set(write, (totals.get(write) ?? 0) + median(xs));
  console.log(`  ${median(xs).toFixed(3)}  ${key}`);
}
console.log(`  sums: ${[...totals].map(([write, ms]) => `${write} ${ms.toFixed(3)}`).join(', ')}`);
const replanned = await pg.query<{ statement: string; custom: number }>(
  'SELECT statement, custom_plans::int AS custom FROM pg_prepared_statements WHERE custom_plans > 5',
);
for (const { statement, custom } of replanned.rows)
  console.log(`planned afresh ${custom} times: ${statement.replace(/\s+/g, ' ').slice(0, 100)}`);
await pg.close();
fs.rmSync(dir, { recursive: true, force: true });

// The embedded engine's own time for one stage and one move, turn by turn, with no thread and
// no HTTP: the messages `bench/write-profile.ts` recorded (RECORD=file) are replayed straight
// into PGlite on a copy of its seeded bench data, stage then move back, again and again. Two
// copies run side by side, alternating, so a change is measured against the same load:
//   RECORD=/tmp/writes.json WAREHOUSES=20 npx tsx bench/write-profile.ts
//   WRITES=/tmp/writes.json npx tsx bench/engine-turns.ts
// Each copy runs each turn with Describe every time (before decision 0090) and only the first
// time (after). EXTRA_SQL=file runs that SQL on the second copy first (a trigger to try).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { protocol, type PGlite } from '@electric-sql/pglite';
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
const CYCLES = Number(process.env.CYCLES ?? 200);
const WARM_UP = 10;
const seeded = path.join(os.tmpdir(), `vaultgrid-write-profile-${WAREHOUSES}`, 'pglite');

const recorded = loadRecordedWrites(WRITES);

interface Copy {
  pg: PGlite;
  prepared: Map<string, string>;
  /** The stage and move turns, on a vault of this copy (recorded-writes.ts). */
  turns: [string, Statement[]][];
}

async function open(name: string, extraSql?: string): Promise<Copy> {
  const pg = await openAsEngine(copyOfSeeded(seeded, `engine-turns-${name}`), extraSql);
  const { stage, move } = recorded.onto(await vaultToReplay(pg, recorded));
  const turns: [string, Statement[]][] = [
    ['stage 1', stage[0]],
    ['stage 2', stage[1]],
    ['move 1', move[0]],
    ['move 2', move[1]],
  ];
  return { pg, prepared: new Map(), turns };
}

/** One turn as pglite-worker.ts sends it: one call, every text prepared once. */
async function run(copy: Copy, statements: Statement[], describeAlways: boolean): Promise<number> {
  const { bytes } = turnMessage(statements, copy.prepared, (_, fresh) => describeAlways || fresh);
  const start = performance.now();
  const messages = await copy.pg.execProtocolStream(bytes, {
    throwOnError: false,
  });
  const ms = performance.now() - start;
  const error = messages.find((m) => m instanceof protocol.messages.DatabaseError);
  if (error) throw error;
  return ms;
}

const extraSql = process.env.EXTRA_SQL ? fs.readFileSync(process.env.EXTRA_SQL, 'utf8') : '';
const copies: [string, Copy][] = [['as is', await open('a')]];
if (extraSql) copies.push(['with EXTRA_SQL', await open('b', extraSql)]);
const variants = copies.flatMap(([label, copy]) => [
  { label: `${label}, Describe every run`, copy, describeAlways: true },
  { label: `${label}, Describe once`, copy, describeAlways: false },
]);

const times = new Map<string, number[]>();
for (let c = 0; c < CYCLES; c++) {
  // A different variant first in each cycle, so none always follows the same one.
  for (let k = 0; k < variants.length; k++) {
    const variant = variants[(k + c) % variants.length];
    if (!variant) continue;
    for (const [turn, statements] of variant.copy.turns) {
      const ms = await run(variant.copy, statements, variant.describeAlways);
      const key = `${variant.label}|${turn}`;
      if (c >= WARM_UP) times.set(key, [...(times.get(key) ?? []), ms]);
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`${CYCLES - WARM_UP} cycles, load ${os.loadavg()[0]?.toFixed(1)}; medians in ms:`);
for (const variant of variants) {
  const cells = variant.copy.turns.map(([turn]) =>
    median(times.get(`${variant.label}|${turn}`) ?? []),
  );
  const sum = (a: number, b: number) => a + b;
  console.log(
    `  ${variant.label.padEnd(36)} ${variant.copy.turns.map(([turn], i) => `${turn} ${cells[i]?.toFixed(3)}`).join('  ')}` +
      `  | stage ${cells.slice(0, 2).reduce(sum, 0).toFixed(3)}, move ${cells.slice(2).reduce(sum, 0).toFixed(3)}`,
  );
}
for (const [, copy] of copies) {
  const dir = copy.pg.dataDir;
  await copy.pg.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

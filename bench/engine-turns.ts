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
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  loadRecordedWrites,
  turnMessage,
  VAULT_TO_REPLAY,
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vaultgrid-engine-turns-${name}-`));
  fs.cpSync(seeded, dir, { recursive: true });
  const params = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  // As the engine's thread starts it (pglite-worker.ts).
  const pg = new PGlite({
    dataDir: dir,
    startParams: [...params, '-c', 'shared_buffers=16MB'],
    extensions: { pg_trgm },
  });
  await pg.waitReady;
  if (extraSql) await pg.exec(extraSql);
  // Listening, as the server does: a commit's notices are then read and handed on.
  await pg.listen('vaultgrid_live', () => {});
  await pg.listen('vaultgrid_versions', () => {});
  const { rows } = await pg.query<{ id: number }>(VAULT_TO_REPLAY, [recorded.field]);
  const vault = rows[0];
  if (!vault) throw new Error('the recorded field holds no vault in the seeded copy');
  const { stage, move } = recorded.onto(Number(vault.id));
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

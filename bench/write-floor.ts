// The floor under an add, a stage and a move on the embedded engine: an HTTP server that does
// nothing but hand a write's recorded statements to an engine thread and answer the vault row,
// timed beside the real server doing the same write on a copy of the same data, and a Fastify
// hello world. No rules, no Drizzle, no session, no presenter: what is left is Node's HTTP (the
// add's form read as bytes, not parsed), one or two messages to a thread and PGlite running
// the statements. If that is above a target, no change to our code between them can meet it
// (decisions 0114, 0118).
//   RECORD=/tmp/writes.json WAREHOUSES=6 npx tsx bench/write-profile.ts   (records the turns)
//   npm run build && WRITES=/tmp/writes.json WAREHOUSES=6 npx tsx bench/write-floor.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { protocol } from '@electric-sql/pglite';
import { signIn } from './company';
import {
  copyOfSeeded,
  loadRecordedWrites,
  openAsEngine,
  turnMessage,
  vaultToReplay,
  type Statement,
} from './recorded-writes';
import { percentile, sequentialWrite, startServer } from './support';
import { multipart } from './vault-operations';

/** What the floor's engine thread is asked: statements to run in one call, or the set-up. */
type FloorRequest =
  | { id: number; statements: Statement[] }
  | { id: number; setUp: true }
  /** Both turns of an add in one message: the second needs ids the first answers. */
  | { id: number; add: { name: string; field: number } };
interface FloorReply {
  id: number;
  error?: string;
  /** The time PGlite took for the statements (`execProtocolStream`), on the engine thread. */
  engineMs?: number;
  results?: { fields: string[]; rows: (string | null)[][] }[];
  vault?: { id: number; fieldId: number };
  /** An empty vault field of the same warehouse, for the adds. */
  addField?: number;
}

const WAREHOUSES = Number(process.env.WAREHOUSES ?? 6);
const WRITES = process.env.WRITES ?? path.join(os.tmpdir(), 'writes.json');
const WARM_UP = Number(process.env.WARM_UP ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 400);
/** Rounds each variant runs in a row: 1 interleaves them; more lets each keep its caches warm. */
const BLOCK = Number(process.env.BLOCK ?? 1);
const seeded = path.join(os.tmpdir(), `vaultgrid-write-profile-${WAREHOUSES}`);

// --- the engine thread: PGlite started as pglite-worker.ts starts it, one call per message ---
async function engineThread(port: NonNullable<typeof parentPort>, dataDir: string) {
  try {
    os.setPriority(0, 10); // as the app's engine thread (decision 0103)
  } catch {
    // A preference only.
  }
  const pg = await openAsEngine(dataDir);
  const prepared = new Map<string, string>();
  const columns = new Map<string, string[]>();

  async function run(statements: Statement[]): Promise<Omit<FloorReply, 'id'>> {
    const { bytes, names } = turnMessage(statements, prepared, (name) => !columns.has(name));
    const start = performance.now();
    const messages = await pg.execProtocolStream(bytes, { throwOnError: false });
    const engineMs = performance.now() - start;
    const results: NonNullable<FloorReply['results']> = [];
    let rows: (string | null)[][] = [];
    for (const m of messages) {
      const name = names[results.length] ?? '';
      if (m instanceof protocol.messages.DatabaseError) throw new Error(m.message);
      if (m instanceof protocol.messages.RowDescriptionMessage) {
        columns.set(
          name,
          m.fields.map((f) => f.name),
        );
      } else if (m.name === 'noData') columns.set(name, []);
      else if (m instanceof protocol.messages.DataRowMessage) rows.push(m.fields);
      else if (m instanceof protocol.messages.CommandCompleteMessage) {
        results.push({ fields: columns.get(name) ?? [], rows });
        rows = [];
      }
    }
    return { results, engineMs };
  }

  port.on('message', (request: FloorRequest) => {
    const answer = async (): Promise<FloorReply> => {
      if ('setUp' in request) {
        const vault = await vaultToReplay(pg, recorded);
        const { rows } = await pg.query<{ id: number }>(
          `SELECT f.id FROM fields f
            WHERE f.warehouse_id = (SELECT warehouse_id FROM fields WHERE id = $1)
              AND f.type = 'vault' AND NOT f.full
              AND NOT EXISTS (SELECT 1 FROM vaults v WHERE v.field_id = f.id)
            ORDER BY f.id LIMIT 1`,
          [recorded.field],
        );
        const addField = rows[0]?.id;
        if (addField === undefined) throw new Error('the recorded warehouse has no empty field');
        return { id: request.id, vault: { id: vault, fieldId: recorded.field }, addField };
      }
      if ('add' in request) {
        return { id: request.id, ...(await replayAdd(request.add.name, request.add.field, run)) };
      }
      return { id: request.id, ...(await run(request.statements)) };
    };
    answer().then(
      (reply) => port.postMessage(reply),
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
    );
  });
}

const recorded = loadRecordedWrites(WRITES);

/**
 * The recorded add's two turns, each through `run`: in the engine thread they make one turn,
 * through messages to it two. The vault goes to position 1 of `field`.
 */
async function replayAdd(
  name: string,
  field: number,
  run: (statements: Statement[]) => Promise<Omit<FloorReply, 'id'>>,
): Promise<Omit<FloorReply, 'id'>> {
  if (!recorded.add) throw new Error(`${WRITES} holds no add: record it again.`);
  const add = recorded.add;
  const first = await run(add.reads(name, field));
  const ids = add.newIds((i) => first.results?.[i]?.rows[0]?.[0]);
  const second = await run(add.writes(name, ids, { field, position: 1 }));
  return { results: second.results, engineMs: (first.engineMs ?? 0) + (second.engineMs ?? 0) };
}

// --- the floor's HTTP server, in its own process as our server is ---
async function floorServer(dataDir: string) {
  const here = new URL(import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(here)}); });`,
    { eval: true, workerData: { dataDir }, resourceLimits: { maxYoungGenerationSizeMb: 12 } },
  );
  const pending = new Map<number, (reply: FloorReply) => void>();
  let nextId = 1;
  worker.on('message', (reply: FloorReply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const ask = (request: Omit<FloorRequest, 'id'>): Promise<FloorReply> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (reply) => (reply.error ? reject(new Error(reply.error)) : resolve(reply)));
      worker.postMessage({ ...request, id });
    });
  const { vault, addField } = await ask({ setUp: true });
  if (!vault || addField === undefined) throw new Error('no vault to stage');
  const turns = recorded.onto(vault.id);
  /** The vault row as an object, from the write's result (the one with rows and many columns). */
  const answerOf = (results: NonNullable<FloorReply['results']>) => {
    const result = results.find((r) => r.rows.length === 1 && r.fields.length > 5);
    const row = result?.rows[0];
    // No row: the write found no vault, and the floor would time a write that wrote nothing.
    if (!result || !row) throw new Error('the write answered no vault');
    // A column named twice (the vault's id, its warehouse's id) keeps its first value.
    const vault: Record<string, string | null> = {};
    result.fields.forEach((f, i) => (vault[f] ??= row[i] ?? null));
    return vault;
  };

  const app = Fastify({ logger: false });
  // The add's form is read whole, as bytes: a server must at least take it off the socket.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_, body, done) =>
    done(null, body),
  );
  app.get('/hello', async () => ({ hello: 'world' }));
  let added = 0;
  app.post<{ Params: { turns: string } }>('/floor/:turns/add', async (request) => {
    const name = `FLOOR-${++added}-${Date.now()}`;
    const { results = [], engineMs } =
      request.params.turns === 'one'
        ? await ask({ add: { name, field: addField } })
        : await replayAdd(name, addField, (statements) => ask({ statements }));
    return { vault: answerOf(results), engineMs };
  });
  // At our server's path, so that one driver deletes on both.
  app.delete<{ Params: { id: string } }>('/api/vaults/:id', async (request) => {
    const text = 'DELETE FROM vaults WHERE id = $1';
    await ask({ statements: [{ text, values: [Number(request.params.id)] }] });
    return {};
  });
  app.route<{ Params: { kind: 'stage' | 'move'; turns: string } }>({
    method: ['POST', 'PUT'],
    url: '/floor/:turns/:kind',
    handler: async (request) => {
      const [first, second] = turns[request.params.kind];
      if (request.params.turns === 'one') {
        const { results = [], engineMs } = await ask({ statements: [...first, ...second] });
        return { vault: answerOf(results), engineMs };
      }
      const { engineMs: firstMs = 0 } = await ask({ statements: first });
      const { results = [], engineMs = 0 } = await ask({ statements: second });
      return { vault: answerOf(results), engineMs: firstMs + engineMs };
    },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`floor running at ${url} vault ${vault.id} field ${vault.fieldId} add ${addField}`);
}

// --- the driver ---
interface Timed {
  ms: number;
  /** The floor's own report of PGlite's time; absent for our server and hello world. */
  engineMs?: number;
  /** The vault an add made, to delete untimed after it. */
  vaultId?: number;
}

function startFloor(
  dataDir: string,
): Promise<{ url: string; vault: number; field: number; addField: number; child: ChildProcess }> {
  // The flags and allocator settings scripts/start-server.sh gives the embedded engine's server.
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      '--optimize-for-size',
      '--single-threaded-gc',
      '--import',
      'tsx',
      'bench/write-floor.ts',
      'serve',
      dataDir,
    ],
    {
      env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '16384' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+) vault (\d+) field (\d+) add (\d+)/.exec(out);
      if (m?.[1]) {
        resolve({
          url: m[1],
          vault: Number(m[2]),
          field: Number(m[3]),
          addField: Number(m[4]),
          child,
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`floor server exited with ${code}: ${out}`)));
  });
}

async function timedWrite(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Timed> {
  const start = performance.now();
  const res = await sequentialWrite(url, method, headers, body);
  const ms = performance.now() - start;
  if (res.status < 200 || res.status > 299)
    throw new Error(`${url} answered ${res.status}: ${res.text}`);
  const { engineMs, vault } = JSON.parse(res.text) as {
    engineMs?: number;
    vault?: { id?: number | string };
  };
  return { ms, engineMs, vaultId: vault?.id === undefined ? undefined : Number(vault.id) };
}

async function drive() {
  if (!fs.existsSync(seeded)) {
    throw new Error(
      `${seeded} is missing: run bench/write-profile.ts with WAREHOUSES=${WAREHOUSES} first`,
    );
  }
  if (!fs.existsSync('dist/server/main.js')) throw new Error('build first: npm run build');
  const floorDir = copyOfSeeded(seeded, 'write-floor-floor');
  const appDir = copyOfSeeded(seeded, 'write-floor-app');
  const floor = await startFloor(path.join(floorDir, 'pglite'));
  const app = await startServer({ DATA_DIR: appDir });
  try {
    const cookie = await signIn(app.url, 'bench@example.com');
    const json = { 'content-type': 'application/json' };
    const moveBack = Buffer.from(
      JSON.stringify({ vaultId: floor.vault, fieldId: floor.field, position: 1 }),
    );
    let added = 0;
    /** The bench's add form (vault-operations.ts): a new vault number and a new order. */
    const addForm = async () => {
      const form = new FormData();
      const name = `FL${++added}${Date.now()}`;
      form.set('customer_name', 'BENCH CUSTOMER');
      form.set('order_name', name);
      form.set('vault_id', name);
      form.set('type', 'vault');
      form.set('field_id', String(floor.addField));
      form.set('position', '1');
      const { body, contentType } = await multipart(form);
      return { body, headers: { 'content-type': contentType, cookie } };
    };
    /**
     * An add on the empty field, a stage and a move back of the replayed vault, each timed;
     * then the added vault deleted, untimed. On our server a delete is a larger write (ten
     * messages to the engine's thread, the whole warehouse in its answer) and the next round's
     * add is timed higher after it than in `npm run bench`, which times our server's writes.
     */
    const oneRound = async (server: string, paths: Record<'add' | 'stage' | 'move', string>) => {
      const form = await addForm();
      const add = await timedWrite(server + paths.add, 'POST', form.headers, form.body);
      const stage = await timedWrite(server + paths.stage, 'POST', { cookie });
      const move = await timedWrite(server + paths.move, 'PUT', { cookie, ...json }, moveBack);
      if (add.vaultId === undefined) throw new Error(`${paths.add} answered no vault`);
      await timedWrite(`${server}/api/vaults/${add.vaultId}`, 'DELETE', { cookie });
      return [add, stage, move];
    };
    const variants: [string, () => Promise<Timed[]>][] = [
      [
        'our server',
        () =>
          oneRound(app.url, {
            add: '/api/vaults/',
            stage: `/api/stage/vaults/${floor.vault}`,
            move: '/api/vaults/move',
          }),
      ],
      [
        'floor, two turns',
        () =>
          oneRound(floor.url, {
            add: '/floor/two/add',
            stage: '/floor/two/stage',
            move: '/floor/two/move',
          }),
      ],
      [
        'floor, one turn',
        () =>
          oneRound(floor.url, {
            add: '/floor/one/add',
            stage: '/floor/one/stage',
            move: '/floor/one/move',
          }),
      ],
      [
        'Fastify hello world',
        async () => [
          await timedWrite(`${floor.url}/hello`, 'GET', {}),
          await timedWrite(`${floor.url}/hello`, 'GET', {}),
          await timedWrite(`${floor.url}/hello`, 'GET', {}),
        ],
      ],
    ];
    const times = new Map<string, Timed[][]>(variants.map(([name]) => [name, [[], [], []]]));
    for (let block = 0; block * BLOCK < WARM_UP + ROUNDS; block++) {
      // A different variant first each block, so none always follows the same one.
      for (let k = 0; k < variants.length; k++) {
        const variant = variants[(k + block) % variants.length];
        if (!variant) continue;
        const [name, once] = variant;
        for (let round = block * BLOCK; round < (block + 1) * BLOCK; round++) {
          const timed = await once();
          if (round < WARM_UP) continue;
          timed.forEach((t, i) => times.get(name)?.[i]?.push(t));
        }
      }
    }
    const stat = (timed: Timed[] = []) => {
      const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
      const engine = timed.flatMap((t) => (t.engineMs === undefined ? [] : [t.engineMs]));
      const inEngine = engine.length
        ? `, PGlite ${percentile(
            engine.sort((a, b) => a - b),
            50,
          ).toFixed(2)}`
        : '';
      return `${percentile(sorted, 50).toFixed(2)} (p95 ${percentile(sorted, 95).toFixed(2)}${inEngine})`;
    };
    console.log(
      `${ROUNDS} rounds after ${WARM_UP} warm, in blocks of ${BLOCK}, ${WAREHOUSES} warehouses, ` +
        `load ${os.loadavg()[0]?.toFixed(1)}; ms, median (p95, median in PGlite):`,
    );
    for (const [name, writes] of times) {
      const label = name === 'Fastify hello world' ? 'three GETs' : 'add / stage / move';
      console.log(`  ${name.padEnd(20)} ${label.padEnd(18)} ${writes.map(stat).join('  ')}`);
    }
  } finally {
    floor.child.kill('SIGTERM');
    app.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(floorDir, { recursive: true, force: true });
    fs.rmSync(appDir, { recursive: true, force: true });
  }
}

if (!isMainThread && parentPort) {
  await engineThread(parentPort, (workerData as { dataDir: string }).dataDir);
} else if (process.argv[2] === 'serve') {
  await floorServer(process.argv[3] ?? '');
} else {
  await drive();
}

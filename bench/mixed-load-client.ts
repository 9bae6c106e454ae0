// The mixed load's clients (bench/mixed-load.ts): reads over many kept-alive connections and
// a few writing staff, run in a process of their own that the bench starts at a lower
// scheduling priority. The server and these clients share this machine's two cores, which a
// real warehouse does not (the tablets are other machines): at equal priority the clients
// took the server's core for tens of ms at a time (decision 0103). The health probe stays in
// the bench's own process, at normal priority, so it measures the server, not the clients.
// Input: one JSON argument (MixedLoadClientInput); output: IPC messages, `{ ready: true }` as the load starts, then
// its figures (MixedLoadClientResult).
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchFetch } from './support';

interface FieldShape {
  id: number;
  type: string;
  full: boolean;
  vaults: Record<string, unknown>;
}

interface MixedLoadOptions {
  seconds: number;
  connections: number;
  /** Requests per second across all connections: tablets asking now and then, not a flood. */
  rate: number;
  writers: number;
}

const toBench = process.send?.bind(process);
if (!toBench) throw new Error('mixed-load-client runs only as a child of bench/mixed-load.ts.');
const send = toBench;

export interface MixedLoadClientInput {
  baseUrl: string;
  cookie: string;
  warehouseId: number;
  options: MixedLoadOptions;
}

export interface MixedLoadClientResult {
  reads: ReadResults;
  writers: number;
  writeTimes: number[];
  errors: string[];
  /** This process's own event-loop delay, so a stalled client shows itself. */
  ownLoop: string;
}

async function staffWrites(
  baseUrl: string,
  cookie: string,
  field: FieldShape,
  until: number,
  times: number[],
  errors: string[],
) {
  const headers = { cookie };
  const call = async (name: string, url: string, init: RequestInit) => {
    const start = performance.now();
    const res = await benchFetch(baseUrl + url, init);
    const text = await res.text();
    times.push(performance.now() - start);
    if (!res.ok) errors.push(`${name} ${res.status}: ${text.slice(0, 120)}`);
    return text;
  };
  for (let i = 0; performance.now() < until; i++) {
    const form = new FormData();
    form.set('customer_name', 'LOAD CUSTOMER');
    form.set('order_name', `LOAD-${i}`);
    form.set('vault_id', `L${process.pid}${field.id}${i}`.slice(0, 40));
    form.set('type', 'vault');
    form.set('field_id', String(field.id));
    const position = Object.keys(field.vaults).length + 1;
    form.set('position', String(position));
    const added = await call('add', '/api/vaults/', { method: 'POST', headers, body: form });
    let vaultId: number;
    try {
      vaultId = (JSON.parse(added) as { vault: { id: number } }).vault.id;
    } catch {
      continue;
    }
    await call('stage', `/api/stage/vaults/${vaultId}`, { method: 'POST', headers });
    await call('move', '/api/vaults/move', {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ vaultId, fieldId: field.id, position }),
    });
    await call('delete', `/api/vaults/${vaultId}`, { method: 'DELETE', headers });
  }
}

/** How long this thread's event loop waited, so a stalled load generator shows itself. */
function watchOwnLoop() {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  return () => {
    delay.disable();
    const f = (ns: number) => (ns / 1e6).toFixed(1);
    return `p99 ${f(delay.percentile(99))} ms, max ${f(delay.max)} ms`;
  };
}

/**
 * The paths in an order that keeps each one's share in every stretch of the list (nginx's
 * smooth weighted round robin): the rare heavy reads come evenly through the run, not all
 * at once.
 */
function smoothRoundRobin(weighted: readonly [number, string][]): string[] {
  const total = weighted.reduce((sum, [w]) => sum + w, 0);
  const current = weighted.map(() => 0);
  const order: string[] = [];
  for (let n = 0; n < total; n++) {
    let best = 0;
    weighted.forEach(([w], i) => {
      current[i] = (current[i] ?? 0) + w;
      if ((current[i] ?? 0) > (current[best] ?? 0)) best = i;
    });
    current[best] = (current[best] ?? 0) - total;
    order.push(weighted[best]?.[1] ?? '/healthz');
  }
  return order;
}

interface ReadResults {
  times: number[];
  /** Each read's path and time, for the slowest reads' paths. */
  reads: { path: string; ms: number }[];
  errors: string[];
  connections: number;
}

/** One GET over the agent, timed from its start to its last byte (not decoded). */
function timedGet(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ ms: performance.now() - start, status: res.statusCode ?? 0 }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The reads: `connections` kept-alive connections, all opened before the run and all kept in
 * use (the agent hands out the free one idle longest), and one read started every 1/rate s
 * whatever the earlier ones are doing (an open loop), so a slow answer delays no other read.
 * autocannon, used before, did neither (decision 0088): it opens no more connections than the
 * rate asks requests per second (25, not 195), and with a rate it "corrects" for coordinated
 * omission with an interval of 1/rate taken as milliseconds, recording an answer of L ms about
 * L times: its p99 weighted each read by its own latency.
 */
async function openLoopReads(
  baseUrl: string,
  headers: Record<string, string>,
  paths: readonly string[],
  { agent, connections }: OpenConnections,
  options: { rate: number; seconds: number },
): Promise<ReadResults> {
  const results: ReadResults = { times: [], reads: [], errors: [], connections };
  const interval = 1000 / options.rate;
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i * interval < options.seconds * 1000; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const path = paths[i % paths.length] ?? '/healthz';
    running.push(
      timedGet(agent, baseUrl + path, headers).then(
        ({ ms, status }) => {
          if (status >= 200 && status < 300) {
            results.times.push(ms);
            results.reads.push({ path, ms });
          } else results.errors.push(`${path} ${status}`);
        },
        (error: unknown) => void results.errors.push(`${path} ${String(error)}`),
      ),
    );
  }
  await Promise.all(running);
  return results;
}

interface OpenConnections {
  agent: http.Agent;
  /** How many the agent holds open, which the figures report. */
  connections: number;
}

/**
 * The reads' connections, opened before the run: as many requests at once as connections
 * wanted, so the agent opens one for each. Before the bench's probe starts, because 200
 * connections opened in the same instant are not the load it measures: the probe sent then
 * waited 155 ms behind their 200 first answers (decision 0115).
 */
async function openConnections(baseUrl: string, count: number): Promise<OpenConnections> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count, scheduling: 'fifo' });
  await Promise.all(Array.from({ length: count }, () => timedGet(agent, `${baseUrl}/healthz`, {})));
  const connections = Object.values(agent.freeSockets).reduce((n, s) => n + (s?.length ?? 0), 0);
  return { agent, connections };
}

/** Tells the bench the load starts now, so that its probe covers the same 60 s. */
function ready(): Promise<void> {
  return new Promise((resolve) => send({ ready: true }, () => resolve()));
}

async function run(input: MixedLoadClientInput): Promise<MixedLoadClientResult> {
  const { baseUrl, cookie, warehouseId, options } = input;
  const headers = { cookie, 'accept-encoding': 'br, gzip' };
  const warehouse = (await (
    await benchFetch(`${baseUrl}/api/warehouse/${warehouseId}`, { headers: { cookie } })
  ).json()) as { fieldCapacity: number; fields: Record<string, FieldShape> };
  const fields = Object.values(warehouse.fields);
  const open = fields.filter(
    (f) => f.type === 'vault' && !f.full && Object.keys(f.vaults).length < warehouse.fieldCapacity,
  );
  const someField = fields[0];
  if (!someField) throw new Error('The bench warehouse has no fields.');
  // Weights: the screens staff keep open dominate; whole-company reads (the print list is
  // about 10 MB of JSON) are rare.
  const mix: [number, string][] = [
    [25, '/api/warehouse/summaries'],
    [20, `/api/warehouse/${warehouseId}/${someField.id}`],
    [20, '/api/search/suggestions?q=son'],
    [7, `/api/search/suggestions?q=10&warehouseId=${warehouseId}`],
    [6, `/api/warehouse/${warehouseId}`],
    [1, '/api/statistics'],
    [1, '/api/vaults/all'],
  ];
  // Every path gets its share, evenly through the run, whatever connection carries it.
  const order = smoothRoundRobin(mix);

  const writerFields = open.slice(0, options.writers);
  const connections = await openConnections(baseUrl, options.connections - writerFields.length);
  await ready();
  const until = performance.now() + options.seconds * 1000;
  const writeTimes: number[] = [];
  const errors: string[] = [];
  const writers = writerFields.map((field) =>
    staffWrites(baseUrl, cookie, field, until, writeTimes, errors),
  );
  const ownLoop = watchOwnLoop();
  const reads = await openLoopReads(baseUrl, headers, order, connections, {
    rate: options.rate,
    seconds: options.seconds,
  });
  connections.agent.destroy();
  await Promise.all(writers);
  return { reads, writers: writers.length, writeTimes, errors, ownLoop: ownLoop() };
}

const result = await run(JSON.parse(process.argv[2] ?? '{}') as MixedLoadClientInput);
send(result, () => process.exit(0));

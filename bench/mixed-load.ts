// Many clients at once on a mix of calls, as a busy warehouse day looks: reads over many
// kept-alive connections, vault writes (add, stage, move back, delete) from a few concurrent
// staff, and a health probe that touches no database. Prints errors, p50/p99/max, which calls
// the slowest reads were, and the probe's latency during the load: a probe that slows down
// means one request is stalling the others. The load generator's own event-loop delay is
// printed too: a client that stalls makes every figure worse than the server is.
// The reads and writes come from bench/mixed-load-client.ts, in a process of its own at a
// lower scheduling priority (decision 0103); the probe runs here, in a thread of its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MixedLoadClientInput, MixedLoadClientResult } from './mixed-load-client';
import { percentile } from './support';

export interface MixedLoadOptions {
  seconds: number;
  connections: number;
  /** Requests per second across all connections: tablets asking now and then, not a flood. */
  rate: number;
  writers: number;
}

function summarizeTimes(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? 0)} ms (${sorted.length} requests)`;
}

/**
 * The health probe, every 100 ms on one keep-alive connection of its own, in a thread of its
 * own: in this thread its answers would wait behind the load generator's own work (parsing
 * 200 connections' answers), which measured up to a few hundred ms on a busy machine, and
 * the figure would be the client's stall rather than the server's.
 */
const PROBE_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
const starts = [];
const errors = [];
const until = performance.now() + workerData.seconds * 1000;
const once = () => new Promise((resolve, reject) => {
  const start = performance.now();
  http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error('healthz ' + res.statusCode))));
  }).on('error', reject);
});
(async () => {
  while (performance.now() < until) {
    const at = performance.timeOrigin + performance.now();
    try { times.push(await once()); starts.push(at); } catch (error) { errors.push(String(error.message)); }
    await new Promise((r) => setTimeout(r, 100));
  }
  agent.destroy();
  parentPort.postMessage({ times, starts, errors });
})();
`;

interface ProbeResult {
  /** Each answer's latency, in ms. */
  times: number[];
  /** When each answered probe was sent (ms since the epoch), to line up with the server's logs. */
  starts: number[];
  errors: string[];
}

function probeHealth(baseUrl: string, seconds: number): Promise<ProbeResult> {
  const worker = new Worker(PROBE_SOURCE, {
    eval: true,
    workerData: { url: `${baseUrl}/healthz`, seconds },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * How much lower the clients run than the server and the probe (`nice`, 0-19): at 10 the
 * scheduler gives a thread of the server about nine times the share of one of the clients
 * when both want a core, and the clients still get every core the server leaves idle.
 */
const CLIENT_NICENESS = 10;

/** Probes this slow are listed with the time they were sent, to find what the server did then. */
const SLOW_PROBE_MS = 30;

/**
 * Runs the clients' process (through `nice`) and starts the probe when the load starts, so it
 * covers the same seconds; resolves with the clients' figures and the probe's.
 */
function runClients(
  input: MixedLoadClientInput,
): Promise<{ clients: MixedLoadClientResult; health: ProbeResult }> {
  const script = fileURLToPath(new URL('./mixed-load-client.ts', import.meta.url));
  const node = [...process.execArgv, script, JSON.stringify(input)];
  const child = spawn('nice', ['-n', String(CLIENT_NICENESS), process.execPath, ...node], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let probe: ReturnType<typeof probeHealth> | null = null;
    child.on('message', (message: MixedLoadClientResult | { ready: true }) => {
      if ('ready' in message) probe = probeHealth(input.baseUrl, input.options.seconds);
      else if (probe) probe.then((health) => resolve({ clients: message, health }), reject);
      else reject(new Error("The mixed load's clients answered before they started."));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The mixed load's clients exited with ${code}.`));
    });
  });
}

/** Which calls the slowest 1 % of reads were, ids left out: `/api/vaults/all 15, ...`. */
function slowestPaths(reads: readonly { path: string; ms: number }[]): string {
  const slowest = [...reads].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(reads.length / 100));
  const counts = new Map<string, number>();
  for (const { path } of slowest) {
    const call = path.replace(/\/\d+/g, '/:id').replace(/\?.*/, '');
    counts.set(call, (counts.get(call) ?? 0) + 1);
  }
  return [...counts].map(([call, n]) => `${call} ${n}`).join(', ');
}

export async function measureMixedLoad(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  options: MixedLoadOptions,
): Promise<void> {
  const { clients, health } = await runClients({ baseUrl, cookie, warehouseId, options });
  const { reads, writers, writeTimes, errors } = clients;
  console.log(
    `\nMixed load: ${reads.connections + writers} connections (${writers} writing), ` +
      `${options.rate} reads/s offered, ${options.seconds} s`,
  );
  console.log(`  reads:  ${reads.errors.length} errors; ${summarizeTimes(reads.times)}`);
  console.log(`  the slowest 1 % of reads: ${slowestPaths(reads.reads)}`);
  console.log(`  writes: ${errors.length} errors; ${summarizeTimes(writeTimes)}`);
  console.log(
    `  /healthz during the load (own thread and connection): ${health.errors.length} errors; ` +
      `${summarizeTimes(health.times)}; ` +
      `over 50 ms: ${health.times.filter((t) => t >= 50).length}`,
  );
  const slow = health.times
    .map((ms, i) => ({ ms, at: new Date(health.starts[i] ?? 0).toISOString().slice(11, 23) }))
    .filter((p) => p.ms >= SLOW_PROBE_MS);
  if (slow.length > 0) {
    console.log(
      `  probes of ${SLOW_PROBE_MS} ms or more, sent at (UTC): ` +
        slow.map((p) => `${p.at} ${p.ms.toFixed(1)} ms`).join(', '),
    );
  }
  console.log(`  the load generator's own event-loop delay: ${clients.ownLoop}`);
  for (const e of [...reads.errors, ...errors, ...health.errors].slice(0, 5))
    console.log(`  error: ${e}`);
}

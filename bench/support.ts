import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

/** What issue 12 asks of a call on the embedded engine; any part may be absent. */
export interface Target {
  medianMs?: number;
  p95Ms?: number;
  rps?: number;
}

export interface Sample {
  name: string;
  medianMs: number;
  p95Ms: number;
  /** Requests per second with 10 and with 50 connections open; null where not measured. */
  rps10: number | null;
  rps50: number | null;
  /** Response size after decoding; null where a row measures a screen, not one answer. */
  bytes: number | null;
  /** Bytes on the wire to a browser that accepts Brotli (fetch hides them by decoding). */
  wireBytes?: number;
  target?: Target;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

export interface RequestSpec {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * `fetch`, tried once more when the connection is reset: a keep-alive socket left idle
 * through a long load run may have been closed by the server (its keep-alive timeout).
 */
export async function benchFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/**
 * The one client of the sequential timings: `node:http` over one kept-alive socket, the same
 * for every call and for the hello-world ceiling. `fetch` (undici behind a web-streams
 * Response) cost about a millisecond a request itself on this machine, as much as the
 * ceiling's whole answer, so it measured the client more than the server.
 */
const sequentialAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One write over the sequential client's socket, its body already encoded (a multipart form
 * is encoded before the clock starts: building it is the client's work), answered as text.
 */
export function sequentialWrite(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: sequentialAgent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function sequentialRequest(
  url: string,
  spec: Omit<RequestSpec, 'path'>,
): Promise<{ bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const body = spec.body ? JSON.stringify(spec.body) : undefined;
    const req = http.request(
      url,
      {
        agent: sequentialAgent,
        method: spec.method ?? 'GET',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One request, timed. `asBrowser` asks for Brotli or gzip as a browser does (as the load runs
 * do) and counts the bytes as sent, not decoding them: the decoding is the client's time.
 * Without it the answer comes uncompressed, its decoded size.
 */
export async function once(
  baseUrl: string,
  spec: RequestSpec,
  asBrowser: boolean,
): Promise<{ ms: number; bytes: number; status: number }> {
  const asked = asBrowser
    ? { ...spec, headers: { 'accept-encoding': 'br, gzip', ...spec.headers } }
    : spec;
  const start = performance.now();
  let answer: { bytes: number; status: number };
  try {
    answer = await sequentialRequest(baseUrl + spec.path, asked);
  } catch {
    // A kept-alive socket left idle through a long load run may have been closed by the
    // server (its keep-alive timeout): once more, on a new one.
    answer = await sequentialRequest(baseUrl + spec.path, asked);
  }
  return { ms: performance.now() - start, ...answer };
}

function wireBytes(baseUrl: string, spec: RequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + spec.path,
      {
        method: spec.method ?? 'GET',
        headers: {
          'accept-encoding': 'br, gzip',
          ...(spec.body ? { 'content-type': 'application/json' } : {}),
          ...spec.headers,
        },
      },
      (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(spec.body ? JSON.stringify(spec.body) : undefined);
  });
}

async function throughput(
  baseUrl: string,
  name: string,
  spec: RequestSpec,
  connections: number,
  seconds: number,
): Promise<number> {
  const result = await autocannon({
    url: baseUrl + spec.path,
    method: spec.method ?? 'GET',
    // As a browser asks, so throughput includes the server's compression.
    headers: {
      'accept-encoding': 'br, gzip',
      ...(spec.body ? { 'content-type': 'application/json' } : {}),
      ...spec.headers,
    },
    body: spec.body ? JSON.stringify(spec.body) : undefined,
    connections,
    duration: seconds,
  });
  if (result.non2xx - result['3xx'] > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers under load`);
  return result.requests.average;
}

/**
 * Latency one request at a time (median, p95), then throughput with 10 and with
 * `connections` (at most 50) at once.
 */
export async function measure(
  baseUrl: string,
  name: string,
  spec: RequestSpec,
  options: { samples: number; connections: number; seconds: number; target?: Target },
): Promise<Sample> {
  const warm = await once(baseUrl, spec, false);
  if (warm.status >= 400) throw new Error(`${name}: ${spec.path} answered ${warm.status}`);
  const times: number[] = [];
  for (let i = 0; i < options.samples; i++) times.push((await once(baseUrl, spec, true)).ms);
  times.sort((a, b) => a - b);
  const run = (connections: number) =>
    options.seconds > 0
      ? throughput(baseUrl, name, spec, connections, options.seconds)
      : Promise.resolve(null);
  const rps10 = await run(Math.min(10, options.connections));
  const rps50 = options.connections > 10 ? await run(options.connections) : null;
  return {
    name,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    rps10,
    rps50,
    bytes: warm.bytes,
    wireBytes: await wireBytes(baseUrl, spec),
    target: options.target,
  };
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

function describeTarget(t: Target | undefined): string {
  if (!t) return '';
  const parts: string[] = [];
  if (t.medianMs !== undefined) parts.push(`<= ${t.medianMs} ms`);
  if (t.p95Ms !== undefined) parts.push(`p95 <= ${t.p95Ms} ms`);
  if (t.rps !== undefined) parts.push(`>= ${t.rps} req/s`);
  return parts.join(', ');
}

/** Whether the sample meets its target; the req/s target counts at 10 connections or more. */
export function meets(s: Sample): boolean | null {
  const t = s.target;
  if (!t) return null;
  const rps = Math.max(s.rps10 ?? 0, s.rps50 ?? 0);
  return (
    (t.medianMs === undefined || s.medianMs <= t.medianMs) &&
    (t.p95Ms === undefined || s.p95Ms <= t.p95Ms) &&
    (t.rps === undefined || rps >= t.rps)
  );
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/**
 * One row per call: the embedded engine's figures with its target and whether it is met,
 * then PostgreSQL's beside them when that engine ran, then the sizes.
 */
export function printTable(embedded: Sample[], postgres: Sample[] = []): void {
  const byName = new Map(postgres.map((s) => [s.name, s]));
  const rps = (n: number | null) => (n === null ? '-' : n.toFixed(0));
  const rows = embedded.map((s) => {
    const met = meets(s);
    const pg = byName.get(s.name);
    return [
      s.name,
      ms(s.medianMs),
      ms(s.p95Ms),
      rps(s.rps10),
      rps(s.rps50),
      describeTarget(s.target),
      met === null ? '' : met ? 'yes' : 'NO',
      ...(postgres.length > 0
        ? pg
          ? [ms(pg.medianMs), ms(pg.p95Ms), rps(pg.rps10), rps(pg.rps50)]
          : ['-', '-', '-', '-']
        : []),
      s.bytes === null ? '-' : size(s.bytes),
      s.wireBytes === undefined ? '-' : size(s.wireBytes),
    ];
  });
  const header = [
    'call',
    'median ms',
    'p95 ms',
    'req/s @10',
    'req/s @50',
    'target',
    'target met',
    ...(postgres.length > 0 ? ['PG median', 'PG p95', 'PG @10', 'PG @50'] : []),
    'response',
    'on the wire',
  ];
  table(header, rows);
}

/** Resident memory of a process now and at its peak (Linux), in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The server in its own process, so the load generator does not share its event loop. */
export function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  // The built server, started as production starts it (no TypeScript loader in its memory;
  // the start script's allocator settings, decision 0080). The script replaces itself with
  // Node (`exec`), so the child's pid is the server's and its memory is the server's.
  const built = fs.existsSync('dist/server/main.js');
  const command = built ? 'sh' : process.execPath;
  const args = built ? ['scripts/start-server.sh'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE: process.execPath,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1].replace('localhost', '127.0.0.1'), child });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';

export interface Sample {
  name: string;
  medianMs: number;
  p99Ms: number;
  rps: number | null;
  /** Connections held open while measuring `rps`. */
  connections?: number;
  /** Response size after decoding; null where a row measures a screen, not one answer. */
  bytes: number | null;
  /** Bytes on the wire to a browser that accepts Brotli (fetch hides them by decoding). */
  wireBytes?: number;
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

async function once(
  baseUrl: string,
  spec: RequestSpec,
): Promise<{ ms: number; bytes: number; status: number }> {
  const start = performance.now();
  const res = await benchFetch(baseUrl + spec.path, {
    method: spec.method ?? 'GET',
    headers: { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    body: spec.body ? JSON.stringify(spec.body) : undefined,
  });
  const buf = await res.arrayBuffer();
  return { ms: performance.now() - start, bytes: buf.byteLength, status: res.status };
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

/** Latency one request at a time (median, p99), then throughput with `connections` at once. */
export async function measure(
  baseUrl: string,
  name: string,
  spec: RequestSpec,
  options: { samples: number; connections: number; seconds: number },
): Promise<Sample> {
  const warm = await once(baseUrl, spec);
  if (warm.status >= 400) throw new Error(`${name}: ${spec.path} answered ${warm.status}`);
  const times: number[] = [];
  for (let i = 0; i < options.samples; i++) times.push((await once(baseUrl, spec)).ms);
  times.sort((a, b) => a - b);
  let rps: number | null = null;
  if (options.seconds > 0) {
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
      connections: options.connections,
      duration: options.seconds,
    });
    if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers under load`);
    rps = result.requests.average;
  }
  return {
    name,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    rps,
    connections: options.connections,
    bytes: warm.bytes,
    wireBytes: await wireBytes(baseUrl, spec),
  };
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;

export function printTable(samples: Sample[]): void {
  const rows = samples.map((s) => [
    s.name,
    s.medianMs.toFixed(1),
    s.p99Ms.toFixed(1),
    s.rps === null ? '-' : `${s.rps.toFixed(0)} (${s.connections})`,
    s.bytes === null ? '-' : size(s.bytes),
    s.wireBytes === undefined ? '-' : size(s.wireBytes),
  ]);
  const header = ['call', 'median ms', 'p99 ms', 'req/s (connections)', 'response', 'on the wire'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** The server in its own process, so the load generator does not share its event loop. */
export function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
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

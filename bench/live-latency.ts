// Event latency: how long a change takes from its write to the screens of staff watching.
// 200 event streams are held open; one staff member then flips a field's full flag, one
// write at a time, and every stream's arrival is timed against the moment the write was sent.
// That span holds the HTTP call and the write itself, so it bounds commit-to-delivery from
// above; the write's own round trip is printed beside it for comparison.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { openRuntime } from '../src/server/runtime';
import { benchFetch, percentile, startServer } from './support';

export interface LiveLatency {
  streams: number;
  rounds: number;
  /** Write sent -> event at a stream, every stream and round. */
  deliveryMedianMs: number;
  deliveryP99Ms: number;
  /** Write sent -> its answer. */
  writeMedianMs: number;
  /** Events that never arrived within the wait. */
  missed: number;
}

interface Stream {
  onChange: ((fieldId: number) => void) | null;
  close(): void;
}

function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { onChange: null, close: () => request.destroy() };
    const request = http.get(`${baseUrl}/api/live/events`, {
      headers: { cookie, accept: 'text/event-stream' },
      agent: false,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (frame.includes('event: ready')) resolve(stream);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (frame.includes('event: change') && data) {
            const event = JSON.parse(data) as { entity: string; id: number | null };
            if (event.entity === 'field' && event.id !== null) stream.onChange?.(event.id);
          }
        }
      });
    });
  });
}

export async function measureLiveLatency(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  { streams: count = 200, rounds = 30, waitMs = 5_000 } = {},
): Promise<LiveLatency> {
  const headers = { cookie, 'content-type': 'application/json' };
  const warehouse = (await (
    await benchFetch(`${baseUrl}/api/warehouse/${warehouseId}`, { headers: { cookie } })
  ).json()) as { fields: Record<string, { id: number; full: boolean }> };
  const field = Object.values(warehouse.fields)[0];
  if (!field) throw new Error('The bench warehouse has no fields.');

  const streams: Stream[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = Math.min(20, count - i);
    streams.push(
      ...(await Promise.all(Array.from({ length: batch }, () => openStream(baseUrl, cookie)))),
    );
  }
  const deliveries: number[] = [];
  const writes: number[] = [];
  let missed = 0;
  let full = field.full;
  try {
    for (let round = 0; round < rounds; round++) {
      full = !full;
      let waiting = streams.length;
      const sentAt = performance.now();
      const all = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          missed += waiting;
          resolve();
        }, waitMs);
        for (const stream of streams) {
          stream.onChange = (id) => {
            if (id !== field.id) return;
            stream.onChange = null;
            deliveries.push(performance.now() - sentAt);
            if (--waiting === 0) {
              clearTimeout(timer);
              resolve();
            }
          };
        }
      });
      const res = await benchFetch(`${baseUrl}/api/fields/${field.id}/full`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ full }),
      });
      writes.push(performance.now() - sentAt);
      if (!res.ok) throw new Error(`full flag write answered ${res.status}`);
      await all;
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  deliveries.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    streams: streams.length,
    rounds,
    deliveryMedianMs: percentile(deliveries, 50),
    deliveryP99Ms: percentile(deliveries, 99),
    writeMedianMs: percentile(writes, 50),
    missed,
  };
}

export function printLiveLatency(result: LiveLatency): void {
  console.log(
    `\nLive events, ${result.streams} open streams, ${result.rounds} writes: write sent -> event delivered median ${result.deliveryMedianMs.toFixed(1)} ms, p99 ${result.deliveryP99Ms.toFixed(1)} ms (the write's own answer: median ${result.writeMedianMs.toFixed(1)} ms)${result.missed ? `; ${result.missed} deliveries missed` : ''}`,
  );
}

/**
 * On its own (`npx tsx bench/live-latency.ts`, with DATABASE_URL for PostgreSQL): a fresh
 * company with one small warehouse on a server in its own process.
 */
async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultgrid-live-bench-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const email = `live-bench-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const password = 'live bench password';
  try {
    const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'live bench seed');
    try {
      const company = await createCompany(runtime.database.db, 'Live Bench Storage');
      await createUser(runtime.database.db, { companyId: company.id, email, password });
    } finally {
      await runtime.close();
    }
    const server = await startServer(env);
    try {
      const login = await benchFetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      const made = await benchFetch(`${server.url}/api/warehouse/add-warehouse`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Live Bench',
          rows: 10,
          cols: 10,
          field_capacity: 3,
          length: 100,
          width: 60,
        }),
      });
      const { id } = (await made.json()) as { id: number };
      printLiveLatency(await measureLiveLatency(server.url, cookie, id));
    } finally {
      server.child.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

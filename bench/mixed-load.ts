// Many clients at once on a mix of calls, as a busy warehouse day looks: reads through
// autocannon, vault writes (add, stage, move back, delete) from a few concurrent staff, and a
// health probe that touches no database. Prints errors, p50/p99/max, and the probe's latency
// during the load: a probe that slows down means one request is stalling the others.
import autocannon from 'autocannon';
import { benchFetch, percentile } from './support';

interface FieldShape {
  id: number;
  type: string;
  full: boolean;
  vaults: Record<string, unknown>;
}

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

async function probeHealth(baseUrl: string, until: number, times: number[], errors: string[]) {
  while (performance.now() < until) {
    const start = performance.now();
    try {
      const res = await benchFetch(`${baseUrl}/healthz`);
      await res.arrayBuffer();
      if (!res.ok) errors.push(`healthz ${res.status}`);
    } catch (error) {
      errors.push(`healthz ${(error as Error).message}`);
    }
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function measureMixedLoad(
  baseUrl: string,
  cookie: string,
  warehouseId: number,
  options: MixedLoadOptions,
): Promise<void> {
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
  const requests = mix.flatMap(([weight, path]) =>
    Array.from({ length: weight }, () => ({ method: 'GET' as const, path, headers })),
  );

  const until = performance.now() + options.seconds * 1000;
  const writeTimes: number[] = [];
  const healthTimes: number[] = [];
  const errors: string[] = [];
  const writers = open
    .slice(0, options.writers)
    .map((field) => staffWrites(baseUrl, cookie, field, until, writeTimes, errors));
  const probe = probeHealth(baseUrl, until, healthTimes, errors);
  const reads = await autocannon({
    url: baseUrl,
    requests,
    connections: options.connections - writers.length,
    overallRate: options.rate,
    duration: options.seconds,
    timeout: 60,
  });
  await Promise.all([...writers, probe]);

  const readErrors = reads.errors + reads.timeouts + reads.non2xx;
  console.log(
    `\nMixed load: ${options.connections} connections (${writers.length} writing), ` +
      `${options.rate} req/s offered, ${options.seconds} s`,
  );
  console.log(
    `  reads:  ${readErrors} errors; p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, ` +
      `max ${reads.latency.max} ms (${reads.requests.total} requests)`,
  );
  console.log(`  writes: ${errors.length} errors; ${summarizeTimes(writeTimes)}`);
  console.log(`  /healthz during the load: ${summarizeTimes(healthTimes)}`);
  for (const e of errors.slice(0, 5)) console.log(`  error: ${e}`);
}

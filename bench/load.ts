// A floor day's mix for a while: every connection sends its next call as soon as its last
// one is answered (a closed loop, as autocannon runs), so the server works flat out. Meanwhile
// /healthz is probed on a connection and a thread of its own, so the probe measures the
// server, not this process's event loop.
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { figure, type Engine, type Figure } from './figures';
import {
  encodeForm,
  fieldsWithRoom,
  percentile,
  request,
  vaultForm,
  type Client,
  type FieldShape,
} from './support';

type Kind = 'field' | 'search' | 'staged' | 'warehouse' | 'company' | 'print' | 'statistics';
const CLASSES = {
  'floor calls (field, search, staged list)': ['field', 'search', 'staged'],
  'warehouse pages': ['warehouse'],
  'heavy reads (company, print list, statistics)': ['company', 'print', 'statistics'],
  writes: ['write'],
} as const;

/**
 * Per thousand calls: mostly one field, then searches and warehouse pages, a few company
 * calls, print lists and statistics, and a tenth writes.
 */
const MIX: [Kind | 'write', number][] = [
  ['field', 590],
  ['search', 150],
  ['warehouse', 120],
  ['staged', 30],
  ['company', 3],
  ['print', 3],
  ['statistics', 4],
  ['write', 100],
];
const SEARCHES = ['son', 'jo', 'smi', 'garc', 'ngu', 'pat', 'ee', '10', '42', 'mil'];

const PROBE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
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
    try { times.push(await once()); } catch (error) { errors.push(String(error.message)); }
    await new Promise((r) => setTimeout(r, 100));
  }
  agent.destroy();
  parentPort.postMessage({ times, errors });
})();`;

function probeHealth(url: string, seconds: number) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url: `${url}/healthz`, seconds } });
  return new Promise<{ times: number[]; errors: string[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** One connection's writes on a field of its own: add, edit, stage, move back, delete, again. */
function writer(client: Client, field: FieldShape, tag: string) {
  let vaultId: number | null = null;
  let step = 0;
  const position = Object.keys(field.vaults).length + 1;
  return async (agent: http.Agent, headers: Record<string, string>) => {
    const json = { ...headers, 'content-type': 'application/json' };
    const url = (path: string) => client.url + path;
    step = vaultId === null ? 0 : step + 1;
    if (vaultId === null) {
      const { body, type } = await encodeForm(vaultForm(field, `${tag}-${Date.now()}`));
      const withType = { ...headers, 'content-type': type };
      const answer = await request(agent, url('/api/vaults/'), {
        method: 'POST',
        headers: withType,
        body,
      });
      if (answer.status === 200)
        vaultId = (JSON.parse(answer.text()) as { vault: { id: number } }).vault.id;
      return answer;
    }
    const id: number = vaultId;
    if (step === 1) {
      const body = JSON.stringify({ name: `${tag}-${id}`, customer_name: 'LOAD CUSTOMER' });
      return request(agent, url(`/api/vaults/${id}`), { method: 'PUT', headers: json, body });
    }
    if (step === 2)
      return request(agent, url(`/api/stage/vaults/${id}`), { method: 'POST', headers });
    if (step === 3) {
      const body = JSON.stringify({ vaultId: id, fieldId: field.id, position });
      return request(agent, url('/api/vaults/move'), { method: 'PUT', headers: json, body });
    }
    vaultId = null;
    return request(agent, url(`/api/vaults/${id}`), { method: 'DELETE', headers });
  };
}

export async function measureLoad(
  client: Client,
  engine: Engine,
  company: { companyId: number; warehouseIds: number[] },
  connections: number,
  seconds: number,
): Promise<Figure[]> {
  const [wid = 0, ...others] = company.warehouseIds;
  type Warehouse = { fieldCapacity: number; fields: Record<string, FieldShape> };
  const fields: FieldShape[] = [];
  // The server bench writes in the first warehouse; the load's writers take the next ones.
  for (const w of others) {
    if (fields.length >= connections) break;
    fields.push(...fieldsWithRoom(await client.json<Warehouse>(`/api/warehouse/${w}`)));
  }
  const someField = Object.values((await client.json<Warehouse>(`/api/warehouse/${wid}`)).fields);
  const paths: Record<Kind, (i: number) => string> = {
    field: (i) => `/api/warehouse/${wid}/${someField[i % someField.length]?.id ?? 0}`,
    search: (i) => `/api/search/suggestions?q=${SEARCHES[i % SEARCHES.length] ?? ''}`,
    staged: () => '/api/stage/vaults',
    warehouse: (i) =>
      `/api/warehouse/${company.warehouseIds[i % company.warehouseIds.length] ?? 0}`,
    company: () => `/api/warehouse/company/${company.companyId}`,
    print: () => '/api/vaults/all',
    statistics: () => '/api/statistics',
  };
  // The mix spread evenly: the k-th call of a kind falls at about k / its share.
  const order = MIX.flatMap(([kind, n]) =>
    Array.from({ length: n }, (_, k) => ({ kind, at: (k + 0.5) / n })),
  )
    .sort((a, b) => a.at - b.at)
    .map((e) => e.kind);
  const headers = { cookie: client.cookie, 'accept-encoding': 'br, gzip' };
  const agents = Array.from(
    { length: connections },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  await Promise.all(agents.map((agent) => request(agent, `${client.url}/healthz`)));
  const latencies = new Map<string, number[]>();
  const errors: string[] = [];
  let next = 0;
  const probe = probeHealth(client.url, seconds);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    agents.map(async (agent, c) => {
      const field = fields[c];
      const write = field ? writer(client, field, `L${c}`) : null;
      while (performance.now() < until) {
        const n = next++;
        const kind = order[n % order.length] ?? 'field';
        try {
          const answer =
            kind === 'write'
              ? await (write ?? (() => request(agent, client.url + paths.field(n), { headers })))(
                  agent,
                  headers,
                )
              : await request(agent, client.url + paths[kind](n), { headers });
          if (answer.status >= 400)
            errors.push(`${kind} ${answer.status} ${answer.text().slice(0, 100)}`);
          else (latencies.get(kind) ?? latencies.set(kind, []).get(kind))?.push(answer.ms);
        } catch (error) {
          errors.push(`${kind} ${String(error)}`);
        }
      }
      agent.destroy();
    }),
  );
  const health = await probe;
  const all = [...latencies.values()].flat();
  console.log(
    `  ${engine}, ${connections} connections, ${seconds} s: ${all.length} answers ` +
      `(${(all.length / seconds).toFixed(0)}/s), ${errors.length} errors` +
      [...latencies].map(([k, v]) => `; ${k} ${v.length}`).join(''),
  );
  for (const e of errors.slice(0, 5)) console.log(`  error: ${e}`);
  const rows = Object.entries(CLASSES).map(([name, kinds]) => {
    const times = kinds.flatMap((k) => latencies.get(k) ?? []);
    return figure(`p99, ${name}`, engine, 1000, [percentile(times, 99)]);
  });
  return [
    figure('errors', engine, 0, [errors.length + health.errors.length], ''),
    figure('p99, every call', engine, 1000, [percentile(all, 99)]),
    ...rows,
    figure('/healthz, slowest', engine, 50, [Math.max(...health.times)], 'ms', true),
  ];
}

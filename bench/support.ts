import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../src/server/config';
import { generateCompanyData } from '../src/server/demo/generate';
import { createCompany, createUser } from '../src/server/features/auth/companies.service';
import { openRuntime } from '../src/server/runtime';

export const PASSWORD = 'bench-password';

export interface Server {
  url: string;
  /** Resident size now, in MiB, from /proc. */
  rssMiB(): number;
  stop(): Promise<void>;
}

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `vg-${name}-`));

/** The built server, started as the README starts it: the start script execs Node. */
export function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const base = { NODE: process.execPath, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  const child: ChildProcess = spawn('sh', ['scripts/start-server.sh'], {
    env: { ...process.env, ...base, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server: Server = {
    url: `http://127.0.0.1:${port}`,
    rssMiB: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      if (child.kill('SIGTERM')) await exited;
    },
  };
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('running at')) resolve(server);
    });
    void exited.then((code) => reject(new Error(`The server exited with ${String(code)}: ${out}`)));
  });
}

/**
 * The bench company of issue 28 in `env`'s database, before its server starts: warehouses of
 * 40 x 25 fields of three, 95 % full, 200 staged vaults, and one user. The same seed each time.
 */
export async function seedCompany(env: Record<string, string>, warehouses: number) {
  const runtime = await openRuntime(loadConfig({ ...process.env, ...env }), 'vaultgrid bench');
  try {
    const db = runtime.database.db;
    const name = `Bench Storage ${crypto.randomBytes(3).toString('hex')}`;
    const company = await createCompany(db, name);
    const email = `bench-${company.id}@example.com`;
    await createUser(db, { companyId: company.id, email, password: PASSWORD });
    const plan = { rows: 40, cols: 25, fieldCapacity: 3, length: 220, width: 140, fill: 0.95 };
    const { warehouseIds, vaultCount } = await generateCompanyData(db, {
      companyId: company.id,
      warehouses: Array.from({ length: warehouses }, (_, i) => ({
        name: `Bench ${i + 1}`,
        ...plan,
      })),
      stagedVaults: 200,
      emptyShare: 0.05,
      seed: 1,
    });
    return { email, companyId: company.id, warehouseIds, vaultCount };
  } finally {
    await runtime.close();
  }
}

export interface Answer {
  status: number;
  ms: number;
  text: () => string;
}

/**
 * One call over `agent` (a kept-alive connection), timed to its last byte. node:http, not
 * fetch: fetch's own cost per call was about a millisecond on this machine (decision 0076).
 */
export function request(
  agent: http.Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(
      url,
      { agent, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - start;
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          // Decoded only when read, after the clock: decoding is the client's work.
          const text = () =>
            (encoding === 'br'
              ? zlib.brotliDecompressSync(body)
              : encoding === 'gzip'
                ? zlib.gunzipSync(body)
                : body
            ).toString('utf8');
          resolve({ status: res.statusCode ?? 0, ms, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A form's bytes and content type, as a browser sends them. */
export async function encodeForm(form: FormData) {
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const type = encoded.headers.get('content-type') ?? '';
  return { body: Buffer.from(await encoded.arrayBuffer()), type };
}

/** A client signed in as `email`: JSON and multipart calls that throw on an error answer. */
export async function signIn(url: string, email: string, password = PASSWORD) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Sign-in answered ${login.status}`);
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const form = body instanceof FormData ? await encodeForm(body) : null;
    const answer = await request(agent, url + path, {
      method,
      headers: {
        cookie,
        'accept-encoding': 'br, gzip',
        ...(form ? { 'content-type': form.type } : body !== undefined ? json : {}),
      },
      body: form ? form.body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 400)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text()}`);
    return answer;
  };
  return {
    url,
    cookie,
    call,
    /** An answer read whole, untimed: fetch decodes the compression the timed calls ask for. */
    json: async <T>(path: string) =>
      (await (await fetch(url + path, { headers: { cookie } })).json()) as T,
  };
}

export type Client = Awaited<ReturnType<typeof signIn>>;

export interface FieldShape {
  id: number;
  name: string;
  type: string;
  full: boolean;
  vaults: Record<string, { id: number; position: number | null }>;
}

/** Vault fields of a warehouse answer with a free slot on top: where an add can go. */
export function fieldsWithRoom(w: { fieldCapacity: number; fields: Record<string, FieldShape> }) {
  return Object.values(w.fields).filter(
    (f) => f.type === 'vault' && !f.full && Object.keys(f.vaults).length < w.fieldCapacity,
  );
}

/** A vault form as the client sends it, at the field's lowest free position. */
export function vaultForm(field: FieldShape, number: string): FormData {
  const form = new FormData();
  form.set('vault_id', number);
  form.set('customer_name', 'BENCH CUSTOMER');
  form.set('order_name', `ORD-${number}`);
  form.set('type', 'vault');
  form.set('field_id', String(field.id));
  form.set('position', String(Object.keys(field.vaults).length + 1));
  return form;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

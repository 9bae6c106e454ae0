import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
// node-postgres turns Dates, arrays, Buffers and objects into parameter text this way; the
// facade does the same, so a query's parameters mean the same on both engines.
import pgUtils from 'pg/lib/utils.js';
import type {
  Notification,
  WorkerError,
  WorkerMessage,
  WorkerReply,
  WorkerRequest,
  WorkerResult,
} from './pglite-protocol';
import { EngineLock } from './engine-lock';

/** How long a statement may wait for the engine before the request is refused with 503. */
const ENGINE_WAIT_MS = 10_000;

interface QueryConfig {
  text: string;
  values?: unknown[];
  rowMode?: 'array';
  types?: { getTypeParser(oid: number, format?: string): (value: string) => unknown };
}

export interface FacadeResult {
  command: string;
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  rowCount: number;
}

/** The error node-postgres would throw: PostgreSQL's fields (`code`, `constraint` ...) on it. */
class EngineError extends Error {
  constructor(fields: WorkerError) {
    super(fields.message);
    Object.assign(this, fields);
  }
}

/** A request before the pool numbers it (`Omit` applied to each kind of request). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;
type WorkerRequestBody = Unnumbered<WorkerRequest>;

let compiled: Promise<{ pglite: WebAssembly.Module; initdb: WebAssembly.Module }> | null = null;

/**
 * PGlite's WebAssembly, compiled once per process and handed to each engine thread: a new
 * thread would otherwise compile it again (seconds), where one thread reused its cache.
 */
function compileEngine() {
  compiled ??= (async () => {
    const require = createRequire(import.meta.url);
    const load = (name: string) =>
      WebAssembly.compile(fs.readFileSync(require.resolve(`@electric-sql/pglite/${name}`)));
    const [pglite, initdb] = await Promise.all([load('pglite.wasm'), load('initdb.wasm')]);
    return { pglite, initdb };
  })();
  return compiled;
}

function workerUrl(): URL {
  // From source (tsx, vitest) this module is db/pglite-pool.ts beside the worker; bundled,
  // it is inside dist/server/main.js or cli.js and the worker is dist/server/db/.
  return import.meta.url.endsWith('.ts')
    ? new URL('./pglite-worker.ts', import.meta.url)
    : new URL('./db/pglite-worker.js', import.meta.url);
}

/** The engine's one session, held by a transaction until `release()`. */
export class PgliteConnection {
  constructor(
    private readonly pool: PgliteWorkerPool,
    readonly release: () => void,
  ) {}

  query(config: QueryConfig | string, values?: unknown[]): Promise<FacadeResult> {
    return this.pool.run(config, values);
  }
}

/**
 * PGlite in its own thread, behind the shape of a node-postgres Pool, so the node-postgres
 * Drizzle driver serves both engines. PGlite has one session: `query()` takes the engine for
 * one statement, `connect()` for a transaction until `release()`. Both wait in one queue.
 */
export class PgliteWorkerPool {
  readonly lock = new EngineLock();
  private readonly worker: Worker;
  private readonly pending = new Map<number, (reply: WorkerReply) => void>();
  private nextId = 1;
  private failure: Error | null = null;
  /** Rows written since the last maintenance check, which decides when to check again. */
  rowsWritten = 0;
  onWrite: (() => void) | null = null;
  private readonly listeners = new Map<string, ((payload: string) => void)[]>();

  static async open(dataDir: string | null): Promise<PgliteWorkerPool> {
    return new PgliteWorkerPool({ dataDir, wasm: await compileEngine() });
  }

  private constructor(workerData: {
    dataDir: string | null;
    wasm: { pglite: WebAssembly.Module; initdb: WebAssembly.Module };
  }) {
    const url = workerUrl();
    // From source (tsx, vitest) the worker needs a TypeScript loader of its own first.
    this.worker = url.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
          { eval: true, workerData },
        )
      : new Worker(url, { workerData });
    const notify = ({ channel, payload }: Notification) => {
      for (const listener of this.listeners.get(channel) ?? []) listener(payload);
    };
    this.worker.on('message', (message: WorkerMessage) => {
      if ('notification' in message) {
        notify(message.notification);
        return;
      }
      const reply = message;
      // Before the caller resumes: a write's own notices (versions, live) are heard first.
      reply.notifications?.forEach(notify);
      const resolve = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      resolve?.(reply);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const resolve of this.pending.values()) {
        resolve({ id: 0, ok: false, error: { message: error.message } });
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`The database thread ended (exit ${code}).`)));
  }

  private send(request: WorkerRequestBody): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  /** One statement on the engine; the caller must hold the lock. */
  async run(config: QueryConfig | string, values?: unknown[]): Promise<FacadeResult> {
    const query =
      typeof config === 'string'
        ? { text: config, values }
        : { ...config, values: values ?? config.values };
    const params = (query.values ?? []).map((v) => pgUtils.prepareValue(v) as unknown);
    const reply = await this.send({ type: 'query', text: query.text, params });
    if (!reply.ok) throw new EngineError(reply.error);
    return this.present(query, reply.result);
  }

  /** Rows parsed by node-postgres's parsers, so both engines hand the app the same values. */
  private present(query: QueryConfig, reply: WorkerResult): FacadeResult {
    const types = query.types ?? pg.types;
    const parsers = reply.fields.map((f) => types.getTypeParser(f.dataTypeID, 'text'));
    const rows = reply.rows.map((row) => {
      const parsed = row.map((value, i) => (value === null ? null : (parsers[i] ?? String)(value)));
      if (query.rowMode === 'array') return parsed;
      return Object.fromEntries(reply.fields.map((f, i) => [f.name, parsed[i]]));
    });
    if (reply.affectedRows > 0) {
      this.rowsWritten += reply.affectedRows;
      this.onWrite?.();
    }
    return {
      command: /^\s*(\w+)/.exec(query.text)?.[1]?.toUpperCase() ?? '',
      rows,
      fields: reply.fields,
      rowCount: reply.affectedRows || rows.length,
    };
  }

  /** Several statements in one string (migrations); the caller must hold the lock. */
  async exec(text: string): Promise<void> {
    const reply = await this.send({ type: 'exec', text });
    if (!reply.ok) throw new EngineError(reply.error);
  }

  async query(config: QueryConfig | string, values?: unknown[]): Promise<FacadeResult> {
    const release = await this.lock.acquire(ENGINE_WAIT_MS);
    try {
      return await this.run(config, values);
    } finally {
      release();
    }
  }

  /** The engine's one session for a transaction, until `release()`. */
  async connect(): Promise<PgliteConnection> {
    return new PgliteConnection(this, await this.lock.acquire(ENGINE_WAIT_MS));
  }

  /** Calls `listener` with each NOTIFY payload on `channel`, from any session's commit. */
  async listen(channel: string, listener: (payload: string) => void): Promise<void> {
    const known = this.listeners.get(channel);
    if (known) {
      known.push(listener);
      return;
    }
    this.listeners.set(channel, [listener]);
    // Taken like a statement: LISTEN inside someone else's open transaction would end with it.
    const release = await this.lock.acquire(Number.POSITIVE_INFINITY);
    try {
      const reply = await this.send({ type: 'listen', channel });
      if (!reply.ok) throw new EngineError(reply.error);
    } finally {
      release();
    }
  }

  /**
   * The whole database as a plain SQL dump at `path`. The engine has one session, so the dump
   * holds it from start to end: that is what makes it one consistent snapshot. Answers
   * what `dumpPglite` found beside it (row counts, file keys).
   */
  async dumpTo(path: string): Promise<(string | null)[][]> {
    const release = await this.lock.acquire(Number.POSITIVE_INFINITY);
    try {
      const reply = await this.send({ type: 'dump', path });
      if (!reply.ok) throw new EngineError(reply.error);
      return reply.result.rows as (string | null)[][];
    } finally {
      release();
    }
  }

  async end(): Promise<void> {
    if (!this.failure) {
      const release = await this.lock.acquire(Number.POSITIVE_INFINITY);
      try {
        await this.send({ type: 'close' });
      } finally {
        release();
      }
    }
    await this.worker.terminate();
  }
}

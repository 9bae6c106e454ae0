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

/**
 * The engine thread's young generation: its objects are results on their way to the HTTP
 * thread, dead after one message, so a small one is collected often and cheaply instead of
 * growing to V8's default 32 MiB (decision 0080).
 */
const ENGINE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 12 };

function workerUrl(): URL {
  // From source (tsx, vitest) this module is db/pglite-pool.ts beside the worker; bundled,
  // it is inside dist/server/main.js or cli.js and the worker is dist/server/db/.
  return import.meta.url.endsWith('.ts')
    ? new URL('./pglite-worker.ts', import.meta.url)
    : new URL('./db/pglite-worker.js', import.meta.url);
}

/** Groups nest (a group's statement may be a group), so a place is a path, compared in order. */
function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

const UNGROUPED: readonly number[] = [Number.MAX_SAFE_INTEGER];

/**
 * A transaction's connection as the work of one statement group sees it (`together` in
 * statement-groups.ts hands each work a transaction on one of these): its statements carry
 * their place in the group, and the session sends a group's statements in one message, in
 * that order. `closing` marks a transaction's last group (`lastTogether`): its COMMIT travels
 * in the same message, so a write does not wait a turn of both threads for it (decision
 * 0071). The place travels with the handle, not in AsyncLocalStorage, whose promise hooks
 * taxed every promise of the process on Node 20 (decision 0107).
 */
export class GroupedClient {
  constructor(
    readonly session: PgliteSession,
    readonly rank: readonly number[],
    readonly closing: boolean,
  ) {}

  query(config: QueryConfig | string, values?: unknown[]): Promise<FacadeResult> {
    return this.session.query(config, values, this);
  }
}

interface Waiting {
  query: QueryConfig;
  rank: readonly number[];
  resolve: (result: FacadeResult) => void;
  reject: (error: unknown) => void;
}

const BEGUN: FacadeResult = { command: 'BEGIN', rows: [], fields: [], rowCount: 0 };
const COMMITTED: FacadeResult = { command: 'COMMIT', rows: [], fields: [], rowCount: 0 };
const COMMIT: QueryConfig = { text: 'COMMIT' };

/**
 * A transaction on the embedded engine. Every message to the engine's thread is a turn of
 * both threads (decision 0058), so statements travel together where they can: BEGIN waits
 * for the transaction's first statement, and statements issued together (`together`) are
 * sent at once, in their order, and run in one call into the engine.
 */
export class PgliteSession {
  private waiting: Waiting[] = [];
  private held: QueryConfig[] = [];
  /** The waiting statements are a transaction's last group: COMMIT goes with them. */
  private closing = false;
  /** COMMIT already went with the last group; Drizzle's own COMMIT is answered here. */
  private committed = false;
  /** Open savepoints (Drizzle's nested transactions): a last group there commits nothing. */
  private savepoints = 0;
  /** Groups being issued on this transaction (`together`); see `query`. */
  openGroups = 0;

  constructor(
    private readonly pool: PgliteWorkerPool,
    readonly release: () => void,
  ) {}

  query(
    config: QueryConfig | string,
    values?: unknown[],
    place?: GroupedClient,
  ): Promise<FacadeResult> {
    // A statement on the transaction itself while one of its groups is issued would leave
    // the group's order (the lock order), so it is refused loudly: the work of a group must
    // use the handle the group passes it.
    if (place === undefined && this.openGroups > 0) {
      return Promise.reject(new Error('A statement of a group was issued outside its group.'));
    }
    const query =
      typeof config === 'string'
        ? { text: config, values }
        : { ...config, values: values ?? config.values };
    if (/^\s*begin\b/i.test(query.text) && this.waiting.length === 0) {
      this.held.push(query);
      return Promise.resolve(BEGUN);
    }
    if (this.committed) {
      this.committed = false;
      if (/^\s*commit\b/i.test(query.text)) return Promise.resolve(COMMITTED);
      // A throw after the last group ends in Drizzle's ROLLBACK: there is nothing left to roll
      // back, and the caller sees its error. Any other statement would run outside the
      // transaction, so it is refused loudly.
      if (/^\s*rollback\b/i.test(query.text)) return Promise.resolve(COMMITTED);
      return Promise.reject(new Error("A statement came after its transaction's last group."));
    }
    if (/^\s*savepoint\b/i.test(query.text)) this.savepoints++;
    else if (/^\s*(?:release|rollback\s+to)\b/i.test(query.text)) this.savepoints--;
    if (place?.closing && this.savepoints === 0) this.closing = true;
    const rank = place?.rank;
    return new Promise((resolve, reject) => {
      this.waiting.push({ query, rank: rank ?? UNGROUPED, resolve, reject });
      if (this.waiting.length > 1) return;
      // A statement of a group waits until the others of the group have been issued.
      if (rank === undefined) void this.flush();
      else setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting.sort((a, b) => compareRanks(a.rank, b.rank));
    const held = this.held;
    const closing = this.closing;
    this.waiting = [];
    this.held = [];
    this.closing = false;
    try {
      const queries = [...held, ...batch.map((w) => w.query)];
      const results = await this.pool.runAll(closing ? [...queries, COMMIT] : queries);
      this.committed = closing;
      batch.forEach((w, i) => {
        const result = results[held.length + i];
        if (result) w.resolve(result);
        else w.reject(new Error('The database thread answered no result.'));
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

const isWrite = (text: string) => /^\s*(?:insert|update|delete)\b/i.test(text);

/** How a statement's rows are decoded, kept per text (`decoderFor`). */
interface Decoder {
  oids: readonly number[];
  names: readonly string[];
  parsers: readonly ((value: string) => unknown)[];
  command: string;
  write: boolean;
}

type TypeSource = NonNullable<QueryConfig['types']>;

const DECODERS_PER_SOURCE = 512;

function sameColumns(decoder: Decoder, fields: WorkerResult['fields']): boolean {
  if (decoder.oids.length !== fields.length) return false;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (!field || decoder.oids[i] !== field.dataTypeID || decoder.names[i] !== field.name)
      return false;
  }
  return true;
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
  private readonly decoders = new WeakMap<TypeSource, Map<string, Decoder>>();

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
          { eval: true, workerData, resourceLimits: ENGINE_THREAD_LIMITS },
        )
      : new Worker(url, { workerData, resourceLimits: ENGINE_THREAD_LIMITS });
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
    const [result] = await this.runAll([
      typeof config === 'string'
        ? { text: config, values }
        : { ...config, values: values ?? config.values },
    ]);
    if (!result) throw new Error('The database thread answered no result.');
    return result;
  }

  /**
   * Statements sent to the engine's thread in one message and run there in one call, in
   * order; the first error ends the rest. The caller must hold the lock.
   */
  async runAll(queries: QueryConfig[]): Promise<FacadeResult[]> {
    const statements = queries.map((q) => ({
      text: q.text,
      params: (q.values ?? []).map((v) => pgUtils.prepareValue(v) as unknown),
    }));
    const reply = await this.send({ type: 'query', statements });
    if (!reply.ok) throw new EngineError(reply.error);
    return reply.results.map((result, i) => this.present(queries[i] ?? { text: '' }, result));
  }

  private present(query: QueryConfig, reply: WorkerResult): FacadeResult {
    const decoder = this.decoderFor(query, reply.fields);
    const { parsers, names } = decoder;
    const width = parsers.length;
    const rows: unknown[] = new Array(reply.rows.length);
    for (let r = 0; r < reply.rows.length; r++) {
      const row = reply.rows[r] ?? [];
      if (query.rowMode === 'array') {
        const parsed: unknown[] = new Array(width);
        for (let i = 0; i < width; i++) {
          const value = row[i];
          parsed[i] = value === null || value === undefined ? null : (parsers[i] ?? String)(value);
        }
        rows[r] = parsed;
      } else {
        const parsed: Record<string, unknown> = {};
        for (let i = 0; i < width; i++) {
          const value = row[i];
          parsed[names[i] ?? ''] =
            value === null || value === undefined ? null : (parsers[i] ?? String)(value);
        }
        rows[r] = parsed;
      }
    }
    if (reply.affectedRows > 0 && decoder.write) {
      this.rowsWritten += reply.affectedRows;
      this.onWrite?.();
    }
    return {
      command: decoder.command,
      rows,
      fields: reply.fields,
      rowCount: reply.affectedRows || rows.length,
    };
  }

  /**
   * The parsers, column names and command of a statement, found once per text and type
   * source instead of on every run: Drizzle's parser lookup is a chain of comparisons per
   * column, and a floor write decodes about ten results (decision 0105). A kept statement's
   * columns do not change (decision 0090), so they are checked, not trusted: a text whose
   * columns differ from the kept ones is decoded anew.
   */
  private decoderFor(query: QueryConfig, fields: WorkerResult['fields']): Decoder {
    // Drizzle's prepared queries carry one `types` object each for their life; plain queries
    // carry none and share node-postgres's parsers.
    const source = query.types ?? pg.types;
    let byText = this.decoders.get(source);
    if (!byText) {
      byText = new Map();
      this.decoders.set(source, byText);
    }
    const known = byText.get(query.text);
    if (known && sameColumns(known, fields)) return known;
    // Texts built per call (lists of ids written out ...) would grow this without end.
    if (byText.size >= DECODERS_PER_SOURCE) byText.clear();
    const decoder: Decoder = {
      oids: fields.map((f) => f.dataTypeID),
      names: fields.map((f) => f.name),
      parsers: fields.map((f) => source.getTypeParser(f.dataTypeID, 'text')),
      command: /^\s*(\w+)/.exec(query.text)?.[1]?.toUpperCase() ?? '',
      write: isWrite(query.text),
    };
    byText.set(query.text, decoder);
    return decoder;
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
  async connect(): Promise<PgliteSession> {
    return new PgliteSession(this, await this.lock.acquire(ENGINE_WAIT_MS));
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
      return reply.results[0]?.rows ?? [];
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

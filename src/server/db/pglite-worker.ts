// The embedded engine's own thread. PGlite runs PostgreSQL compiled to WebAssembly
// synchronously: on the HTTP thread one slow query froze every request, health probes and
// signal handlers included. Here it blocks only this thread; the main thread talks to it by
// messages (see pglite-pool.ts) and stays free to answer, queue and shut down.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type {
  Notification,
  WorkerError,
  WorkerNotification,
  WorkerReply,
  WorkerRequest,
  WorkerResult,
} from './pglite-protocol';
import { dumpPglite } from '../backup/pglite-dump';

if (!parentPort) throw new Error('pglite-worker runs only as a worker thread.');
const port = parentPort;

const { dataDir, wasm } = workerData as {
  dataDir: string | null;
  wasm: { pglite: WebAssembly.Module; initdb: WebAssembly.Module };
};

const { serialize } = protocol;

/**
 * PGlite's own start parameters (`--single`, no parallel workers ...), kept, with ours after
 * them. Not in its type declarations, so checked here: without them the engine would not start.
 */
function defaultStartParams(): string[] {
  const params: unknown = (PGlite as unknown as { defaultStartParams?: unknown })
    .defaultStartParams;
  if (!Array.isArray(params) || !params.every((p) => typeof p === 'string')) {
    throw new Error('PGlite no longer lists its default start parameters; see decision 0066.');
  }
  return params;
}

// PostgreSQL's shared buffers live in the WebAssembly heap, which is zeroed when allocated
// and never given back: the default 128 MB was resident from the first second. The working
// set (vaults, fields, their indexes) fits in far less, and pages evicted from it are read
// again from the operating system's file cache (decision 0066).
const SETTINGS = ['shared_buffers=16MB'];

const pglite = new PGlite({
  dataDir: dataDir ?? undefined,
  startParams: [...defaultStartParams(), ...SETTINGS.flatMap((s) => ['-c', s])],
  extensions: { pg_trgm },
  pgliteWasmModule: wasm.pglite,
  initdbWasmModule: wasm.initdb,
});

function describeError(error: unknown): WorkerError {
  const e = error as Record<string, unknown>;
  const text = (key: string) => (typeof e[key] === 'string' ? e[key] : undefined);
  return {
    message: error instanceof Error ? error.message : String(error),
    code: text('code'),
    detail: text('detail'),
    hint: text('hint'),
    constraint: text('constraint'),
    table: text('table'),
    column: text('column'),
    schema: text('schema'),
    severity: text('severity'),
  };
}

/** A parameter as the text PostgreSQL reads (the pool already turned values into text). */
function paramText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return String(value);
}

/** Rows a command reports changing: the last number of `INSERT 0 3`, `UPDATE 2` ... */
function affectedBy(command: string): number {
  if (!/^(?:INSERT|UPDATE|DELETE|MERGE|COPY)\b/.test(command)) return 0;
  return Number(/(\d+)$/.exec(command)?.[1] ?? 0);
}

/**
 * Statements kept prepared by their text, most recently used last. Parsing and planning a
 * join in the engine's WebAssembly cost ten times its execution (1.4 ms against 0.09 ms for
 * the vault read), so each text is parsed once and PostgreSQL's plan cache does the rest;
 * PostgreSQL re-plans a kept statement itself when a table it reads changes.
 */
const prepared = new Map<string, string>();
const PREPARED_LIMIT = 256;
let preparedCount = 0;

/**
 * Runs one statement as Bind, Describe, Execute, Sync (Parse first for a text not yet
 * prepared) in one call into the engine; `PGlite.query` makes a call per message and parses
 * the text every time (decision 0058). Values stay PostgreSQL's text: the main thread parses
 * them with node-postgres's parsers, so both engines hand the app identical values.
 */
async function runStatement(text: string, params: unknown[], id: number): Promise<WorkerReply> {
  const parts: Uint8Array[] = [];
  let name = prepared.get(text);
  const parsing = name === undefined;
  if (name === undefined) {
    for (const [oldText, oldName] of prepared) {
      if (prepared.size < PREPARED_LIMIT) break;
      parts.push(serialize.close({ type: 'S', name: oldName }));
      prepared.delete(oldText);
    }
    name = `s${++preparedCount}`;
    parts.push(serialize.parse({ text, name }));
  } else {
    // Most recently used last, so the oldest is the first to go.
    prepared.delete(text);
  }
  parts.push(serialize.bind({ statement: name, values: params.map(paramText) }));
  parts.push(serialize.describe({ type: 'P' }));
  parts.push(serialize.execute({}));
  parts.push(serialize.sync());
  // The stream form, as PGlite's own `query` uses: `execProtocol` also copies every chunk of
  // the answer into one growing buffer and that into another (decision 0080).
  const messages = await pglite.runExclusive(() =>
    pglite.execProtocolStream(Buffer.concat(parts), { throwOnError: false }),
  );
  if (!parsing || messages.some((m) => m.name === 'parseComplete')) prepared.set(text, name);
  const result: WorkerResult = { rows: [], fields: [], affectedRows: 0 };
  for (const message of messages) {
    if (message instanceof protocol.messages.RowDescriptionMessage) {
      result.fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    } else if (message instanceof protocol.messages.DataRowMessage) {
      result.rows.push(message.fields);
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      result.affectedRows = affectedBy(message.text);
    } else if (message instanceof protocol.messages.DatabaseError) {
      return { id, ok: false, error: describeError(message) };
    }
  }
  return { id, ok: true, result };
}

const NO_ROWS: WorkerResult = { rows: [], fields: [], affectedRows: 0 };

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  await pglite.waitReady;
  switch (request.type) {
    case 'query':
      return runStatement(request.text, request.params, request.id);
    case 'exec':
      await pglite.exec(request.text);
      return { id: request.id, ok: true, result: NO_ROWS };
    case 'listen':
      // PGlite reads notifications from each answer of its one session, so a NOTIFY is
      // delivered when the transaction that sent it commits, as on PostgreSQL.
      await pglite.listen(request.channel, (payload) => {
        const notification = { channel: request.channel, payload };
        if (running > 0) heard.push(notification);
        else port.postMessage({ notification } satisfies WorkerNotification);
      });
      return { id: request.id, ok: true, result: NO_ROWS };
    case 'dump': {
      const rows = await dumpPglite(pglite, request.path);
      // pg_dump's session ends with DEALLOCATE ALL: the kept statements are gone.
      prepared.clear();
      return { id: request.id, ok: true, result: { rows, fields: [], affectedRows: 0 } };
    }
    case 'close':
      await pglite.close();
      return { id: request.id, ok: true, result: NO_ROWS };
  }
}

/**
 * Notifications heard while a request runs travel in its reply, ahead of its results: one
 * message wakes the main thread instead of one per NOTIFY (a floor write commits two), and
 * the main thread still hands them to their listeners before the write's caller resumes
 * (decision 0056 relies on that order; decision 0090).
 */
let heard: Notification[] = [];
let running = 0;

function withHeard(reply: WorkerReply): WorkerReply {
  if (heard.length === 0) return reply;
  const notifications = heard;
  heard = [];
  return { ...reply, notifications };
}

port.on('message', (request: WorkerRequest) => {
  running++;
  handle(request).then(
    (reply) => {
      running--;
      port.postMessage(withHeard(reply));
    },
    (error: unknown) => {
      running--;
      port.postMessage(
        withHeard({ id: request.id, ok: false, error: describeError(error) } as WorkerReply),
      );
    },
  );
});

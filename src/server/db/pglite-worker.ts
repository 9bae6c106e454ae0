// The embedded engine's own thread. PGlite runs PostgreSQL compiled to WebAssembly
// synchronously: on the HTTP thread one slow query froze every request, health probes and
// signal handlers included. Here it blocks only this thread; the main thread talks to it by
// messages (see pglite-pool.ts) and stays free to answer, queue and shut down.
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
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
  WorkerStatement,
} from './pglite-protocol';
import { dumpPglite } from '../backup/pglite-dump';

if (!parentPort) throw new Error('pglite-worker runs only as a worker thread.');
const port = parentPort;

/**
 * This thread yields the cores to the HTTP thread when both want one (decision 0103): under
 * load the two, libuv's threads and the machine's other work share two cores, and the HTTP
 * thread waited up to 100 ms for a core while the engine ran a statement, so a request that
 * touches no database waited as long. A niceness of 10 gives the HTTP thread about nine times
 * the share while both are runnable; the engine still has every core the HTTP thread leaves
 * idle. On Linux this sets this thread only; where the system refuses, nothing changes.
 */
const ENGINE_NICENESS = 10;
try {
  os.setPriority(0, ENGINE_NICENESS);
} catch {
  // A priority is a preference; the engine works the same without it.
}

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
 * the vault read), so each text is parsed once and PostgreSQL's plan cache does the rest.
 * PostgreSQL re-plans a kept statement itself when a table it reads changes.
 */
const prepared = new Map<string, string>();
const PREPARED_LIMIT = 256;
let preparedCount = 0;

/**
 * The columns each prepared statement answers with, learnt from its first Describe. A kept
 * statement's columns cannot change (PostgreSQL refuses to run it if a table change would
 * change them), so later runs skip Describe: the engine writes no RowDescription and this
 * thread decodes no column names, about 0.3 ms of a floor write's 8 to 10 statements
 * (decision 0090).
 */
const columnsOf = new Map<string, WorkerResult['fields']>();

/**
 * Runs the statements in one call into the engine: Bind, Describe, Execute for each (Parse
 * first for a text not yet prepared), then one Sync. `PGlite.query` makes six calls per
 * statement (parse, describe, bind, describe, execute, sync), each a full turn of its main
 * loop, and parses and plans the text every time (decision 0058). Values stay PostgreSQL's
 * text: the main thread parses them with node-postgres's parsers, so both engines hand the
 * app identical values. Without BEGIN, statements sent together run in one implicit
 * transaction, as in PostgreSQL's pipeline mode.
 */
async function runStatements(statements: WorkerStatement[], id: number): Promise<WorkerReply> {
  const parts: Uint8Array[] = [];
  const parsing: { text: string; name: string }[] = [];
  const fresh = new Set(statements.map((st) => st.text).filter((text) => !prepared.has(text)));
  for (const [text, name] of prepared) {
    if (prepared.size + fresh.size <= PREPARED_LIMIT) break;
    if (statements.some((st) => st.text === text)) continue;
    parts.push(serialize.close({ type: 'S', name }));
    prepared.delete(text);
    columnsOf.delete(name);
  }
  /** Each statement's prepared name, and its columns when already known. */
  const known: (WorkerResult['fields'] | undefined)[] = [];
  const names: string[] = [];
  for (const st of statements) {
    let name = prepared.get(st.text) ?? parsing.find((p) => p.text === st.text)?.name;
    if (name === undefined) {
      name = `s${++preparedCount}`;
      parsing.push({ text: st.text, name });
      parts.push(serialize.parse({ text: st.text, name }));
    } else if (prepared.has(st.text)) {
      // Most recently used last, so the oldest is the first to go.
      prepared.delete(st.text);
      prepared.set(st.text, name);
    }
    const columns = columnsOf.get(name);
    known.push(columns);
    names.push(name);
    parts.push(serialize.bind({ statement: name, values: st.params.map(paramText) }));
    if (!columns) parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}));
  }
  parts.push(serialize.sync());
  // The stream form, as PGlite's own `query` uses: `execProtocol` also copies every chunk of
  // the answer into one growing buffer and that into another, three to four times a large
  // result's size held at once on this thread (decision 0080).
  const messages = await pglite.runExclusive(() =>
    pglite.execProtocolStream(Buffer.concat(parts), { throwOnError: false }),
  );
  // Parses run in order until the first error: those that completed are kept.
  const parsed = messages.filter((m) => m.name === 'parseComplete').length;
  for (const p of parsing.slice(0, parsed)) prepared.set(p.text, p.name);
  const results: WorkerResult[] = [];
  const nextResult = (): WorkerResult => ({
    rows: [],
    fields: known[results.length] ?? [],
    affectedRows: 0,
  });
  let current = nextResult();
  /** A Describe's answer (RowDescription or NoData) is kept for the statement's later runs. */
  const learn = (fields: WorkerResult['fields']) => {
    current.fields = fields;
    const name = names[results.length];
    if (name !== undefined) columnsOf.set(name, fields);
  };
  for (const message of messages) {
    if (message instanceof protocol.messages.RowDescriptionMessage) {
      learn(message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })));
    } else if (message.name === 'noData') {
      learn([]);
    } else if (message instanceof protocol.messages.DataRowMessage) {
      current.rows.push(message.fields);
      rowBytesSinceCollection += message.length;
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      current.affectedRows = affectedBy(message.text);
      results.push(current);
      current = nextResult();
    } else if (message.name === 'emptyQuery') {
      results.push(current);
      current = nextResult();
    } else if (message instanceof protocol.messages.DatabaseError) {
      return { id, ok: false, error: describeError(message), index: results.length };
    }
  }
  return { id, ok: true, results };
}

/**
 * A full collection of this thread's heap after every so many bytes of rows sent. Large
 * results (a warehouse's JSON text, the print list's) are garbage once posted, but an
 * engine thread allocates little else, so V8 would let tens of MiB of them wait for a
 * collection that comes late; this heap is small (about 10 MiB live), so collecting it
 * takes milliseconds, on this thread only (decision 0080).
 */
const COLLECT_AFTER_ROW_BYTES = 8 * 1024 * 1024;
let rowBytesSinceCollection = 0;
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

function collectIfDue(): void {
  if (rowBytesSinceCollection < COLLECT_AFTER_ROW_BYTES) return;
  rowBytesSinceCollection = 0;
  collectGarbage();
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  await pglite.waitReady;
  switch (request.type) {
    case 'query':
      return runStatements(request.statements, request.id);
    case 'exec':
      await pglite.exec(request.text);
      return { id: request.id, ok: true, results: [] };
    case 'listen':
      // PGlite reads notifications from each answer of its one session, so a NOTIFY is
      // delivered when the transaction that sent it commits, as on PostgreSQL.
      await pglite.listen(request.channel, (payload) => {
        const notification = { channel: request.channel, payload };
        if (running > 0) heard.push(notification);
        else port.postMessage({ notification } satisfies WorkerNotification);
      });
      return { id: request.id, ok: true, results: [] };
    case 'dump': {
      const rows = await dumpPglite(pglite, request.path);
      // pg_dump's session ends with DEALLOCATE ALL: the kept statements are gone.
      prepared.clear();
      columnsOf.clear();
      return { id: request.id, ok: true, results: [{ rows, fields: [], affectedRows: 0 }] };
    }
    case 'close':
      await pglite.close();
      return { id: request.id, ok: true, results: [] };
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
      // After the reply is on its way: its rows are garbage now.
      collectIfDue();
    },
    (error: unknown) => {
      running--;
      port.postMessage(
        withHeard({ id: request.id, ok: false, error: describeError(error) } as WorkerReply),
      );
    },
  );
});

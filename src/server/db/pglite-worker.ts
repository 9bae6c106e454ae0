// The embedded engine's own thread. PGlite runs PostgreSQL compiled to WebAssembly
// synchronously: on the HTTP thread one slow query froze every request, health probes and
// signal handlers included. Here it blocks only this thread; the main thread talks to it by
// messages (see pglite-pool.ts) and stays free to answer, queue and shut down.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type {
  WorkerError,
  WorkerNotification,
  WorkerReply,
  WorkerRequest,
} from './pglite-protocol';

if (!parentPort) throw new Error('pglite-worker runs only as a worker thread.');
const port = parentPort;

const { dataDir, wasm } = workerData as {
  dataDir: string | null;
  wasm: { pglite: WebAssembly.Module; initdb: WebAssembly.Module };
};

// Values leave this thread as PostgreSQL's text, and the main thread parses them with the
// parsers node-postgres would use, so both engines hand the app identical values.
const keepText = (value: string) => value;
const rawParsers = Object.fromEntries(Object.keys(types.parsers).map((oid) => [oid, keepText]));

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

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  await pglite.waitReady;
  switch (request.type) {
    case 'query': {
      const result = await pglite.query<unknown[]>(request.text, request.params, {
        rowMode: 'array',
        parsers: rawParsers,
      });
      return {
        id: request.id,
        ok: true,
        rows: result.rows as (string | null)[][],
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: result.affectedRows ?? 0,
      };
    }
    case 'exec':
      await pglite.exec(request.text);
      return { id: request.id, ok: true, rows: [], fields: [], affectedRows: 0 };
    case 'listen':
      // PGlite reads notifications from each answer of its one session, so a NOTIFY is
      // delivered when the transaction that sent it commits, as on PostgreSQL.
      await pglite.listen(request.channel, (payload) => {
        const message: WorkerNotification = {
          notification: { channel: request.channel, payload },
        };
        port.postMessage(message);
      });
      return { id: request.id, ok: true, rows: [], fields: [], affectedRows: 0 };
    case 'close':
      await pglite.close();
      return { id: request.id, ok: true, rows: [], fields: [], affectedRows: 0 };
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (reply) => port.postMessage(reply),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: describeError(error) } as WorkerReply),
  );
});

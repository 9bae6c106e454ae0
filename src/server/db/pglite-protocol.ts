// Messages between the main thread (pglite-pool.ts) and the engine's thread (pglite-worker.ts).

/** One statement and its parameters, each already PostgreSQL's text (or null). */
export interface WorkerStatement {
  text: string;
  params: unknown[];
}

export type WorkerRequest =
  /** Statements run in order in one call into the engine; the first error skips the rest. */
  | { id: number; type: 'query'; statements: WorkerStatement[] }
  | { id: number; type: 'exec'; text: string }
  | { id: number; type: 'listen'; channel: string }
  /** The whole database as a plain SQL dump written to `path` (a backup, decision 0440). */
  | { id: number; type: 'dump'; path: string }
  | { id: number; type: 'close' };

/** PostgreSQL's error fields, so the services' checks (`code` 23505 ...) work across the hop. */
export interface WorkerError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
}

export interface WorkerResult {
  /** Every value as PostgreSQL's text (or null); the main thread parses it. */
  rows: (string | null)[][];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

/** A NOTIFY the engine delivered on a channel this thread listens to. */
export interface Notification {
  channel: string;
  payload: string;
}

/** `notifications`: those the request's statements delivered, to be handed on before it resolves. */
export type WorkerReply = (
  | { id: number; ok: true; results: WorkerResult[] }
  /** `index`: which statement of the request failed. */
  | { id: number; ok: false; error: WorkerError; index?: number }
) & { notifications?: Notification[] };

/** A NOTIFY delivered while no request ran (sent on its own). */
export interface WorkerNotification {
  notification: Notification;
}

export type WorkerMessage = WorkerReply | WorkerNotification;

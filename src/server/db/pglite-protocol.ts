// Messages between the main thread (pglite-pool.ts) and the engine's thread (pglite-worker.ts).

export type WorkerRequest =
  /** One statement; `params` already PostgreSQL's text (or null). */
  | { id: number; type: 'query'; text: string; params: unknown[] }
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
  { id: number; ok: true; result: WorkerResult } | { id: number; ok: false; error: WorkerError }
) & { notifications?: Notification[] };

/** A NOTIFY delivered while no request ran (sent on its own). */
export interface WorkerNotification {
  notification: Notification;
}

export type WorkerMessage = WorkerReply | WorkerNotification;

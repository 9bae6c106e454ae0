// Messages between the main thread (pglite-pool.ts) and the engine's thread (pglite-worker.ts).

export type WorkerRequest =
  | { id: number; type: 'query'; text: string; params: unknown[] }
  | { id: number; type: 'exec'; text: string }
  | { id: number; type: 'listen'; channel: string }
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

export type WorkerReply =
  | {
      id: number;
      ok: true;
      /** Every value as PostgreSQL's text (or null); the main thread parses it. */
      rows: (string | null)[][];
      fields: { name: string; dataTypeID: number }[];
      affectedRows: number;
    }
  | { id: number; ok: false; error: WorkerError };

/** A NOTIFY the engine delivered on a channel this thread listens to (sent without a request). */
export interface WorkerNotification {
  notification: { channel: string; payload: string };
}

export type WorkerMessage = WorkerReply | WorkerNotification;

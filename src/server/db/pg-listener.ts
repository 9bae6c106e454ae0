import pg from 'pg';

/** What a listener hears: each payload, and that it came back after a gap (payloads may be lost). */
export interface NotificationHandlers {
  payload(payload: string): void;
  resumed(): void;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * One connection per instance that LISTENs on PostgreSQL, for every channel the instance
 * hears, outside the pool, so a stream never holds a pool connection. When the server
 * restarts or the connection drops, it reconnects with growing pauses, listens again on every
 * channel and tells each that it resumed: whatever was sent meanwhile is read back from the
 * table the notifications announce, or the cache they keep is dropped (decision 0030).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | null = null;
  private readonly channels = new Map<string, NotificationHandlers[]>();
  private firstConnect: Promise<void> | null = null;

  constructor(private readonly connectionString: string) {}

  /**
   * Listens on one more channel. Resolves once listening; a failure here is the caller's (the
   * database is unreachable at start).
   */
  async add(channel: string, handlers: NotificationHandlers): Promise<void> {
    this.channels.set(channel, [...(this.channels.get(channel) ?? []), handlers]);
    this.firstConnect ??= this.connect();
    await this.firstConnect;
    // The first connection listened on the channels known when it was made; this one may be
    // later. Without a connection now, the reconnect listens on it with the others.
    await this.client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      const { payload } = message;
      if (payload === undefined) return;
      for (const handlers of this.channels.get(message.channel) ?? []) handlers.payload(payload);
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    for (const channel of this.channels.keys()) {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => {
          if (this.closed) return;
          for (const handlers of [...this.channels.values()].flat()) handlers.resumed();
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

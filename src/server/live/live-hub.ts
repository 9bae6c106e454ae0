import { sql } from 'drizzle-orm';
import { liveEventSchema, type LiveEvent } from '../../contracts/live';
import { queryRows, type Database, type Db } from '../db/client';

/** The channel the `live_events` trigger notifies on (migration 0006). */
const LIVE_CHANNEL = 'vaultgrid_live';
/** Events older than this are swept; a stream resuming from before them is told to reload. */
const KEEP_EVENTS_MS = 60 * 60 * 1000;
/** A presence row not renewed for this long is gone (clients renew every 20 s). */
export const PRESENCE_TTL_SECONDS = 45;
const SWEEP_INTERVAL_MS = 15_000;
/** At most this many events are replayed to one resuming stream; past it, a reload is cheaper. */
const REPLAY_LIMIT = 500;

export interface LiveSubscriber {
  send(event: LiveEvent): void;
  /** The instance is stopping: the stream should be ended with a hint to reconnect elsewhere. */
  drain(): void;
}

interface EventRow {
  version: number;
  company: number;
  warehouse: number | null;
  entity: string;
  id: number | null;
}

/**
 * Fans the database's change notifications out to the streams this instance holds, by
 * company. Every instance hears every commit (one LISTEN connection each), so an event
 * published on one reaches streams on all; a stream only ever gets its own company's.
 */
export class LiveHub {
  private readonly byCompany = new Map<number, Set<LiveSubscriber>>();
  private highest = 0;
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Set on shutdown: no new streams, open ones are told to go elsewhere. */
  draining = false;

  constructor(
    private readonly db: Db,
    readonly instance: string,
  ) {}

  /** Listens on the database and sweeps old events and stale presence on a timer. */
  static async start(database: Database, instance: string): Promise<LiveHub> {
    const hub = new LiveHub(database.db, instance);
    await database.listen(LIVE_CHANNEL, {
      payload: (payload) => hub.receive(payload),
      resumed: () => {
        hub.catchUp().catch(() => undefined);
      },
    });
    hub.sweepTimer = setInterval(() => {
      hub.sweep().catch(() => undefined);
    }, SWEEP_INTERVAL_MS);
    hub.sweepTimer.unref();
    return hub;
  }

  get streamCount(): number {
    let count = 0;
    for (const set of this.byCompany.values()) count += set.size;
    return count;
  }

  subscribe(companyId: number, subscriber: LiveSubscriber): () => void {
    let set = this.byCompany.get(companyId);
    if (!set) {
      set = new Set();
      this.byCompany.set(companyId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byCompany.get(companyId) === set) {
        this.byCompany.delete(companyId);
      }
    };
  }

  private receive(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = liveEventSchema.safeParse(parsed);
    if (event.success) this.dispatch(event.data);
  }

  private dispatch(event: LiveEvent): void {
    this.highest = Math.max(this.highest, event.version);
    for (const subscriber of this.byCompany.get(event.company) ?? []) subscriber.send(event);
  }

  /**
   * The events a stream missed since `after` (its Last-Event-ID), oldest first, or null when
   * some of them were already swept and the client must reload what it shows.
   */
  async replay(companyId: number, after: number): Promise<LiveEvent[] | null> {
    // Ids are never reused and `after` came from a real event: with no row at or below it
    // left, the sweep took it and perhaps others the stream never saw.
    const [kept] = await queryRows<{ kept: boolean }>(
      this.db,
      sql`SELECT EXISTS (SELECT 1 FROM live_events WHERE id <= ${after}) AS kept`,
    );
    if (!kept?.kept) return null;
    const rows = await queryRows<EventRow>(
      this.db,
      sql`SELECT id AS version, company_id AS company, warehouse_id AS warehouse, entity,
                 entity_id AS id
            FROM live_events WHERE company_id = ${companyId} AND id > ${after}
           ORDER BY id LIMIT ${REPLAY_LIMIT + 1}`,
    );
    if (rows.length > REPLAY_LIMIT) return null;
    return rows.map((row) => liveEventSchema.parse(row));
  }

  /**
   * After the listening connection came back: what was committed meanwhile is read from the
   * table. A stream may see an event twice; clients only refetch, so that is harmless.
   */
  private async catchUp(): Promise<void> {
    const rows = await queryRows<EventRow>(
      this.db,
      sql`SELECT id AS version, company_id AS company, warehouse_id AS warehouse, entity,
                 entity_id AS id
            FROM live_events WHERE id > ${this.highest} ORDER BY id LIMIT 10000`,
    );
    for (const row of rows) this.dispatch(liveEventSchema.parse(row));
  }

  private async sweep(): Promise<void> {
    const cutoff = new Date(Date.now() - KEEP_EVENTS_MS);
    await this.db.execute(sql`DELETE FROM live_events WHERE at < ${cutoff}`);
    // Deleting a tab's row announces that its person left (the presence trigger).
    await this.db.execute(
      sql`DELETE FROM live_presence
           WHERE seen_at < now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`,
    );
  }

  /** Shutdown: refuse new streams and send the open ones elsewhere. */
  drain(): void {
    this.draining = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const set of this.byCompany.values()) {
      for (const subscriber of [...set]) subscriber.drain();
    }
  }
}

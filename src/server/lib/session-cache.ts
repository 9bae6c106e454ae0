import type { SessionUser } from '../../contracts/auth';
import type { Database } from '../db/client';

/** The channel the `sessions` delete trigger notifies on (migration 0013). */
const SESSIONS_CHANNEL = 'vaultgrid_sessions';
/** What the trigger sends instead of ids when a statement ended too many to list. */
const ALL_ENDED = '*';
/**
 * How long a resolved session is kept without asking again: the bound on a stale answer
 * should a notification be lost (the listener reconnecting forgets everything anyway).
 */
const SESSION_KEEP_MS = 30_000;

export interface KeptSession {
  user: SessionUser;
  expiresAt: Date;
}

interface Entry extends KeptSession {
  keptUntil: number;
}

/**
 * Sessions this instance has resolved, by the hash of their token, so a signed-in call does
 * not ask the database who is calling (decision 0054). Every ended session (logout, a new
 * password, a removed user, the expiry sweep) is announced by a trigger on `sessions` to
 * every instance, which forgets it; an entry is also kept at most `keepMs`, the bound on a
 * stale answer should a notification be lost, and never past the session's own expiry.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  // Bumped whenever sessions end: a lookup that began before cannot keep what it read.
  private generation = 0;

  constructor(
    private readonly keepMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** A cache that hears ended sessions from every instance sharing `database`. */
  static async listening(database: Database, keepMs = SESSION_KEEP_MS): Promise<SessionCache> {
    const cache = new SessionCache(keepMs);
    await database.listen(SESSIONS_CHANNEL, {
      payload: (payload) => cache.forget(payload === ALL_ENDED ? null : payload.split(',')),
      // Reconnected after a gap: whatever ended meanwhile was not heard.
      resumed: () => cache.forget(null),
    });
    return cache;
  }

  get(id: string, now: number): KeptSession | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.keptUntil <= now || entry.expiresAt.getTime() <= now) {
      this.entries.delete(id);
      return null;
    }
    return entry;
  }

  /** A token for `set`: what was read after it may be kept unless sessions ended meanwhile. */
  mark(): number {
    return this.generation;
  }

  set(id: string, session: KeptSession, mark: number, now: number): void {
    if (mark !== this.generation) return;
    this.entries.delete(id);
    this.entries.set(id, { ...session, keptUntil: now + this.keepMs });
    // The map iterates in insertion order: the oldest entries go first.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  /** Forgets these sessions (by id), or all of them when `ids` is null. */
  forget(ids: readonly string[] | null): void {
    this.generation++;
    if (ids === null) this.entries.clear();
    else for (const id of ids) this.entries.delete(id);
  }
}

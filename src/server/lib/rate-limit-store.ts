import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { queryRows, type Db } from '../db/client';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (table `rate_limit_hits`), so
 * every instance behind a balancer shares one count per key and two instances cannot double
 * an attacker's budget (decision 0032). One atomic upsert per request: the row's window
 * restarts when it has run out, and the answer says how long is left of it.
 */
export function databaseRateLimitStore(db: Db, namespace: string): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = `${namespace}:`) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method?: unknown; url?: unknown; routeInfo?: unknown }) {
      // A route with its own limit counts apart from the scope's, as the plugin's stores do.
      const route = routeOptions.routeInfo as { method?: unknown; url?: unknown } | undefined;
      return new DatabaseStore(
        `${namespace}:${String(route?.method ?? '')}${String(route?.url ?? '')}:`,
      );
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

async function hit(db: Db, key: string, windowMs: number) {
  const [row] = await queryRows<{ hits: number; ttl: number }>(
    db,
    sql`INSERT INTO rate_limit_hits (key, hits, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1
                      ELSE rate_limit_hits.hits + 1 END,
          reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN EXCLUDED.reset_at
                          ELSE rate_limit_hits.reset_at END
        RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int8 AS ttl`,
  );
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? windowMs };
}

/** Drops windows that ended more than an hour ago (the hourly sweep). */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE reset_at < now() - interval '1 hour'`);
}

import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db } from '../../src/server/db/client';

/** What went to the engine through a counted database since the last `reset`. */
export interface EngineTally {
  statements: number;
  rows: number;
}

interface Result {
  rows?: unknown[];
}
interface Queryable {
  query(...args: unknown[]): Promise<Result>;
}
interface Pooled extends Queryable {
  connect(): Promise<Queryable & { release(error?: unknown): void }>;
}

// Drizzle's driver takes a connection for a transaction only from something whose class is
// named like a pool, so the name matters.
class CountingPool {
  readonly tally: EngineTally = { statements: 0, rows: 0 };

  constructor(private readonly inner: Pooled) {}

  query(...args: unknown[]): Promise<Result> {
    return this.count(this.inner.query(...args));
  }

  async connect() {
    const client = await this.inner.connect();
    return {
      query: (...args: unknown[]) => this.count(client.query(...args)),
      release: (error?: unknown) => client.release(error),
    };
  }

  private async count(result: Promise<Result>): Promise<Result> {
    this.tally.statements += 1;
    const answered = await result;
    this.tally.rows += answered.rows?.length ?? 0;
    return answered;
  }
}

/**
 * The same database behind a `db` that counts every statement sent to the engine and every
 * row it answers, on either engine: a second app served over it shows what a call asks of
 * the engine.
 */
export function countingDatabase(database: Database): {
  database: Database;
  tally: EngineTally;
  reset(): void;
} {
  const inner = (database.db as unknown as { $client: Pooled }).$client;
  const pool = new CountingPool(inner);
  const db = drizzle(pool as unknown as pg.Pool) as unknown as Db;
  return {
    database: { ...database, db },
    tally: pool.tally,
    reset() {
      pool.tally.statements = 0;
      pool.tally.rows = 0;
    },
  };
}

import type { Db } from './client';

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The connection a database (its pool) or a transaction (its client) runs statements on. */
function connectionOf(db: Db): unknown {
  // Drizzle's node-postgres driver keeps it in the session, for a database and a transaction.
  const { session } = db as unknown as { session?: { client?: unknown } };
  if (!session?.client) throw new Error('This database handle has no connection.');
  return session.client;
}

/**
 * A statement whose SQL text Drizzle builds once, its values being `sql.placeholder`s, and
 * that then runs on the connection of whichever database or transaction calls it. Building
 * the text took Drizzle about 0.1-0.2 ms a statement on every call, the largest share of a
 * floor write's time on the HTTP thread (decision 0071). The name is also the prepared
 * statement's name on PostgreSQL (node-postgres parses it once per connection); the embedded
 * engine's thread keeps every text prepared anyway (decision 0058). Names must be unique.
 *
 * A prepared query is bound to the connection it was built on; each call runs a copy bound to
 * the caller's, which leaves Drizzle's own result mapping untouched.
 */
export function keptStatement<R>(
  name: string,
  build: (db: Db) => { prepare(name: string): Prepared<R> },
): (db: Db, values: Record<string, unknown>) => Promise<R> {
  let kept: Prepared<R> | null = null;
  return (db, values) => {
    kept ??= build(db).prepare(name);
    const bound = Object.create(kept, { client: { value: connectionOf(db) } }) as Prepared<R>;
    return bound.execute(values);
  };
}

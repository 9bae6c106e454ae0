import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { isEmbeddedEngine, type Db } from './client';
import { GroupedClient, PgliteSession } from './pglite-pool';

/** One work of a group: its statements go through the handle it is given (`db`). */
type Works<T extends unknown[]> = [...{ [K in keyof T]: (db: Db) => Promise<T[K]> }];

/** What Drizzle's node-postgres driver keeps in a database or transaction handle. */
interface Handle {
  session: { client?: unknown };
}

/** The parts of a Drizzle transaction (node-postgres driver) a group's handle is built from. */
interface TransactionParts {
  dialect: PgDialect;
  schema: undefined;
  nestedIndex: number;
  session: { schema: undefined; options: ConstructorParameters<typeof NodePgSession>[3] };
}

/**
 * Runs statements that do not depend on each other's results as one group: in a transaction
 * on the embedded engine they reach its thread in one message and run in the order written
 * (decision 0058); on PostgreSQL one after another, in that order, so locks are taken in the
 * order a reader sees here on both engines. Each work gets the transaction to issue its
 * statements on, which knows their place in the group: a statement on the outer handle
 * while the group is issued is refused on the embedded engine (decision 0107).
 */
export function together<T extends unknown[]>(db: Db, works: Works<T>): Promise<T> {
  return group(db, works, false);
}

/**
 * A transaction's last group (`together`): on the embedded engine its COMMIT travels in the
 * same message (decision 0071), so the caller must return right after it, issuing nothing
 * more and throwing nothing. Inside a nested transaction (a savepoint) it is a plain group.
 */
export function lastTogether<T extends unknown[]>(db: Db, works: Works<T>): Promise<T> {
  return group(db, works, true);
}

async function group<T extends unknown[]>(db: Db, works: Works<T>, closing: boolean): Promise<T> {
  if (!isEmbeddedEngine(db)) {
    const results: unknown[] = [];
    for (const work of works) results.push(await work(db));
    return results as T;
  }
  const handle = db as unknown as Handle;
  const client = handle.session.client;
  // Outside a transaction each statement takes the engine on its own: nothing to order.
  if (!(client instanceof GroupedClient || client instanceof PgliteSession)) {
    return Promise.all(works.map((work) => work(db))) as Promise<T>;
  }
  const session = client instanceof GroupedClient ? client.session : client;
  const parent = client instanceof GroupedClient ? client.rank : [];
  const closes = closing || (client instanceof GroupedClient && client.closing);
  session.openGroups++;
  try {
    return (await Promise.all(
      works.map((work, i) => work(placed(db, new GroupedClient(session, [...parent, i], closes)))),
    )) as T;
  } finally {
    session.openGroups--;
  }
}

/**
 * The transaction `db` with its statements going through `client`. Built as Drizzle builds a
 * transaction, so every handle has the shape Drizzle's code is compiled for (a handle made
 * with `Object.create` on each transaction gave V8 a new shape per transaction).
 */
function placed(db: Db, client: GroupedClient): Db {
  const tx = db as unknown as TransactionParts;
  const session = new NodePgSession(
    client as unknown as pg.PoolClient,
    tx.dialect,
    tx.session.schema,
    tx.session.options,
  );
  return new NodePgTransaction(tx.dialect, session, tx.schema, tx.nestedIndex) as unknown as Db;
}

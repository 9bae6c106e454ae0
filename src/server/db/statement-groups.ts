import { isEmbeddedEngine, type Db } from './client';
import { closingGroup, statementRank } from './pglite-pool';

/**
 * Runs statements that do not depend on each other's results as one group: in a transaction
 * on the embedded engine they reach its thread in one message and run in the order written
 * (decision 0058); on PostgreSQL one after another, in that order, so locks are taken in the
 * order a reader sees here on both engines.
 */
export async function together<T extends unknown[]>(
  db: Db,
  works: [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  if (!isEmbeddedEngine(db)) {
    const results: unknown[] = [];
    for (const work of works) results.push(await work());
    return results as T;
  }
  const parent = statementRank.getStore() ?? [];
  // Awaited inside its place: a query builder starts only when awaited, and would otherwise
  // start outside the group, where it has no place.
  return Promise.all(
    works.map((work, i) => statementRank.run([...parent, i], async () => await work())),
  ) as Promise<T>;
}

/**
 * A transaction's last group (`together`): on the embedded engine its COMMIT travels in the
 * same message (decision 0071), so the caller must return right after it, issuing nothing
 * more and throwing nothing. Inside a nested transaction (a savepoint) it is a plain group.
 */
export function lastTogether<T extends unknown[]>(
  db: Db,
  works: [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  return closingGroup.run(true, () => together<T>(db, works));
}

import type { Database, Db } from './client';

/** The channel the `warehouse_versions` trigger notifies on (migration 0013). */
const VERSIONS_CHANNEL = 'vaultgrid_versions';

export interface WarehouseVersionRow {
  id: number;
  slug: string;
  version: number;
}

/**
 * The versions of each company's warehouses as last read, forgotten for a company whenever
 * its versions change (decision 0056). Only for the embedded engine: its one session
 * announces a commit's notifications to this thread before the commit's own answer, so no
 * caller can see its write acknowledged while the book still holds the version before it.
 * On PostgreSQL a notice travels on another connection and may come after, so versions are
 * always read there.
 */
class VersionBook {
  private readonly byCompany = new Map<number, WarehouseVersionRow[]>();
  // Bumped whenever versions change: a read that began before cannot keep what it found.
  private generation = 0;

  get(companyId: number): WarehouseVersionRow[] | undefined {
    return this.byCompany.get(companyId);
  }

  mark(): number {
    return this.generation;
  }

  set(companyId: number, rows: WarehouseVersionRow[], mark: number): void {
    if (mark === this.generation) this.byCompany.set(companyId, rows);
  }

  forget(companyIds: readonly number[] | null): void {
    this.generation++;
    if (companyIds === null) this.byCompany.clear();
    else for (const id of companyIds) this.byCompany.delete(id);
  }
}

const books = new WeakMap<Db, VersionBook>();

/** Keeps the embedded engine's warehouse versions in memory, told of each change. */
export async function followWarehouseVersions(database: Database): Promise<void> {
  const book = new VersionBook();
  await database.listen(VERSIONS_CHANNEL, {
    payload: (payload) => book.forget(payload === '*' ? null : payload.split(',').map(Number)),
    resumed: () => book.forget(null),
  });
  books.set(database.db, book);
}

/**
 * A company's warehouse versions (ordered by name): from memory where the engine tells this
 * process of every change, else from `read`.
 */
export async function companyVersions(
  db: Db,
  companyId: number,
  read: () => Promise<WarehouseVersionRow[]>,
): Promise<WarehouseVersionRow[]> {
  const book = books.get(db);
  if (!book) return read();
  const known = book.get(companyId);
  if (known) return known;
  const mark = book.mark();
  const rows = await read();
  book.set(companyId, rows, mark);
  return rows;
}

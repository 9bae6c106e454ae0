import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from './client';

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

/**
 * A count of the changes heard for each company's data: a kept answer that no warehouse
 * version covers (the staged list, decision 0075) is current while its company's stamp is
 * the one it was built at. Told by the same engine, in the same order, as the versions.
 */
class ChangeStamps {
  private readonly byCompany = new Map<number, number>();
  private heard = 0;
  private allChangedAt = 0;

  stamp(companyId: number): number {
    return Math.max(this.byCompany.get(companyId) ?? 0, this.allChangedAt);
  }

  changed(companyIds: readonly number[] | null): void {
    this.heard++;
    if (companyIds === null) {
      this.allChangedAt = this.heard;
      this.byCompany.clear();
    } else for (const id of companyIds) this.byCompany.set(id, this.heard);
  }
}

const books = new WeakMap<Db, VersionBook>();
const stamps = new WeakMap<Db, ChangeStamps>();

/** The channel every write to what staff see announces itself on (migration 0006). */
const LIVE_CHANNEL = 'vaultgrid_live';

/** The companies a live event names: none for presence, null (all) when unreadable. */
function liveEventCompanies(payload: string): number[] | null {
  try {
    const event = JSON.parse(payload) as { company?: unknown; entity?: unknown };
    // Who has a warehouse open changes no data.
    if (event.entity === 'presence') return [];
    return typeof event.company === 'number' ? [event.company] : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the embedded engine's warehouse versions in memory, and a change stamp per company,
 * told of each change: a renamed customer or order bumps versions, and every statement that
 * writes vaults or their attachments (staged or not, by any path) makes a live event.
 */
export async function followWarehouseVersions(database: Database): Promise<void> {
  const book = new VersionBook();
  const changes = new ChangeStamps();
  await database.listen(VERSIONS_CHANNEL, {
    payload: (payload) => {
      const companies = payload === '*' ? null : payload.split(',').map(Number);
      book.forget(companies);
      changes.changed(companies);
    },
    resumed: () => {
      book.forget(null);
      changes.changed(null);
    },
  });
  await database.listen(LIVE_CHANNEL, {
    payload: (payload) => {
      const companies = liveEventCompanies(payload);
      if (companies === null || companies.length > 0) changes.changed(companies);
    },
    resumed: () => changes.changed(null),
  });
  books.set(database.db, book);
  stamps.set(database.db, changes);
}

/**
 * How many changes to the company's data this process has heard, where the engine tells it
 * of each before the write's own answer (the embedded engine, decision 0056); null where it
 * cannot know (PostgreSQL: a notice comes on another connection, possibly later).
 */
export function companyChangeStamp(db: Db, companyId: number): number | null {
  return stamps.get(db)?.stamp(companyId) ?? null;
}

/**
 * A company's warehouse versions (ordered by name): from memory where the engine tells this
 * process of every change, else from `read`.
 */
async function companyVersions(
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

/**
 * A company's warehouse versions, ordered by warehouse name: what decides whether an answer
 * kept for the company is current (decision 0025). From memory on the embedded engine.
 */
export function warehouseVersionsOf(db: Db, companyId: number): Promise<WarehouseVersionRow[]> {
  return companyVersions(db, companyId, () =>
    queryRows<WarehouseVersionRow>(
      db,
      sql`SELECT w.id, w.slug, wv.version FROM warehouses w
          JOIN warehouse_versions wv ON wv.warehouse_id = w.id
          WHERE w.company_id = ${companyId}
          ORDER BY w.name`,
    ),
  );
}

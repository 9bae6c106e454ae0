import { sql } from 'drizzle-orm';
import type { SearchSuggestions } from '../../../contracts/search';
import { queryRows, type Db } from '../../db/client';
import type { WarehouseVersionRow } from '../../db/warehouse-versions';

/**
 * Search suggestions answered from memory (decision 0096): per company and warehouse, the
 * names the suggestion statement matches (customers and orders with a placed vault there, and
 * the placed vaults' numbers), each part kept under its warehouse's version. The answers are
 * the statement's own (search.repository.ts), which the property test compares on both
 * engines:
 * - ILIKE lowers the name and the pattern with the database's `lower()` and then compares
 *   literally (PostgreSQL's like.c for UTF-8). The names' lower forms come from the database;
 *   only texts of printable ASCII are answered here, whose lower form is checked once per
 *   database to be ASCII's. Other texts go to the statement.
 * - The order (`name`, and `length(name), name` for vaults) is the database's collation: each
 *   warehouse's part comes sorted by the database, and company-wide the parts are merged by
 *   code point, so the index serves only databases whose collation sorts by code point ("C",
 *   "POSIX", "C.UTF-8", the builtin provider).
 * A part missing or older than its version is read in the background while the statement
 * answers, so no search waits for it.
 */

/** One list of one warehouse: names in the statement's order, matched as one text. */
interface NameList {
  names: string[];
  /** A customer's or order's id, to count it once across warehouses; unused for vaults. */
  ids: number[];
  /** The lower forms, each after a NUL (a PostgreSQL text holds none), in `names` order. */
  lowered: string;
  /** Where each name starts in `lowered` (after its NUL), and the text's length at the end. */
  starts: Int32Array;
}

interface Part {
  customers: NameList;
  orders: NameList;
  vaults: NameList;
}

/** `[id, name, lower(name)]` as the database sends them. */
type Row = [number, string, string];

/** Order of the "C" collation: UTF-8 bytes, which is code points, not UTF-16 code units. */
function codePointCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitRank(x) - unitRank(y);
  }
  return a.length - b.length;
}

/** Surrogates (code points above U+FFFF) after U+E000..U+FFFF, as in code point order. */
function unitRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** `length()` in PostgreSQL counts code points. */
function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) n++;
  }
  return n;
}

const byName = (a: string, b: string) => codePointCompare(a, b);
const byLengthThenName = (a: string, b: string) =>
  codePointLength(a) - codePointLength(b) || codePointCompare(a, b);

/** A list from rows in the statement's order, sorted by the database that sends them. */
function nameList(rows: Row[]): NameList {
  const starts = new Int32Array(rows.length + 1);
  let lowered = '';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Row;
    starts[i] = lowered.length + 1;
    lowered += `\0${row[2]}`;
  }
  starts[rows.length] = lowered.length + 1;
  return { names: rows.map((r) => r[1]), ids: rows.map((r) => r[0]), lowered, starts };
}

/** The name whose lower form holds position `at` of `list.lowered`. */
function nameAt(list: NameList, at: number): number {
  let lo = 0;
  let hi = list.names.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((list.starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The first `limit` names of the list, in its order, that start with the text, and the first
 * `limit` that hold it elsewhere: whatever the other warehouses hold, a name not among these
 * cannot be among the statement's `limit`. One pass over the text while both are wanted.
 */
function matches(list: NameList, text: string, limit: number): [number[], number[]] {
  const prefix: number[] = [];
  const inside: number[] = [];
  const { lowered, starts } = list;
  let at = lowered.indexOf(text);
  while (at >= 0 && prefix.length < limit) {
    const index = nameAt(list, at);
    // The first occurrence in a name is at its start if the name starts with the text.
    if (starts[index] === at) prefix.push(index);
    else if (inside.length < limit) inside.push(index);
    else break;
    at = lowered.indexOf(text, starts[index + 1] ?? lowered.length);
  }
  // Enough names hold the text; only names that start with it can still count.
  if (at >= 0 && prefix.length < limit) {
    const start = `\0${text}`;
    for (let from = lowered.indexOf(start, at - 1); from >= 0 && prefix.length < limit;) {
      prefix.push(nameAt(list, from + 1));
      from = lowered.indexOf(start, from + 1);
    }
  }
  return [prefix, inside];
}

/**
 * The statement's list: names that start with the text first, each group in the list order,
 * at most `limit`; a customer or order counted once however many warehouses hold it. Each
 * warehouse's matches are in order already, so they are merged, not sorted.
 */
function answer(
  lists: NameList[],
  text: string,
  limit: number,
  order: (a: string, b: string) => number,
  distinctIds: boolean,
): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  const found = lists.map((list) => matches(list, text, limit));
  for (const group of [0, 1]) {
    if (out.length === limit) break;
    const runs = found.map((f) => f[group] ?? []);
    const next = runs.map(() => 0);
    while (out.length < limit) {
      let best = -1;
      let bestName = '';
      for (let r = 0; r < runs.length; r++) {
        const index = runs[r]?.[next[r] ?? 0];
        if (index === undefined) continue;
        const name = lists[r]?.names[index] ?? '';
        if (best < 0 || order(name, bestName) < 0) {
          best = r;
          bestName = name;
        }
      }
      if (best < 0) break;
      const index = runs[best]?.[next[best] ?? 0] ?? 0;
      next[best] = (next[best] ?? 0) + 1;
      if (distinctIds) {
        const id = lists[best]?.ids[index] ?? 0;
        if (seen.has(id)) continue;
        seen.add(id);
      }
      out.push(bestName);
    }
  }
  return out;
}

/** Printable ASCII only: its lower form is the same in every collation the index serves. */
const ANSWERABLE = /^[\x20-\x7e]+$/;

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** The statement's order and matching as the index's, checked once per database. */
async function servesIndex(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ collate: string; provider: string; ascii: boolean }>(
    db,
    sql`SELECT datcollate AS collate, datlocprovider::text AS provider,
               lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') = 'abcdefghijklmnopqrstuvwxyz' AS ascii
        FROM pg_database WHERE datname = current_database()`,
  );
  if (!row?.ascii) return false;
  if (row.provider === 'b') return true;
  return row.provider === 'c' && ['C', 'POSIX', 'C.UTF-8', 'C.utf8'].includes(row.collate);
}

/** A warehouse's part at a version: null while it is being read. */
interface Entry {
  version: number;
  part: Part | null;
}

class SearchIndex {
  private readonly companies = new Map<number, Map<number, Entry>>();
  /** Parts are read one at a time, each its own statement, between the engine's other work. */
  private reads: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    /** Companies whose parts stay in memory, least recently searched dropped first. */
    private readonly maxCompanies: number,
  ) {}

  /** The answer from memory, or null while a searched warehouse's part is being read. */
  suggest(
    companyId: number,
    warehouses: readonly WarehouseVersionRow[],
    searched: readonly WarehouseVersionRow[],
    text: string,
    limit: number,
  ): SearchSuggestions | null {
    const parts = this.partsOf(companyId, warehouses, searched);
    if (!parts) return null;
    const lower = asciiLower(text);
    const lists = (pick: (p: Part) => NameList) => parts.map(pick);
    return {
      customers: answer(
        lists((p) => p.customers),
        lower,
        limit,
        byName,
        true,
      ),
      orders: answer(
        lists((p) => p.orders),
        lower,
        limit,
        byName,
        true,
      ),
      vaults: answer(
        lists((p) => p.vaults),
        lower,
        limit,
        byLengthThenName,
        false,
      ),
    };
  }

  /** Resolves when every part asked for so far has been read (for tests). */
  settled(): Promise<void> {
    return this.reads;
  }

  /**
   * The parts of the searched warehouses at the versions given, or null if any is missing or
   * older: those are read in the background, and until then the statement answers. A write
   * therefore costs the next searches nothing more than the statement they ran before.
   */
  private partsOf(
    companyId: number,
    warehouses: readonly WarehouseVersionRow[],
    searched: readonly WarehouseVersionRow[],
  ): Part[] | null {
    let company = this.companies.get(companyId);
    if (company) this.companies.delete(companyId);
    else company = new Map();
    this.companies.set(companyId, company);
    if (this.companies.size > this.maxCompanies) {
      const oldest = this.companies.keys().next().value;
      if (oldest !== undefined) this.companies.delete(oldest);
    }
    // Deleted warehouses' parts go.
    const live = new Set(warehouses.map((w) => w.id));
    for (const id of company.keys()) if (!live.has(id)) company.delete(id);
    const parts: Part[] = [];
    for (const w of searched) {
      const entry = company.get(w.id);
      if (entry?.version === w.version) {
        if (entry.part) parts.push(entry.part);
        continue;
      }
      const wanted: Entry = { version: w.version, part: null };
      company.set(w.id, wanted);
      this.read(companyId, w.id, company, wanted);
    }
    return parts.length === searched.length ? parts : null;
  }

  /**
   * Reads a part after its version was read (the caller's), so it is never kept under a
   * version newer than it shows; one a newer version replaced before its turn is skipped.
   */
  private read(companyId: number, warehouseId: number, company: Map<number, Entry>, wanted: Entry) {
    this.reads = this.reads.then(async () => {
      if (company.get(warehouseId) !== wanted) return;
      try {
        wanted.part = await loadPart(this.db, companyId, warehouseId);
      } catch {
        // Not kept: the next search asks again.
        if (company.get(warehouseId) === wanted) company.delete(warehouseId);
      }
    });
  }
}

/**
 * The names of the warehouses' placed vaults, customers and orders, as JSON texts of
 * `[warehouse, id, name, lower(name)]`: one value each, not a row per name through the driver.
 */
async function loadPart(db: Db, companyId: number, warehouseId: number): Promise<Part> {
  // The fields' ids as an array, so the vaults are read by their field index, not all of
  // the company's scanned (as the vault suggestions do, search.repository.ts).
  const placed = sql`SELECT v.id, v.name, v.customer_id, v.order_id
      FROM vaults v
      WHERE v.company_id = ${companyId}
        AND v.field_id = ANY (ARRAY(SELECT id FROM fields WHERE company_id = ${companyId}
          AND warehouse_id = ${warehouseId}))`;
  const named = (table: 'customers' | 'orders', column: 'customer_id' | 'order_id') =>
    sql`SELECT coalesce(json_agg(json_build_array(n.id, n.name, lower(n.name)) ORDER BY n.name), '[]')::text
        FROM (SELECT DISTINCT p.${sql.raw(column)} AS nid FROM placed p) x
        JOIN ${sql.raw(table)} n ON n.id = x.nid AND n.company_id = ${companyId}
        WHERE n.name IS NOT NULL`;
  const [row] = await queryRows<{ customers: string; orders: string; vaults: string }>(
    db,
    sql`WITH placed AS MATERIALIZED (${placed})
        SELECT (${named('customers', 'customer_id')}) AS customers,
               (${named('orders', 'order_id')}) AS orders,
               (SELECT coalesce(json_agg(json_build_array(p.id, p.name, lower(p.name))
                  ORDER BY length(p.name), p.name), '[]')::text
                FROM placed p WHERE p.name IS NOT NULL) AS vaults`,
  );
  const rows = (text: string | undefined) => JSON.parse(text ?? '[]') as Row[];
  return {
    customers: nameList(rows(row?.customers)),
    orders: nameList(rows(row?.orders)),
    vaults: nameList(rows(row?.vaults)),
  };
}

const indexes = new WeakMap<Db, Promise<SearchIndex | null>>();

/**
 * Companies whose names stay in memory: the bench company's are about 2 MB (54,000 vault
 * numbers); a server serves a few companies at a time.
 */
export const SEARCH_INDEX_COMPANIES = 16;

function indexOf(db: Db): Promise<SearchIndex | null> {
  let index = indexes.get(db);
  if (!index) {
    index = servesIndex(db).then((serves) =>
      serves ? new SearchIndex(db, SEARCH_INDEX_COMPANIES) : null,
    );
    // A failed check is tried again at the next search.
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}

/**
 * The suggestions from memory, or null where the index cannot answer exactly (a text beyond
 * printable ASCII, or a database collation it does not serve) or not yet (a searched
 * warehouse's names being read): the caller runs the statement. `warehouses` are the
 * company's at the versions the caller read; `warehouseId` narrows.
 */
export async function suggestFromIndex(
  db: Db,
  companyId: number,
  warehouses: readonly WarehouseVersionRow[],
  warehouseId: number | null,
  text: string,
  limit: number,
): Promise<SearchSuggestions | null> {
  if (!ANSWERABLE.test(text)) return null;
  const index = await indexOf(db);
  if (!index) return null;
  const searched =
    warehouseId === null ? warehouses : warehouses.filter((w) => w.id === warehouseId);
  return index.suggest(companyId, warehouses, searched, text, limit);
}

/** Resolves when the names asked for so far are in memory (tests wait on it). */
export async function searchIndexSettled(db: Db): Promise<void> {
  await (await indexOf(db))?.settled();
}

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
 * - The order (`name`, and `length(name), name` for vaults) is the database's collation, so the
 *   index serves only databases whose collation sorts by code point ("C", "POSIX", "C.UTF-8").
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

type Row = [number, number, string, string];

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

function nameList(rows: Row[], order: (a: string, b: string) => number): NameList {
  const sorted = rows.slice().sort((a, b) => order(a[2], b[2]));
  const starts = new Int32Array(sorted.length + 1);
  let lowered = '';
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i] as Row;
    starts[i] = lowered.length + 1;
    lowered += `\0${row[3]}`;
  }
  starts[sorted.length] = lowered.length + 1;
  return { names: sorted.map((r) => r[2]), ids: sorted.map((r) => r[1]), lowered, starts };
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

interface Hit {
  list: NameList;
  index: number;
  prefix: boolean;
}

/**
 * The first `limit` names that start with the text and the first `limit` that hold it
 * elsewhere, in the list's order: whatever the other warehouses hold, a name not among these
 * cannot be among the statement's `limit`.
 */
function matches(list: NameList, text: string, limit: number): Hit[] {
  const hits: Hit[] = [];
  for (let at = list.lowered.indexOf(`\0${text}`); at >= 0 && hits.length < limit;) {
    hits.push({ list, index: nameAt(list, at + 1), prefix: true });
    at = list.lowered.indexOf(`\0${text}`, at + 1);
  }
  let inside = 0;
  for (let at = list.lowered.indexOf(text); at >= 0 && inside < limit;) {
    const index = nameAt(list, at);
    const start = list.starts[index] ?? 0;
    if (!list.lowered.startsWith(text, start)) {
      hits.push({ list, index, prefix: false });
      inside++;
    }
    at = list.lowered.indexOf(text, list.starts[index + 1] ?? list.lowered.length);
  }
  return hits;
}

function answer(
  lists: NameList[],
  text: string,
  limit: number,
  order: (a: string, b: string) => number,
  distinctIds: boolean,
): string[] {
  const hits = lists.flatMap((list) => matches(list, text, limit));
  const name = (h: Hit) => h.list.names[h.index] ?? '';
  hits.sort((a, b) => Number(b.prefix) - Number(a.prefix) || order(name(a), name(b)));
  const seen = new Set<number>();
  const out: string[] = [];
  for (const hit of hits) {
    if (out.length === limit) break;
    if (distinctIds) {
      const id = hit.list.ids[hit.index] ?? 0;
      if (seen.has(id)) continue;
      seen.add(id);
    }
    out.push(name(hit));
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

interface CompanyParts {
  parts: Map<number, { version: number; part: Promise<Part> }>;
}

class SearchIndex {
  private readonly companies = new Map<number, CompanyParts>();

  constructor(
    private readonly db: Db,
    /** Companies whose parts stay in memory, least recently searched dropped first. */
    private readonly maxCompanies: number,
  ) {}

  async suggest(
    companyId: number,
    searched: readonly WarehouseVersionRow[],
    text: string,
    limit: number,
  ): Promise<SearchSuggestions> {
    const parts = await this.partsOf(companyId, searched);
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

  /**
   * The parts of the searched warehouses at the versions given, which the caller read before:
   * a part is read after its version, so it is never kept under a version newer than it shows.
   * Parts missing or older are read in one statement.
   */
  private partsOf(companyId: number, searched: readonly WarehouseVersionRow[]): Promise<Part[]> {
    let company = this.companies.get(companyId);
    if (company) this.companies.delete(companyId);
    else company = { parts: new Map() };
    this.companies.set(companyId, company);
    if (this.companies.size > this.maxCompanies) {
      const oldest = this.companies.keys().next().value;
      if (oldest !== undefined) this.companies.delete(oldest);
    }
    const stale = searched.filter((w) => company.parts.get(w.id)?.version !== w.version);
    if (stale.length > 0) {
      const loaded = loadParts(
        this.db,
        companyId,
        stale.map((w) => w.id),
      );
      for (const w of stale) {
        const part = loaded.then((byWarehouse) => byWarehouse.get(w.id) ?? emptyPart());
        company.parts.set(w.id, { version: w.version, part });
        // A failed read is not kept: the next search reads again.
        part.catch(() => {
          if (company.parts.get(w.id)?.part === part) company.parts.delete(w.id);
        });
      }
    }
    return Promise.all(
      searched.map((w) => company.parts.get(w.id)?.part ?? Promise.resolve(emptyPart())),
    );
  }

  /** Parts of warehouses no longer in the company (deleted) are dropped with the next search. */
  prune(companyId: number, warehouses: readonly WarehouseVersionRow[]): void {
    const company = this.companies.get(companyId);
    if (!company) return;
    const live = new Set(warehouses.map((w) => w.id));
    for (const id of company.parts.keys()) if (!live.has(id)) company.parts.delete(id);
  }
}

const emptyPart = (): Part => ({
  customers: nameList([], byName),
  orders: nameList([], byName),
  vaults: nameList([], byLengthThenName),
});

/**
 * The names of the warehouses' placed vaults, customers and orders, as JSON texts of
 * `[warehouse, id, name, lower(name)]`: one value each, not a row per name through the driver.
 */
async function loadParts(
  db: Db,
  companyId: number,
  warehouseIds: number[],
): Promise<Map<number, Part>> {
  const placed = sql`SELECT f.warehouse_id AS wid, v.id, v.name, v.customer_id, v.order_id
      FROM fields f JOIN vaults v ON v.field_id = f.id AND v.company_id = ${companyId}
      WHERE f.company_id = ${companyId}
        AND f.warehouse_id = ANY (${sql.param(warehouseIds)}::bigint[])`;
  const named = (table: 'customers' | 'orders', column: 'customer_id' | 'order_id') =>
    sql`SELECT coalesce(json_agg(json_build_array(x.wid, n.id, n.name, lower(n.name))), '[]')::text
        FROM (SELECT DISTINCT p.wid, p.${sql.raw(column)} AS nid FROM placed p) x
        JOIN ${sql.raw(table)} n ON n.id = x.nid AND n.company_id = ${companyId}
        WHERE n.name IS NOT NULL`;
  const [row] = await queryRows<{ customers: string; orders: string; vaults: string }>(
    db,
    sql`WITH placed AS MATERIALIZED (${placed})
        SELECT (${named('customers', 'customer_id')}) AS customers,
               (${named('orders', 'order_id')}) AS orders,
               (SELECT coalesce(json_agg(json_build_array(p.wid, p.id, p.name, lower(p.name))), '[]')::text
                FROM placed p WHERE p.name IS NOT NULL) AS vaults`,
  );
  const byWarehouse = (text: string | undefined) => {
    const groups = new Map<number, Row[]>();
    for (const r of JSON.parse(text ?? '[]') as Row[]) {
      const group = groups.get(r[0]);
      if (group) group.push(r);
      else groups.set(r[0], [r]);
    }
    return groups;
  };
  const customers = byWarehouse(row?.customers);
  const orders = byWarehouse(row?.orders);
  const vaults = byWarehouse(row?.vaults);
  return new Map(
    warehouseIds.map((id) => [
      id,
      {
        customers: nameList(customers.get(id) ?? [], byName),
        orders: nameList(orders.get(id) ?? [], byName),
        vaults: nameList(vaults.get(id) ?? [], byLengthThenName),
      },
    ]),
  );
}

const indexes = new WeakMap<Db, Promise<SearchIndex | null>>();

/**
 * Companies whose names stay in memory: the bench company's are about 2 MB (54,000 vault
 * numbers); a server serves a few companies at a time.
 */
const MAX_COMPANIES = 16;

function indexOf(db: Db): Promise<SearchIndex | null> {
  let index = indexes.get(db);
  if (!index) {
    index = servesIndex(db).then((serves) => (serves ? new SearchIndex(db, MAX_COMPANIES) : null));
    // A failed check is tried again at the next search.
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}

/**
 * The suggestions from memory, or null where the index cannot answer exactly (a text beyond
 * printable ASCII, or a database collation it does not serve): the caller runs the statement.
 * `warehouses` are the company's at the versions the caller read; `warehouseId` narrows.
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
  index.prune(companyId, warehouses);
  const searched =
    warehouseId === null ? warehouses : warehouses.filter((w) => w.id === warehouseId);
  return index.suggest(companyId, searched, text, limit);
}

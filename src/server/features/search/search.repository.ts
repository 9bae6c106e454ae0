import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export interface SuggestionParams {
  companyId: number;
  /** An ILIKE pattern, already escaped: '%text%'. */
  pattern: string;
  /** Prefix pattern, to rank names that start with the text first. */
  prefix: string;
  warehouseId: number | null;
  limit: number;
  /** The inventory tag the text names ("4471-37"), whose vaults lead the vault list. */
  tag: { lot: string; tag: number } | null;
}

// Each list is matched on its own trigram index (customers_name_trgm_idx, orders_name_trgm_idx,
// vaults_name_trgm_idx) and narrowed to names in use by placed vaults of the company; a
// released vault is found by its number too, when no warehouse narrows the search.
const warehouseFields = (p: SuggestionParams): SQL =>
  sql`SELECT f.id FROM fields f WHERE f.company_id = ${p.companyId} AND f.warehouse_id = ${p.warehouseId}`;

/** For the customer and order lists, which look up each matching name's vaults. */
const inWarehouse = (p: SuggestionParams): SQL =>
  p.warehouseId === null ? sql`v.field_id IS NOT NULL` : sql`v.field_id IN (${warehouseFields(p)})`;

/**
 * For the vault list: the warehouse's field ids as an array, so the plan reads its vaults by
 * their field index. With `IN (subquery)` PGlite scanned all 54,000 vaults of the bench
 * company for a pattern too short for the trigram index ("10": 109 ms against 2.9 ms
 * warm; the customer and order lists are faster with `IN`: 0.6 ms against 2.1; decision 0057).
 */
const vaultInWarehouse = (p: SuggestionParams): SQL =>
  p.warehouseId === null
    ? sql`(v.field_id IS NOT NULL OR v.released_on IS NOT NULL)`
    : sql`v.field_id = ANY (ARRAY(${warehouseFields(p)}))`;

function customerSuggestions(p: SuggestionParams): SQL {
  return sql`SELECT c.name FROM customers c
        WHERE c.company_id = ${p.companyId} AND c.name ILIKE ${p.pattern}
          AND EXISTS (SELECT 1 FROM vaults v WHERE v.company_id = ${p.companyId} AND v.customer_id = c.id AND ${inWarehouse(p)})
        ORDER BY (c.name ILIKE ${p.prefix}) DESC, c.name
        LIMIT ${p.limit}`;
}

function orderSuggestions(p: SuggestionParams): SQL {
  return sql`SELECT o.name FROM orders o
        WHERE o.company_id = ${p.companyId} AND o.name ILIKE ${p.pattern}
          AND EXISTS (SELECT 1 FROM vaults v WHERE v.company_id = ${p.companyId} AND v.order_id = o.id AND ${inWarehouse(p)})
        ORDER BY (o.name ILIKE ${p.prefix}) DESC, o.name
        LIMIT ${p.limit}`;
}

function vaultSuggestions(p: SuggestionParams): SQL {
  return sql`SELECT v.name FROM vaults v
        WHERE v.company_id = ${p.companyId} AND v.name ILIKE ${p.pattern} AND ${vaultInWarehouse(p)}
        ORDER BY (v.name ILIKE ${p.prefix}) DESC, length(v.name), v.name
        LIMIT ${p.limit}`;
}

/**
 * The vaults whose tag ranges hold the tag, by the lookup index (company, lot, first tag): the
 * ranges of the lot that start at or below it, of which those that end at or above it.
 */
function taggedVaults(p: SuggestionParams): SQL {
  if (p.tag === null) return sql`SELECT NULL::text AS name WHERE false`;
  return sql`SELECT v.name FROM vault_tags t JOIN vaults v ON v.id = t.vault_id
        WHERE t.company_id = ${p.companyId} AND t.lot = ${p.tag.lot}
          AND t.first_tag <= ${p.tag.tag} AND t.last_tag >= ${p.tag.tag}
          AND v.company_id = ${p.companyId} AND v.name IS NOT NULL AND ${vaultInWarehouse(p)}
        GROUP BY v.name
        ORDER BY length(v.name), v.name
        LIMIT ${p.limit}`;
}

/** The numbers of the vaults released on `day`, as the vault list of a search (decision 0492). */
export async function releasedOn(
  db: Db,
  companyId: number,
  day: string,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT v.name FROM vaults v
        WHERE v.company_id = ${companyId} AND v.released_on = ${day}::date AND v.name IS NOT NULL
        ORDER BY length(v.name), v.name COLLATE "C"
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.name);
}

/** The names of a list's rows, in its order, as one JSON array text. */
const namesJson = (list: SQL) =>
  sql`coalesce((SELECT json_agg(x.name) FROM (${list}) x), '[]')::text`;

/**
 * The lists in one statement: on the embedded engine each statement is a trip to its thread
 * and a turn in its queue, which cost more than the searches themselves.
 */
export async function suggestions(
  db: Db,
  p: SuggestionParams,
): Promise<{ customers: string[]; orders: string[]; vaults: string[]; tagged: string[] }> {
  const [row] = await queryRows<{
    customers: string;
    orders: string;
    vaults: string;
    tagged: string;
  }>(
    db,
    sql`SELECT ${namesJson(customerSuggestions(p))} AS customers,
               ${namesJson(orderSuggestions(p))} AS orders,
               ${namesJson(vaultSuggestions(p))} AS vaults,
               ${namesJson(taggedVaults(p))} AS tagged`,
  );
  const parse = (text: string | undefined) => (text ? (JSON.parse(text) as string[]) : []);
  return {
    customers: parse(row?.customers),
    orders: parse(row?.orders),
    vaults: parse(row?.vaults),
    tagged: parse(row?.tagged),
  };
}

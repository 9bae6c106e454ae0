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
}

// Each list is matched on its own trigram index (customers_name_trgm_idx, orders_name_trgm_idx,
// vaults_name_trgm_idx) and narrowed to names in use by placed vaults of the company.
const inWarehouse = (p: SuggestionParams): SQL =>
  p.warehouseId === null
    ? sql`v.field_id IS NOT NULL`
    : sql`v.field_id IN (SELECT f.id FROM fields f WHERE f.company_id = ${p.companyId} AND f.warehouse_id = ${p.warehouseId})`;

async function names(db: Db, query: SQL): Promise<string[]> {
  return (await queryRows<{ name: string }>(db, query)).map((r) => r.name);
}

export function customerSuggestions(db: Db, p: SuggestionParams) {
  return names(
    db,
    sql`SELECT c.name FROM customers c
        WHERE c.company_id = ${p.companyId} AND c.name ILIKE ${p.pattern}
          AND EXISTS (SELECT 1 FROM vaults v WHERE v.company_id = ${p.companyId} AND v.customer_id = c.id AND ${inWarehouse(p)})
        ORDER BY (c.name ILIKE ${p.prefix}) DESC, c.name
        LIMIT ${p.limit}`,
  );
}

export function orderSuggestions(db: Db, p: SuggestionParams) {
  return names(
    db,
    sql`SELECT o.name FROM orders o
        WHERE o.company_id = ${p.companyId} AND o.name ILIKE ${p.pattern}
          AND EXISTS (SELECT 1 FROM vaults v WHERE v.company_id = ${p.companyId} AND v.order_id = o.id AND ${inWarehouse(p)})
        ORDER BY (o.name ILIKE ${p.prefix}) DESC, o.name
        LIMIT ${p.limit}`,
  );
}

export function vaultSuggestions(db: Db, p: SuggestionParams) {
  return names(
    db,
    sql`SELECT v.name FROM vaults v
        WHERE v.company_id = ${p.companyId} AND v.name ILIKE ${p.pattern} AND ${inWarehouse(p)}
        ORDER BY (v.name ILIKE ${p.prefix}) DESC, length(v.name), v.name
        LIMIT ${p.limit}`,
  );
}

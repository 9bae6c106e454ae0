import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { isEmptyCustomerSql } from '../../../domain/empty-vault-sql';

export interface WarehouseCountsRow {
  id: number;
  name: string;
  slug: string;
  rows: number;
  cols: number;
  field_capacity: number;
  couchbox_tops: number;
  couchbox_bottoms: number;
  vault_count: number;
  non_empty_vaults: number;
  empty_vaults: number;
  empty_couchboxes: number;
}

/**
 * Counted by the database; no vault is loaded to be counted. A vault is empty when its
 * customer is one of the few empty-unit customers, found once rather than joined per vault,
 * and the couchbox fields are counted in one pass rather than once per warehouse.
 */
export async function listWarehouseCounts(
  db: Db,
  companyId: number,
): Promise<WarehouseCountsRow[]> {
  const emptyCustomers = sql`ARRAY(SELECT id FROM customers
                                    WHERE company_id = ${companyId} AND ${isEmptyCustomerSql(sql`name`)})`;
  return queryRows<WarehouseCountsRow>(
    db,
    sql`
      SELECT w.id, w.name, w.slug, w.rows, w.cols, w.field_capacity,
             coalesce(fc.tops, 0)::int AS couchbox_tops,
             coalesce(fc.bottoms, 0)::int AS couchbox_bottoms,
             coalesce(vc.vaults, 0)::int AS vault_count,
             coalesce(vc.non_empty, 0)::int AS non_empty_vaults,
             coalesce(vc.empty_vaults, 0)::int AS empty_vaults,
             coalesce(vc.empty_couchboxes, 0)::int AS empty_couchboxes
      FROM warehouses w
      LEFT JOIN (SELECT warehouse_id,
                        count(*) FILTER (WHERE type = 'couchbox-T') AS tops,
                        count(*) FILTER (WHERE type = 'couchbox-B') AS bottoms
                   FROM fields
                  WHERE company_id = ${companyId} AND type IN ('couchbox-T', 'couchbox-B')
                  GROUP BY warehouse_id) fc ON fc.warehouse_id = w.id
      LEFT JOIN (SELECT f.warehouse_id,
                        count(*) AS vaults,
                        count(*) FILTER (WHERE NOT v.is_empty) AS non_empty,
                        count(*) FILTER (WHERE v.is_empty AND v.type IN ('vault', 'couchbox')) AS empty_vaults,
                        count(*) FILTER (WHERE v.is_empty AND v.type = 'couchbox') AS empty_couchboxes
                   FROM (SELECT field_id, type,
                                coalesce(customer_id = ANY (${emptyCustomers}), false) AS is_empty
                           FROM vaults
                          WHERE company_id = ${companyId} AND field_id IS NOT NULL) v
                   JOIN fields f ON f.id = v.field_id AND f.company_id = ${companyId}
                  GROUP BY f.warehouse_id) vc ON vc.warehouse_id = w.id
      WHERE w.company_id = ${companyId}
      ORDER BY lower(w.name) COLLATE "C", w.name COLLATE "C"`,
  );
}

export interface CompanyTotalsRow {
  warehouses: number;
  fields: number;
  vaults: number;
  staged_vaults: number;
}

/** The company's own totals, for `GET /api/status`: nothing of other companies or the engine. */
export async function companyTotals(db: Db, companyId: number): Promise<CompanyTotalsRow> {
  const [row] = await queryRows<CompanyTotalsRow>(
    db,
    sql`
      SELECT (SELECT count(*) FROM warehouses WHERE company_id = ${companyId})::int AS warehouses,
             (SELECT count(*) FROM fields WHERE company_id = ${companyId})::int AS fields,
             (SELECT count(*) FROM vaults
               WHERE company_id = ${companyId} AND released_on IS NULL)::int AS vaults,
             (SELECT count(*) FROM vaults
               WHERE company_id = ${companyId} AND field_id IS NULL
                 AND released_on IS NULL)::int AS staged_vaults`,
  );
  return row ?? { warehouses: 0, fields: 0, vaults: 0, staged_vaults: 0 };
}

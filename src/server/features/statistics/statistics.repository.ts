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

/** Counted by the database in one pass; no vault is loaded to be counted. */
export async function listWarehouseCounts(
  db: Db,
  companyId: number,
): Promise<WarehouseCountsRow[]> {
  const isEmpty = isEmptyCustomerSql(sql`c.name`);
  return queryRows<WarehouseCountsRow>(
    db,
    sql`
      SELECT w.id, w.name, w.slug, w.rows, w.cols, w.field_capacity,
             (SELECT count(*) FROM fields cf
               WHERE cf.company_id = w.company_id AND cf.warehouse_id = w.id AND cf.type = 'couchbox-T')::int AS couchbox_tops,
             (SELECT count(*) FROM fields cf
               WHERE cf.company_id = w.company_id AND cf.warehouse_id = w.id AND cf.type = 'couchbox-B')::int AS couchbox_bottoms,
             count(v.id)::int AS vault_count,
             (count(v.id) FILTER (WHERE NOT ${isEmpty}))::int AS non_empty_vaults,
             (count(v.id) FILTER (WHERE ${isEmpty} AND v.type IN ('vault', 'couchbox')))::int AS empty_vaults,
             (count(v.id) FILTER (WHERE ${isEmpty} AND v.type = 'couchbox'))::int AS empty_couchboxes
      FROM warehouses w
      LEFT JOIN fields f ON f.warehouse_id = w.id AND f.company_id = w.company_id
      LEFT JOIN vaults v ON v.field_id = f.id AND v.company_id = w.company_id
      LEFT JOIN customers c ON c.id = v.customer_id
      WHERE w.company_id = ${companyId}
      GROUP BY w.id
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

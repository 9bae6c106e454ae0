import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jsonColumns, parseJsonColumns } from '../../db/json-rows';
import { sortPrintOrder, type PrintPlace } from '../../../domain/print-order';
import type { PrintVault } from '../../../contracts/print';

/**
 * The vault, its field (or, staged, the field it left) and that field's warehouse, with where
 * the warehouse comes in the print order by name (`sortPrintOrder`).
 */
const PRINT_JOINS = (companyId: number) => sql`
      LEFT JOIN fields pf ON pf.id = coalesce(v.field_id, v.old_field_id) AND pf.company_id = v.company_id
      LEFT JOIN (SELECT id, name,
                        row_number() OVER (ORDER BY lower(name) COLLATE "C", name COLLATE "C")::int AS rank
                   FROM warehouses WHERE company_id = ${companyId}) w ON w.id = pf.warehouse_id
      LEFT JOIN customers c ON c.id = v.customer_id`;

/** One vault of the print list, as the database reads it. */
export interface PrintRow {
  id: number;
  name: string | null;
  customerName: string | null;
  type: PrintVault['type'];
  position: number | null;
  fieldName: string | null;
  warehouseName: string | null;
  note: string;
  weight: number | null;
}

const PRINT_COLUMNS: Record<keyof PrintRow, SQL> = {
  id: sql`v.id`,
  name: sql`v.name`,
  customerName: sql`c.name`,
  type: sql`v.type`,
  position: sql`v.position`,
  fieldName: sql`CASE WHEN v.field_id IS NOT NULL THEN pf.name END`,
  warehouseName: sql`w.name`,
  note: sql`v.note`,
  weight: sql`v.weight`,
};

const PRINT_SORT_COLUMNS: Record<keyof PrintSortRow, SQL> = {
  ...PRINT_COLUMNS,
  warehouseRank: sql`w.rank`,
};

type PrintSortRow = PrintRow & PrintPlace;

/**
 * Every vault of the company, in print order: sorted here by the domain's rule, as the
 * database sorted them on regular expressions at several times the cost of reading them.
 */
export async function listPrintRows(db: Db, companyId: number): Promise<PrintRow[]> {
  const result = await queryRows<{ rows: string }>(
    db,
    sql`SELECT ${jsonColumns(PRINT_SORT_COLUMNS)} AS rows
        FROM vaults v
        ${PRINT_JOINS(companyId)}
        WHERE v.company_id = ${companyId} AND v.released_on IS NULL`,
  );
  return sortPrintOrder(parseJsonColumns<PrintSortRow>(result, PRINT_SORT_COLUMNS));
}

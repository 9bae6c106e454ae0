import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jsonRows, parseJsonRows } from '../../db/json-rows';
import type { PrintVault } from '../../../contracts/print';

/**
 * Every vault of the company in print order: warehouse name, then field as the grid orders
 * it (column letters by length then alphabet, then row number), then position. Staged vaults
 * come after the placed ones of the warehouse they left (or at the very end), by number.
 */
const PRINT_JOINS = sql`
      LEFT JOIN fields f ON f.id = v.field_id AND f.company_id = v.company_id
      LEFT JOIN warehouses w ON w.id = f.warehouse_id
      LEFT JOIN fields old_f ON v.field_id IS NULL AND old_f.id = v.old_field_id AND old_f.company_id = v.company_id
      LEFT JOIN warehouses ow ON ow.id = old_f.warehouse_id
      LEFT JOIN customers c ON c.id = v.customer_id`;

const PRINT_ORDER = sql`
      COALESCE(w.name, ow.name) IS NULL,
      lower(COALESCE(w.name, ow.name)) COLLATE "C",
      COALESCE(w.name, ow.name) COLLATE "C",
      f.id IS NULL,
      length(substring(f.name from '^[A-Z]+')),
      substring(f.name from '^[A-Z]+') COLLATE "C",
      NULLIF(substring(f.name from '[0-9]{1,9}$'), '')::int,
      f.name COLLATE "C",
      v.position,
      v.name ~ '^[0-9]{1,18}$' DESC,
      CASE WHEN v.name ~ '^[0-9]{1,18}$' THEN v.name::bigint END,
      v.name COLLATE "C",
      v.id`;

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
  fieldName: sql`f.name`,
  warehouseName: sql`coalesce(w.name, ow.name)`,
  note: sql`v.note`,
  weight: sql`v.weight`,
};

/** Every vault of the company, in print order. */
export async function listPrintRows(db: Db, companyId: number): Promise<PrintRow[]> {
  const result = await queryRows<{ rows: string }>(
    db,
    sql`SELECT ${jsonRows(PRINT_COLUMNS, PRINT_ORDER)} AS rows
        FROM vaults v
        ${PRINT_JOINS}
        WHERE v.company_id = ${companyId}`,
  );
  return parseJsonRows<PrintRow>(result);
}

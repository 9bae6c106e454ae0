import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { VaultType } from '../../../contracts/vaults';
import { STAGED_FIELD_NAME } from '../../../contracts/print';

export interface PrintVaultRow {
  id: number;
  name: string | null;
  customer_name: string | null;
  type: VaultType;
  position: number | null;
  note: string;
  field_name: string | null;
  warehouse_name: string | null;
}

/**
 * Every vault of the company in print order: warehouse name, then field as the grid orders
 * it (column letters by length then alphabet, then row number), then position. Staged vaults
 * come after the placed ones of the warehouse they left (or at the very end), by number.
 */
const PRINT_FROM = sql`
      FROM vaults v
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

/**
 * Every vault of the company in print order: warehouse name, then field as the grid orders
 * it (column letters by length then alphabet, then row number), then position. Staged vaults
 * come after the placed ones of the warehouse they left (or at the very end), by number.
 */
export async function listPrintVaults(db: Db, companyId: number): Promise<PrintVaultRow[]> {
  return queryRows<PrintVaultRow>(
    db,
    sql`
      SELECT v.id, v.name, c.name AS customer_name, v.type, v.position, v.note,
             f.name AS field_name, COALESCE(w.name, ow.name) AS warehouse_name
      ${PRINT_FROM}
      WHERE v.company_id = ${companyId}
      ORDER BY ${PRINT_ORDER}`,
  );
}

/**
 * The same list as the JSON text of `/api/vaults/all`, written by PostgreSQL (decision 0025),
 * key by key as the print presenter writes them.
 */
export async function printListJson(db: Db, companyId: number): Promise<string> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`
      SELECT '[' || coalesce(string_agg(
        '{"id":' || v.id || ',"name":' || coalesce(to_json(v.name)::text, 'null')
        || ',"customer_name":' || to_json(coalesce(c.name, ''))::text
        || ',"type":' || to_json(v.type)::text
        || ',"position":' || coalesce(v.position::text, 'null')
        || ',"field_name":' || to_json(coalesce(f.name, ${STAGED_FIELD_NAME}))::text
        || ',"warehouse_name":' || to_json(coalesce(w.name, ow.name, ''))::text
        || ',"note":' || to_json(v.note)::text || '}',
        ',' ORDER BY ${PRINT_ORDER}), '') || ']' AS json
      ${PRINT_FROM}
      WHERE v.company_id = ${companyId}`,
  );
  return row?.json ?? '[]';
}

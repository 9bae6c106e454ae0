import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { STAGED_FIELD_NAME } from '../../../contracts/print';

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
 * What the print list shows, as one string that changes whenever the list does: the
 * versions of the company's warehouses, which every write to their fields, placed vaults,
 * names and customers bumps (decision 0025), and a digest of the staged vaults, which no
 * warehouse version covers (a staged vault's note, customer or deletion bumps nothing).
 * The staged vaults are read by the (company, field) index; they are a small share.
 */
const printVersion = (companyId: number) => sql`(
      SELECT coalesce((
        SELECT string_agg(wv.warehouse_id || '.' || wv.version, ',' ORDER BY wv.warehouse_id)
        FROM warehouse_versions wv WHERE wv.company_id = ${companyId}), '')
      || '|' || md5(coalesce((
        SELECT string_agg(json_build_array(sv.id, sv.name, sv.type, sv.old_field_id, sc.name,
                                           sv.note)::text, ',' ORDER BY sv.id)
        FROM vaults sv LEFT JOIN customers sc ON sc.id = sv.customer_id
        WHERE sv.company_id = ${companyId} AND sv.field_id IS NULL), '')))`;

/** The print list's version now (see `printVersion`), in one short statement. */
export async function printListVersion(db: Db, companyId: number): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`SELECT ${printVersion(companyId)} AS version`,
  );
  return row?.version ?? '';
}

/**
 * The same list as the JSON texts of `/api/vaults/all`'s items, one per warehouse (the list is
 * their join, in order), written by PostgreSQL (decision 0025),
 * key by key as the print presenter wrote them, with the version it shows, read in the same
 * statement and so the same snapshot. One text per warehouse (warehouse names are unique in a
 * company, ignoring case) rather than one for the company: the engine never holds the whole
 * list as one value, whose copies would grow its never-shrinking heap (decision 0066).
 */
export async function printListJson(
  db: Db,
  companyId: number,
): Promise<{ version: string; parts: string[] }> {
  const rows = await queryRows<{ version: string; json: string | null }>(
    db,
    sql`
      SELECT ver.version, parts.json
      FROM (SELECT ${printVersion(companyId)} AS version) ver
      LEFT JOIN LATERAL (
        SELECT COALESCE(w.name, ow.name) AS warehouse, string_agg(
          '{"id":' || v.id || ',"name":' || coalesce(to_json(v.name)::text, 'null')
          || ',"customer_name":' || to_json(coalesce(c.name, ''))::text
          || ',"type":' || to_json(v.type)::text
          || ',"position":' || coalesce(v.position::text, 'null')
          || ',"field_name":' || to_json(coalesce(f.name, ${STAGED_FIELD_NAME}))::text
          || ',"warehouse_name":' || to_json(coalesce(w.name, ow.name, ''))::text
          || ',"note":' || to_json(v.note)::text || '}',
          ',' ORDER BY ${PRINT_ORDER}) AS json
        ${PRINT_FROM}
        WHERE v.company_id = ${companyId}
        GROUP BY COALESCE(w.name, ow.name)
      ) parts ON true
      ORDER BY parts.warehouse IS NULL, lower(parts.warehouse) COLLATE "C",
               parts.warehouse COLLATE "C"`,
  );
  const parts = rows.flatMap((row) => (row.json === null ? [] : [row.json]));
  return { version: rows[0]?.version ?? '', parts };
}

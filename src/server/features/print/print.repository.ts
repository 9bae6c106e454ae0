import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { STAGED_FIELD_NAME } from '../../../contracts/print';

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

/**
 * The list falls into groups, each kept by its own version (decision 0087): a warehouse's
 * vaults (placed in it, and staged from it, which print under its name), and the staged vaults
 * whose field is gone (`warehouseId` null), which print last. A write redoes one group, not
 * the company's 54,000 vaults.
 */
export interface PrintGroup {
  warehouseId: number | null;
  /**
   * Changes whenever the group's text does: the warehouse's version, which every write to its
   * fields, placed vaults, names and customers bumps (decision 0025), and a digest of the
   * vaults staged from it, which no version covers (a staged vault's note, customer or
   * deletion bumps nothing). The staged vaults are read by the (company, field) index; they
   * are a small share.
   */
  version: string;
}

const groupsOf = (companyId: number) => sql`(
      WITH staged AS (
        SELECT sf.warehouse_id, md5(string_agg(json_build_array(sv.id, sv.name, sv.type,
                 sv.old_field_id, sc.name, sv.note)::text, ',' ORDER BY sv.id)) AS digest
        FROM vaults sv
        LEFT JOIN fields sf ON sf.id = sv.old_field_id AND sf.company_id = sv.company_id
        LEFT JOIN customers sc ON sc.id = sv.customer_id
        WHERE sv.company_id = ${companyId} AND sv.field_id IS NULL
        GROUP BY sf.warehouse_id)
      SELECT w.id AS warehouse_id, w.name,
             coalesce(wv.version::text, '') || '|' || coalesce(s.digest, '') AS version
      FROM warehouses w
      LEFT JOIN warehouse_versions wv ON wv.warehouse_id = w.id
      LEFT JOIN staged s ON s.warehouse_id = w.id
      WHERE w.company_id = ${companyId}
      UNION ALL
      SELECT NULL, NULL, '|' || coalesce((SELECT digest FROM staged WHERE warehouse_id IS NULL), '')
    ) g`;

// Warehouses by name (unique in a company, ignoring case), the field-less group last.
const GROUP_ORDER = sql`g.name IS NULL, lower(g.name) COLLATE "C", g.name COLLATE "C"`;

/** The list's groups in print order, with their versions, in one short statement. */
export async function printListGroups(db: Db, companyId: number): Promise<PrintGroup[]> {
  const rows = await queryRows<{ warehouse_id: string | number | null; version: string }>(
    db,
    sql`SELECT g.warehouse_id, g.version FROM ${groupsOf(companyId)} ORDER BY ${GROUP_ORDER}`,
  );
  return rows.map((row) => ({
    warehouseId: row.warehouse_id === null ? null : Number(row.warehouse_id),
    version: row.version,
  }));
}

/**
 * These groups' texts: each the JSON texts of `/api/vaults/all`'s items, joined by commas (''
 * for a group without vaults), written by PostgreSQL (decision 0025) key by key as the print
 * presenter wrote them, with the version each shows, read in the same statement and so the
 * same snapshot. One text per group rather than one for the company: the engine never holds
 * the whole list as one value, whose copies would grow its never-shrinking heap (decision
 * 0066).
 */
export async function printListParts(
  db: Db,
  companyId: number,
  groups: readonly (number | null)[],
): Promise<(PrintGroup & { json: string })[]> {
  if (groups.length === 0) return [];
  // Identity ids start at 1, so 0 names the field-less group in the list.
  const wanted = sql.join(
    groups.map((id) => sql`${id ?? 0}`),
    sql`, `,
  );
  const rows = await queryRows<{
    warehouse_id: string | number | null;
    version: string;
    json: string | null;
  }>(
    db,
    sql`
      SELECT g.warehouse_id, g.version, part.json
      FROM ${groupsOf(companyId)}
      LEFT JOIN LATERAL (
        SELECT string_agg(
          '{"id":' || v.id || ',"name":' || coalesce(to_json(v.name)::text, 'null')
          || ',"customer_name":' || to_json(coalesce(c.name, ''))::text
          || ',"type":' || to_json(v.type)::text
          || ',"position":' || coalesce(v.position::text, 'null')
          || ',"field_name":' || to_json(coalesce(f.name, ${STAGED_FIELD_NAME}))::text
          || ',"warehouse_name":' || to_json(coalesce(w.name, ow.name, ''))::text
          || ',"note":' || to_json(v.note)::text || '}',
          ',' ORDER BY ${PRINT_ORDER}) AS json
        FROM (
          SELECT pv.id FROM fields pf
          JOIN vaults pv ON pv.company_id = pf.company_id AND pv.field_id = pf.id
          WHERE pf.company_id = ${companyId} AND pf.warehouse_id = g.warehouse_id
          UNION ALL
          SELECT sv.id FROM vaults sv
          LEFT JOIN fields sf ON sf.id = sv.old_field_id AND sf.company_id = sv.company_id
          WHERE sv.company_id = ${companyId} AND sv.field_id IS NULL
            AND sf.warehouse_id IS NOT DISTINCT FROM g.warehouse_id
        ) members
        JOIN vaults v ON v.id = members.id
        ${PRINT_JOINS}
      ) part ON true
      WHERE coalesce(g.warehouse_id, 0) IN (${wanted})`,
  );
  return rows.map((row) => ({
    warehouseId: row.warehouse_id === null ? null : Number(row.warehouse_id),
    version: row.version,
    json: row.json ?? '',
  }));
}

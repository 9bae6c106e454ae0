import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * One warehouse's answer as PostgreSQL writes it (decision 0025): the large parts (fields
 * with their vaults and attachments, racks with shelves and pallets) arrive as JSON text
 * the server copies into the response, with no row parsing, presenter objects or
 * `JSON.stringify` between. Each object is written key by key in the order the presenters
 * gave (`presentVault`, `rackPresenter`), and keyed maps in ascending id order, the order
 * `JSON.stringify` gives integer keys, so the text is the one the presenters produced.
 *
 * Fields come one row each, so a warehouse read again after a write asks only for the
 * fields written since the version it holds (`answer_field_marks`, decision 0055).
 */

/** A warehouse's own columns and its racks, as of `version`. */
export interface WarehouseHead {
  id: number;
  name: string;
  slug: string;
  width: number;
  length: number;
  rows: number;
  cols: number;
  fieldCapacity: number;
  fieldgridX: number;
  fieldgridY: number;
  version: number;
  /** `[{...rack},...]` */
  racksJson: string;
  /** Customer names of its pallets. */
  palletCustomers: string[] | null;
}

/** One field's part of the answer; `json` is null for a field deleted since. */
export interface FieldPart {
  warehouseId: number;
  fieldId: number;
  /** `"<field id>":{...}` */
  json: string | null;
  type: string | null;
  /** Customer and order names of its vaults (non-empty, distinct), as JSON. */
  namesJson: string | null;
}

/** A field's customer and order names as JSON, or null when its vaults name none. */
const FIELD_NAMES = `CASE WHEN fv.customers IS NOT NULL OR fv.orders IS NOT NULL
  THEN json_build_object('c', fv.customers, 'o', fv.orders)::text END`;

/** Which warehouses to read, each with the version already held (0: none, read every field). */
export interface PartsWanted {
  id: number;
  since: number;
}

/** A JSON value as text: strings escaped by PostgreSQL, SQL NULL as `null`. */
const j = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;
/** A number (or NULL) as JSON text. */
const n = (expr: string) => `coalesce((${expr})::text, 'null')`;

const ATTACHMENT = `'{"id":' || a.id || ',"vault_id":' || a.vault_id || ',"file_name":' || ${j('a.file_name')}
  || ',"file_url":"/api/vaults/attachments/' || a.id || '","size_bytes":' || a.size_bytes
  || ',"content_type":' || ${j('a.content_type')} || '}'`;

const VAULT = `'"' || v.id || '":{"id":' || v.id || ',"name":' || ${j('v.name')}
  || ',"customer_name":' || ${j("coalesce(v.customer_name, '')")} || ',"customer_id":' || ${n('v.customer_id')}
  || ',"order_id":' || ${n('v.order_id')} || ',"order_name":' || ${j('v.order_name')}
  || ',"type":' || ${j('v.type')} || ',"position":' || ${n('v.position')} || ',"note":' || ${j('v.note')}
  || ',"attachments":[' || coalesce(att.json, '') || '],"field_id":' || v.field_id
  || ',"old_field_id":' || ${n('v.old_field_id')} || ',"field_name":' || ${j('v.field_name')}
  || ',"warehouse_name":' || ${j('w.name')} || '}'`;

const FIELD = `'"' || f.id || '":{"id":' || f.id || ',"name":' || ${j('f.name')}
  || ',"warehouse_id":' || f.warehouse_id || ',"type":' || ${j('f.type')} || ',"full":' || f.full
  || ',"vaults":{' || coalesce(fv.json, '') || '}}'`;

const PALLET = `'{"id":' || p.id || ',"name":' || ${j('p.name')} || ',"customerName":' || ${j('c.name')}
  || ',"customerId":' || p.customer_id || ',"palletNumber":' || ${j('p.pallet_number')}
  || ',"notes":' || ${j('p.notes')} || ',"weight":' || ${j('p.weight')}
  || ',"shelfSpots":' || p.shelf_spots || ',"palletSpaces":' || p.shelf_spots
  || ',"shelfId":' || p.shelf_id || ',"slotIndex":' || p.slot_index || '}'`;

const SHELF = `'{"id":' || s.id || ',"rackId":' || s.rack_id || ',"index":' || s.shelf_index
  || ',"capacity":' || s.capacity || ',"pallets":[' || coalesce(sp.json, '') || ']}'`;

const RACK = `'{"id":' || k.id || ',"warehouseId":' || k.warehouse_id || ',"name":' || ${j('k.name')}
  || ',"orientation":' || ${j('k.orientation')} || ',"width":' || ${j('k.width')}
  || ',"length":' || ${j('k.length')} || ',"position":{"x":' || ${j('k.x')} || ',"y":' || ${j('k.y')}
  || '},"capacity":' || k.capacity || ',"num_shelves":' || k.num_shelves
  || ',"shelves":[' || coalesce(rs.json, '') || ']}'`;

/**
 * The warehouses' heads and the parts of the fields written since the versions given, in
 * one statement and so one snapshot: head rows have a null `fieldId`.
 */
export async function listWarehouseParts(
  db: Db,
  companyId: number,
  wanted: readonly PartsWanted[],
): Promise<{ heads: WarehouseHead[]; fields: FieldPart[] }> {
  if (wanted.length === 0) return { heads: [], fields: [] };
  const list = (values: number[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::bigint[]`;
  const ids = list(wanted.map((w) => w.id));
  const rows = await queryRows<{
    warehouseId: number;
    fieldId: number | null;
    json: string | null;
    type: string | null;
    namesJson: string | null;
  }>(
    db,
    sql`
      WITH w AS (
        SELECT w.*, wv.version, s.since FROM warehouses w
        JOIN warehouse_versions wv ON wv.warehouse_id = w.id
        JOIN unnest(${ids}, ${list(wanted.map((w) => w.since))}) s(id, since) ON s.id = w.id
        WHERE w.company_id = ${companyId}
      ),
      cf AS (
        SELECT f.id, f.warehouse_id FROM fields f JOIN w ON w.id = f.warehouse_id AND w.since = 0
        WHERE f.company_id = ${companyId} AND f.warehouse_id = ANY (${ids})
        UNION ALL
        SELECT m.field_id, m.warehouse_id FROM answer_field_marks m
        JOIN w ON w.id = m.warehouse_id AND w.since > 0 AND m.version > w.since
      ),
      pv AS (
        SELECT v.id, v.name, v.customer_id, v.order_id, v.type, v.position, v.note, v.field_id,
               v.old_field_id, f.name AS field_name, f.warehouse_id, c.name AS customer_name,
               o.name AS order_name
        FROM vaults v
        JOIN fields f ON f.id = v.field_id
        LEFT JOIN customers c ON c.id = v.customer_id
        LEFT JOIN orders o ON o.id = v.order_id
        -- The field ids as an array, so the plan reads the vaults by their field index
        -- rather than scanning the company's vaults for one warehouse's.
        WHERE v.company_id = ${companyId} AND v.field_id = ANY (ARRAY(SELECT id FROM cf))
      ),
      att AS (
        SELECT a.vault_id, string_agg(${sql.raw(ATTACHMENT)}, ',' ORDER BY a.created_at) AS json
        FROM vault_attachments a JOIN pv ON pv.id = a.vault_id
        WHERE a.company_id = ${companyId}
        GROUP BY a.vault_id
      ),
      fv AS (
        SELECT v.field_id, string_agg(${sql.raw(VAULT)}, ',' ORDER BY v.id) AS json,
               array_agg(DISTINCT v.customer_name) FILTER (WHERE v.customer_name <> '') AS customers,
               array_agg(DISTINCT v.order_name) FILTER (WHERE v.order_name <> '') AS orders
        FROM pv v JOIN w ON w.id = v.warehouse_id
        LEFT JOIN att ON att.vault_id = v.id
        GROUP BY v.field_id
      ),
      k AS (
        SELECT * FROM racks WHERE company_id = ${companyId} AND warehouse_id = ANY (${ids})
      ),
      sp AS (
        SELECT p.shelf_id, string_agg(${sql.raw(PALLET)}, ',' ORDER BY p.slot_index, p.created_at) AS json
        FROM pallets p JOIN customers c ON c.id = p.customer_id
        WHERE p.company_id = ${companyId} AND p.shelf_id IN (
          SELECT s.id FROM shelves s JOIN k ON k.id = s.rack_id)
        GROUP BY p.shelf_id
      ),
      rs AS (
        SELECT s.rack_id, string_agg(${sql.raw(SHELF)}, ',' ORDER BY s.shelf_index) AS json
        FROM shelves s JOIN k ON k.id = s.rack_id LEFT JOIN sp ON sp.shelf_id = s.id
        WHERE s.company_id = ${companyId}
        GROUP BY s.rack_id
      ),
      wr AS (
        SELECT k.warehouse_id, string_agg(${sql.raw(RACK)}, ',' ORDER BY k.created_at, k.id) AS json,
               (SELECT array_agg(DISTINCT c.name)
                FROM shelves s JOIN pallets p ON p.shelf_id = s.id
                JOIN customers c ON c.id = p.customer_id
                WHERE s.rack_id = ANY (array_agg(k.id))) AS customers
        FROM k LEFT JOIN rs ON rs.rack_id = k.id
        GROUP BY k.warehouse_id
      )
      SELECT w.id AS "warehouseId", NULL::bigint AS "fieldId",
             '[' || coalesce(wr.json, '') || ']' AS json, NULL AS type,
             json_build_object('id', w.id, 'name', w.name, 'slug', w.slug, 'width', w.width,
               'length', w.length, 'rows', w.rows, 'cols', w.cols,
               'fieldCapacity', w.field_capacity, 'fieldgridX', w.fieldgrid_x,
               'fieldgridY', w.fieldgrid_y, 'version', w.version,
               'palletCustomers', wr.customers)::text AS "namesJson"
      FROM w LEFT JOIN wr ON wr.warehouse_id = w.id
      UNION ALL
      SELECT f.warehouse_id, f.id, ${sql.raw(FIELD)}, f.type, ${sql.raw(FIELD_NAMES)}
      FROM fields f JOIN w ON w.id = f.warehouse_id AND w.since = 0
      LEFT JOIN fv ON fv.field_id = f.id
      WHERE f.company_id = ${companyId} AND f.warehouse_id = ANY (${ids})
      UNION ALL
      SELECT m.warehouse_id, m.field_id, ${sql.raw(FIELD)}, f.type, ${sql.raw(FIELD_NAMES)}
      FROM answer_field_marks m JOIN w ON w.id = m.warehouse_id AND w.since > 0 AND m.version > w.since
      -- Each by its key (LIMIT keeps the planner from flattening it): a plain join hashed
      -- all 20,000 fields of the company for one changed field (EXPLAIN on PGlite).
      LEFT JOIN LATERAL (
        SELECT * FROM fields f WHERE f.id = m.field_id AND f.company_id = ${companyId} LIMIT 1) f ON true
      LEFT JOIN fv ON fv.field_id = m.field_id`,
  );
  const heads: WarehouseHead[] = [];
  const fields: FieldPart[] = [];
  for (const row of rows) {
    if (row.fieldId === null) {
      const head = JSON.parse(row.namesJson ?? '{}') as Omit<WarehouseHead, 'racksJson'>;
      heads.push({ ...head, racksJson: row.json ?? '[]' });
    } else {
      fields.push({ ...row, fieldId: row.fieldId });
    }
  }
  return { heads, fields };
}

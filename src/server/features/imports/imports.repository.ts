import type { VaultEventDetails } from '../../../contracts/vault-events';
import { sql, type SQL } from 'drizzle-orm';
import {
  importContentsKeys,
  type ImportContents,
  type ImportContentsKey,
} from '../../../contracts/imports';
import type { VaultType } from '../../../contracts/vaults';
import { queryRows, type Db } from '../../db/client';
import type { ContactChange } from '../../../domain/import-contents';
import type { TagRange } from '../../../domain/inventory-tags';

// Bulk statements take their rows as one JSON parameter (`jsonb_to_recordset`): one shape
// for both engines and any number of rows, where a parameter per value would run out at
// 65,535 and arrays would need a driver-specific encoding.
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export interface WarehouseRow {
  id: number;
  name: string;
  field_capacity: number;
  rows: number;
  cols: number;
}
export interface FieldRow {
  id: number;
  warehouse_id: number;
  name: string;
  type: 'vault' | 'couchbox-T' | 'couchbox-B';
  full: boolean;
}
export interface VaultStateRow {
  id: number;
  name: string;
  field_id: number | null;
  position: number | null;
  customer_name: string | null;
  order_name: string | null;
  type: VaultType;
  note: string;
  released_on: string | null;
  /** Its IMPORT_CONTENTS columns, as JSON text of one object. */
  contents: string;
  /** Its inventory tags as JSON text of `TagRange`s. */
  tags: string;
}

/** One SQL piece per IMPORT_CONTENTS column, in their order, joined by commas. */
function contentsColumns(piece: (column: SQL, key: ImportContentsKey) => SQL) {
  return sql.join(
    importContentsKeys.map((key) => piece(sql`${sql.identifier(key)}`, key)),
    sql`, `,
  );
}

const CONTENTS_OBJECT = sql`jsonb_build_object(${contentsColumns(
  (c, key) => sql`${sql.raw(`'${key}'`)}::text, v.${c}`,
)})`;

export const listWarehouses = (db: Db, companyId: number) =>
  queryRows<WarehouseRow>(
    db,
    sql`SELECT id, name, field_capacity, rows, cols FROM warehouses WHERE company_id = ${companyId}`,
  );

export const listFields = (db: Db, companyId: number) =>
  queryRows<FieldRow>(
    db,
    sql`SELECT id, warehouse_id, name, type, "full" FROM fields WHERE company_id = ${companyId}`,
  );

export const listTakenPositions = (db: Db, companyId: number) =>
  queryRows<{ field_id: number; position: number }>(
    db,
    sql`SELECT field_id, position FROM vaults
        WHERE company_id = ${companyId} AND field_id IS NOT NULL`,
  );

export const findVaultsByName = (db: Db, companyId: number, names: readonly string[]) =>
  queryRows<VaultStateRow>(
    db,
    sql`SELECT v.id, v.name, v.field_id, v.position, c.name AS customer_name,
               o.name AS order_name, v.type, v.note,
               to_char(v.released_on, 'YYYY-MM-DD') AS released_on,
               ${CONTENTS_OBJECT}::text AS contents,
               (SELECT coalesce(json_agg(json_build_object('lot', t.lot, 'first', t.first_tag,
                                                           'last', t.last_tag)), '[]')::text
                  FROM vault_tags t
                 WHERE t.company_id = v.company_id AND t.vault_id = v.id) AS tags
        FROM vaults v
        LEFT JOIN customers c ON c.id = v.customer_id
        LEFT JOIN orders o ON o.id = v.order_id
        WHERE v.company_id = ${companyId}
          AND v.name IN (SELECT jsonb_array_elements_text(${json(names)}))`,
  );

/**
 * Every warehouse of the company shared, in id order (decision 0014's shared side, taken for
 * all of them at once: an import may place into and lift out of any of them, and the set is
 * only known after reading the vaults, which must come after the warehouses).
 */
/**
 * Every warehouse of the company, shared as a placement takes them (decision 0014); those
 * whose grid the import grows exclusively, as a grid change does. All in one pass in id
 * order, so the import waits like any other writer and never holds one while asking for a
 * lower one.
 */
export async function lockCompanyWarehouses(
  db: Db,
  companyId: number,
  growing: ReadonlySet<number>,
): Promise<void> {
  if (growing.size === 0) {
    await queryRows(
      db,
      sql`SELECT id FROM warehouses WHERE company_id = ${companyId} ORDER BY id FOR SHARE`,
    );
    return;
  }
  const ids = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM warehouses WHERE company_id = ${companyId} ORDER BY id`,
  );
  for (const { id } of ids) {
    await queryRows(
      db,
      growing.has(Number(id))
        ? sql`SELECT id FROM warehouses WHERE company_id = ${companyId} AND id = ${id} FOR UPDATE`
        : sql`SELECT id FROM warehouses WHERE company_id = ${companyId} AND id = ${id} FOR SHARE`,
    );
  }
}

export async function lockVaultsByName(
  db: Db,
  companyId: number,
  names: readonly string[],
): Promise<void> {
  await queryRows(
    db,
    sql`SELECT id FROM vaults
        WHERE company_id = ${companyId}
          AND name IN (SELECT jsonb_array_elements_text(${json(names)}))
        ORDER BY id FOR UPDATE`,
  );
}

/**
 * Locks the company's fields or shelves with these ids, in id order, as adding a vault locks
 * its field and adding a pallet its shelf (decision 0014).
 */
export async function lockInIdOrder(
  db: Db,
  table: 'fields' | 'shelves',
  companyId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await queryRows(
    db,
    sql`SELECT id FROM ${sql.identifier(table)}
        WHERE company_id = ${companyId}
          AND id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::bigint)
        ORDER BY id FOR UPDATE`,
  );
}

/** Finds or creates customers (or orders) by name; answers each name's id. */
export async function upsertNames(
  db: Db,
  table: 'customers' | 'orders',
  companyId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const target = sql.identifier(table);
  await queryRows(
    db,
    sql`INSERT INTO ${target} (company_id, name)
        SELECT ${companyId}, n FROM jsonb_array_elements_text(${json(names)}) AS n
        ON CONFLICT (company_id, name) DO NOTHING`,
  );
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM ${target}
        WHERE company_id = ${companyId}
          AND name IN (SELECT jsonb_array_elements_text(${json(names)}))`,
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

export interface ShelfRow {
  id: number;
  rack_id: number;
  rack_name: string;
  warehouse_id: number;
  shelf_index: number;
  capacity: number;
}
export interface PalletStateRow {
  id: number;
  shelf_id: number;
  slot_index: number;
  shelf_spots: number;
  pallet_number: string;
  customer_name: string | null;
}

export const listShelves = (db: Db, companyId: number) =>
  queryRows<ShelfRow>(
    db,
    sql`SELECT s.id, s.rack_id, r.name AS rack_name, r.warehouse_id, s.shelf_index, s.capacity
        FROM shelves s JOIN racks r ON r.id = s.rack_id
        WHERE s.company_id = ${companyId}`,
  );

export const listPallets = (db: Db, companyId: number) =>
  queryRows<PalletStateRow>(
    db,
    sql`SELECT p.id, p.shelf_id, p.slot_index, p.shelf_spots, p.pallet_number,
               c.name AS customer_name
        FROM pallets p LEFT JOIN customers c ON c.id = p.customer_id
        WHERE p.company_id = ${companyId}`,
  );

export async function insertPallets(
  db: Db,
  companyId: number,
  rows: readonly {
    shelf_id: number;
    customer_id: number;
    pallet_number: string;
    shelf_spots: number;
    slot_index: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    db,
    sql`INSERT INTO pallets (company_id, shelf_id, customer_id, pallet_number, shelf_spots, slot_index)
        SELECT ${companyId}, u.shelf_id, u.customer_id, u.pallet_number, u.shelf_spots, u.slot_index
        FROM jsonb_to_recordset(${json(rows)})
             AS u(shelf_id bigint, customer_id bigint, pallet_number text, shelf_spots int, slot_index int)`,
  );
}

/** A checked row waiting for the import's last step (decision 0050), as it will be written. */
export interface StagedRow extends ImportContents {
  sheet_row: number;
  name: string;
  /** The vault the row updates or moves; null: a new vault. */
  vault_id: number | null;
  customer_name: string;
  order_name: string | null;
  type: VaultType;
  note: string;
  /** Null: the file says nothing of tags, and the vault keeps its own. */
  tags: TagRange[] | null;
  /** The field it stands in after the import, by `fieldKey`; null: the stage. */
  target_key: string | null;
  position: number | null;
  /** A move out of a field: lifted out first, so no two vaults share a place meanwhile. */
  lift: boolean;
  details: VaultEventDetails<'imported'>;
}

export async function stageRows(
  db: Db,
  companyId: number,
  jobId: number,
  rows: readonly StagedRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    db,
    // Each value takes the staging table's own type for its column.
    sql`INSERT INTO import_staged_rows
        SELECT * FROM jsonb_populate_recordset(NULL::import_staged_rows,
                                               ${json(rows.map((r) => ({ ...r, job_id: jobId, company_id: companyId })))})`,
  );
}

export async function unstageRows(
  db: Db,
  companyId: number,
  jobId: number,
  sheetRows: readonly number[],
): Promise<void> {
  if (sheetRows.length === 0) return;
  await queryRows(
    db,
    sql`DELETE FROM import_staged_rows
        WHERE company_id = ${companyId} AND job_id = ${jobId}
          AND sheet_row IN (SELECT (jsonb_array_elements_text(${json(sheetRows)}))::int)`,
  );
}

export async function dropStaged(db: Db, companyId: number, jobId: number): Promise<void> {
  await queryRows(
    db,
    sql`DELETE FROM import_staged_rows WHERE company_id = ${companyId} AND job_id = ${jobId}`,
  );
}

/** Staged rows of jobs that ended without them (their server stopped), of every company. */
export async function dropOrphanedStaged(db: Db): Promise<void> {
  await queryRows(
    db,
    sql`DELETE FROM import_staged_rows s USING import_jobs j
        WHERE j.id = s.job_id AND j.status <> 'running'`,
  );
}

/**
 * Writes a job's staged rows, set-based, in the caller's transaction under the placement
 * locks: customers and orders by name, moving vaults lifted, vaults updated and inserted, one
 * `imported` event each. `fieldIds` gives each `target_key` its field id.
 */
export async function applyStaged(
  db: Db,
  params: {
    companyId: number;
    jobId: number;
    fieldIds: readonly { key: string; id: number }[];
    actorUserId: number;
    actorEmail: string;
    /** Whether any row gives tags: without one, the vaults' tags are not read at all. */
    hasTags: boolean;
  },
): Promise<void> {
  const { companyId, jobId } = params;
  const staged = sql`import_staged_rows s`;
  const mine = sql`s.company_id = ${companyId} AND s.job_id = ${jobId}`;
  await queryRows(
    db,
    sql`INSERT INTO customers (company_id, name)
        SELECT DISTINCT ${companyId}::bigint, s.customer_name FROM ${staged} WHERE ${mine}
        ON CONFLICT (company_id, name) DO NOTHING`,
  );
  await queryRows(
    db,
    sql`INSERT INTO orders (company_id, name)
        SELECT DISTINCT ${companyId}::bigint, s.order_name FROM ${staged}
        WHERE ${mine} AND s.order_name IS NOT NULL
        ON CONFLICT (company_id, name) DO NOTHING`,
  );
  await queryRows(
    db,
    sql`UPDATE vaults v SET old_field_id = v.field_id, field_id = NULL, position = NULL
        FROM ${staged}
        WHERE ${mine} AND s.lift AND v.company_id = ${companyId} AND v.id = s.vault_id
          AND v.field_id IS NOT NULL`,
  );
  const written = sql`${staged}
        JOIN customers c ON c.company_id = ${companyId} AND c.name = s.customer_name
        LEFT JOIN orders o ON o.company_id = ${companyId} AND o.name = s.order_name
        LEFT JOIN jsonb_to_recordset(${json(params.fieldIds)}) AS m(key text, id bigint)
          ON m.key = s.target_key`;
  await queryRows(
    db,
    sql`UPDATE vaults v
        SET customer_id = w.customer_id, order_id = w.order_id, type = w.type, note = w.note,
            ${contentsColumns((c) => sql`${c} = w.${c}`)},
            field_id = w.field_id, position = w.position, updated_at = now()
        FROM (SELECT s.vault_id, c.id AS customer_id, o.id AS order_id, s.type, s.note,
                     ${contentsColumns((c) => sql`s.${c}`)}, m.id AS field_id, s.position
              FROM ${written} WHERE ${mine} AND s.vault_id IS NOT NULL) w
        WHERE v.company_id = ${companyId} AND v.id = w.vault_id`,
  );
  await queryRows(
    db,
    sql`INSERT INTO vaults (company_id, name, customer_id, order_id, type, note,
                            ${contentsColumns((c) => c)}, field_id, position)
        SELECT ${companyId}, s.name, c.id, o.id, s.type, s.note,
               ${contentsColumns((c, key) => (key === 'date_in' ? sql`coalesce(s.${c}, CURRENT_DATE)` : sql`s.${c}`))},
               m.id, s.position
        FROM ${written} WHERE ${mine} AND s.vault_id IS NULL`,
  );
  if (params.hasTags) {
    // A row that gives tags replaces the vault's ranges; one that does not leaves them.
    const tagged = sql`${staged} JOIN vaults v ON v.company_id = ${companyId} AND v.name = s.name`;
    await queryRows(
      db,
      sql`DELETE FROM vault_tags t USING ${tagged}
          WHERE ${mine} AND s.tags IS NOT NULL AND t.company_id = ${companyId} AND t.vault_id = v.id`,
    );
    await queryRows(
      db,
      sql`INSERT INTO vault_tags (company_id, vault_id, lot, first_tag, last_tag)
          SELECT ${companyId}, v.id, r.lot, r.first, r.last
          FROM ${tagged}, jsonb_to_recordset(s.tags) AS r(lot text, first int, last int)
          WHERE ${mine} AND s.tags IS NOT NULL`,
    );
  }
  await queryRows(
    db,
    sql`INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_user_id, actor_email, details)
        SELECT ${companyId}, v.id, s.name, 'imported', ${params.actorUserId}, ${params.actorEmail},
               s.details
        FROM ${staged} JOIN vaults v ON v.company_id = ${companyId} AND v.name = s.name
        WHERE ${mine}`,
  );
}

/** The contact kept on the company's customers of these names. */
export const listCustomerContacts = (db: Db, companyId: number, names: readonly string[]) =>
  queryRows<{ name: string; phone: string; email: string; address: string }>(
    db,
    sql`SELECT name, phone, email, address FROM customers
        WHERE company_id = ${companyId}
          AND name IN (SELECT jsonb_array_elements_text(${json(names)}))`,
  );

/**
 * Sets the contact an import adds, each value only where the record has none (decision 0511):
 * an office edit made since the preview is kept.
 */
export async function addMissingContacts(
  db: Db,
  companyId: number,
  changes: readonly ContactChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await queryRows(
    db,
    sql`UPDATE customers c
        SET phone = CASE WHEN c.phone = '' THEN u.phone ELSE c.phone END,
            email = CASE WHEN c.email = '' THEN u.email ELSE c.email END,
            address = CASE WHEN c.address = '' THEN u.address ELSE c.address END
        FROM jsonb_to_recordset(${json(changes)})
             AS u("customerName" text, phone text, email text, address text)
        WHERE c.company_id = ${companyId} AND c.name = u."customerName"`,
  );
}

/**
 * Statistics for the staging table once a job's rows are in: without them the planner takes
 * the freshly filled table for one row and joins it by nested loops, seconds per 10,000 rows.
 */
export async function analyzeStaged(db: Db): Promise<void> {
  await queryRows(db, sql`ANALYZE import_staged_rows`);
}

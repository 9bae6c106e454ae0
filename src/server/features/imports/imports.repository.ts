import type { VaultEventDetails } from '../../../contracts/vault-events';
import { sql } from 'drizzle-orm';
import type { VaultType } from '../../../contracts/vaults';
import { queryRows, type Db } from '../../db/client';

// Bulk statements take their rows as one JSON parameter (`jsonb_to_recordset`): one shape
// for both engines and any number of rows, where a parameter per value would run out at
// 65,535 and arrays would need a driver-specific encoding.
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export interface WarehouseRow {
  id: number;
  name: string;
  field_capacity: number;
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
}

export const listWarehouses = (db: Db, companyId: number) =>
  queryRows<WarehouseRow>(
    db,
    sql`SELECT id, name, field_capacity FROM warehouses WHERE company_id = ${companyId}`,
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
               o.name AS order_name, v.type, v.note
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
export async function lockCompanyWarehouses(db: Db, companyId: number): Promise<void> {
  await queryRows(
    db,
    sql`SELECT id FROM warehouses WHERE company_id = ${companyId} ORDER BY id FOR SHARE`,
  );
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

export async function lockFields(
  db: Db,
  companyId: number,
  fieldIds: readonly number[],
): Promise<void> {
  await queryRows(
    db,
    sql`SELECT id FROM fields
        WHERE company_id = ${companyId}
          AND id IN (SELECT (jsonb_array_elements_text(${json(fieldIds)}))::bigint)
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

/** Lifts vaults out of their fields (into stage, remembering the field) before they land again. */
export async function liftVaults(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await queryRows(
    db,
    sql`UPDATE vaults SET old_field_id = field_id, field_id = NULL, position = NULL
        WHERE company_id = ${companyId} AND field_id IS NOT NULL
          AND id IN (SELECT (jsonb_array_elements_text(${json(ids)}))::bigint)`,
  );
}

export interface VaultWrite {
  id?: number;
  name: string;
  customer_id: number;
  order_id: number | null;
  type: VaultType;
  note: string;
  field_id: number | null;
  position: number | null;
}

const VAULT_RECORD = sql.raw(
  'u(id bigint, name text, customer_id bigint, order_id bigint, type text, note text, field_id bigint, position int)',
);

export async function updateVaults(db: Db, companyId: number, rows: readonly VaultWrite[]) {
  if (rows.length === 0) return;
  await queryRows(
    db,
    sql`UPDATE vaults v
        SET customer_id = u.customer_id, order_id = u.order_id, type = u.type, note = u.note,
            field_id = u.field_id, position = u.position, updated_at = now()
        FROM jsonb_to_recordset(${json(rows)}) AS ${VAULT_RECORD}
        WHERE v.company_id = ${companyId} AND v.id = u.id`,
  );
}

export async function insertVaults(
  db: Db,
  companyId: number,
  rows: readonly VaultWrite[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await queryRows<{ id: number; name: string }>(
    db,
    sql`INSERT INTO vaults (company_id, name, customer_id, order_id, type, note, field_id, position)
        SELECT ${companyId}, u.name, u.customer_id, u.order_id, u.type, u.note, u.field_id, u.position
        FROM jsonb_to_recordset(${json(rows)}) AS ${VAULT_RECORD}
        RETURNING id, name`,
  );
  return new Map(inserted.map((r) => [r.name, r.id]));
}

export async function insertEvents(
  db: Db,
  params: {
    companyId: number;
    actorUserId: number;
    actorEmail: string;
    events: readonly {
      vault_id: number;
      vault_name: string;
      details: VaultEventDetails<'imported'>;
    }[];
  },
): Promise<void> {
  if (params.events.length === 0) return;
  await queryRows(
    db,
    sql`INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_user_id, actor_email, details)
        SELECT ${params.companyId}, e.vault_id, e.vault_name, 'imported',
               ${params.actorUserId}, ${params.actorEmail}, e.details
        FROM jsonb_to_recordset(${json(params.events)})
             AS e(vault_id bigint, vault_name text, details jsonb)`,
  );
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

/** The shelves pallets go onto, in id order, as adding a pallet locks its shelf. */
export async function lockShelves(db: Db, companyId: number, shelfIds: readonly number[]) {
  if (shelfIds.length === 0) return;
  await queryRows(
    db,
    sql`SELECT id FROM shelves
        WHERE company_id = ${companyId}
          AND id IN (SELECT (jsonb_array_elements_text(${json(shelfIds)}))::bigint)
        ORDER BY id FOR UPDATE`,
  );
}

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

import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, warehouses } from '../../db/schema/warehouses';
import { customers, orders, vaultAttachments, vaults } from '../../db/schema/vaults';
import { checklistImages, checklists } from '../../db/schema/checklists';
import { gridFieldNames } from '../../../domain/field-names';
import { isEmptyCustomerSql } from '../../../domain/empty-vault-sql';
import { vaultColumns } from '../../db/vault-rows';

export type WarehouseRow = typeof warehouses.$inferSelect;

// Each field row takes 7 parameters; PostgreSQL allows 65,535 per statement.
const FIELD_INSERT_CHUNK = 5000;

export async function insertWarehouseWithFields(
  db: Db,
  params: {
    companyId: number;
    name: string;
    slug: string;
    rows: number;
    cols: number;
    fieldCapacity: number;
    length: number;
    width: number;
  },
): Promise<WarehouseRow> {
  const [row] = await db.insert(warehouses).values(params).returning();
  if (!row) throw new Error('Warehouse insert returned nothing');
  const grid = gridFieldNames(params.rows, params.cols).map((f) => ({
    companyId: params.companyId,
    warehouseId: row.id,
    name: f.name,
    colIndex: f.colIndex,
    rowIndex: f.row,
  }));
  for (let i = 0; i < grid.length; i += FIELD_INSERT_CHUNK) {
    await db.insert(fields).values(grid.slice(i, i + FIELD_INSERT_CHUNK));
  }
  return row;
}

export async function findWarehouse(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findWarehouseBySlug(db: Db, companyId: number, slug: string) {
  const rows = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.slug, slug)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listWarehouses(db: Db, companyId: number) {
  return db
    .select()
    .from(warehouses)
    .where(eq(warehouses.companyId, companyId))
    .orderBy(asc(warehouses.name));
}

/** Dashboard figures counted by the database: no vault leaves it to be counted. */
export async function listWarehouseCounts(db: Db, companyId: number) {
  return db
    .select({
      warehouseId: fields.warehouseId,
      vaultCount: sql<number>`count(${vaults.id})::int`,
      nonEmptyVaultCount: sql<number>`(count(${vaults.id}) FILTER (WHERE NOT ${isEmptyCustomerSql(customers.name)}))::int`,
    })
    .from(vaults)
    .innerJoin(fields, eq(fields.id, vaults.fieldId))
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .where(eq(vaults.companyId, companyId))
    .groupBy(fields.warehouseId);
}

/** The halves of couchbox pairs per warehouse, for its capacity; other fields are vault fields. */
export async function listCouchboxFieldCounts(db: Db, companyId: number) {
  return db
    .select({
      warehouseId: fields.warehouseId,
      couchboxTops: sql<number>`(count(*) FILTER (WHERE ${fields.type} = 'couchbox-T'))::int`,
      couchboxBottoms: sql<number>`(count(*) FILTER (WHERE ${fields.type} = 'couchbox-B'))::int`,
    })
    .from(fields)
    .where(and(eq(fields.companyId, companyId), ne(fields.type, 'vault')))
    .groupBy(fields.warehouseId);
}

export async function listFields(db: Db, companyId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return [];
  return db
    .select()
    .from(fields)
    .where(and(eq(fields.companyId, companyId), inArray(fields.warehouseId, warehouseIds)));
}

export async function listPlacedVaults(db: Db, companyId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return [];
  return db
    .select(vaultColumns)
    .from(vaults)
    .innerJoin(fields, eq(fields.id, vaults.fieldId))
    .innerJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .leftJoin(orders, eq(orders.id, vaults.orderId))
    .where(and(eq(vaults.companyId, companyId), inArray(fields.warehouseId, warehouseIds)));
}

/** Attachments of every placed vault in the warehouses, joined rather than listed by id. */
export async function listAttachments(db: Db, companyId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return [];
  return db
    .select({
      id: vaultAttachments.id,
      vaultId: vaultAttachments.vaultId,
      fileName: vaultAttachments.fileName,
      contentType: vaultAttachments.contentType,
      sizeBytes: vaultAttachments.sizeBytes,
    })
    .from(vaultAttachments)
    .innerJoin(vaults, eq(vaults.id, vaultAttachments.vaultId))
    .innerJoin(fields, eq(fields.id, vaults.fieldId))
    .where(
      and(eq(vaultAttachments.companyId, companyId), inArray(fields.warehouseId, warehouseIds)),
    )
    .orderBy(asc(vaultAttachments.createdAt));
}

/** Storage keys of every file that goes with the warehouse, to delete once its rows are gone. */
export async function listWarehouseFileKeys(db: Db, companyId: number, warehouseId: number) {
  const attachmentKeys = await db
    .select({ key: vaultAttachments.storageKey })
    .from(vaultAttachments)
    .innerJoin(vaults, eq(vaults.id, vaultAttachments.vaultId))
    .innerJoin(fields, eq(fields.id, vaults.fieldId))
    .where(and(eq(vaultAttachments.companyId, companyId), eq(fields.warehouseId, warehouseId)));
  const imageKeys = await db
    .select({ key: checklistImages.storageKey })
    .from(checklistImages)
    .innerJoin(checklists, eq(checklists.id, checklistImages.checklistId))
    .where(and(eq(checklistImages.companyId, companyId), eq(checklists.warehouseId, warehouseId)));
  return [...attachmentKeys, ...imageKeys].map((r) => r.key);
}

/** The vaults' history outlives them: a 'deleted' event for each vault the warehouse takes along. */
export async function recordWarehouseVaultDeletions(
  db: Db,
  params: {
    companyId: number;
    warehouseId: number;
    warehouseName: string;
    actorUserId: number;
    actorEmail: string;
  },
) {
  await db.execute(sql`
    INSERT INTO vault_events (company_id, vault_id, vault_name, kind, actor_user_id, actor_email, details)
    SELECT v.company_id, v.id, v.name, 'deleted', ${params.actorUserId}, ${params.actorEmail},
           jsonb_build_object('reason', 'warehouse deleted',
                              'from', jsonb_build_object('warehouse', ${params.warehouseName}::text,
                                                         'field', f.name, 'position', v.position))
    FROM vaults v JOIN fields f ON f.id = v.field_id
    WHERE v.company_id = ${params.companyId} AND f.warehouse_id = ${params.warehouseId}`);
}

/** A field's vaults hold it back (ON DELETE RESTRICT), so the warehouse's vaults go first. */
export async function deleteWarehouseVaults(db: Db, companyId: number, warehouseId: number) {
  await db.execute(sql`
    DELETE FROM vaults v USING fields f
    WHERE f.id = v.field_id AND v.company_id = ${companyId} AND f.warehouse_id = ${warehouseId}`);
}

export async function deleteWarehouseRow(db: Db, companyId: number, id: number) {
  const deleted = await db
    .delete(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, id)))
    .returning({ id: warehouses.id });
  return deleted.length > 0;
}

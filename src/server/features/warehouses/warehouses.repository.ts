import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jsonColumns, parseJsonColumns } from '../../db/json-rows';
import {
  parseVaultRowColumns,
  selectVaultRowColumns,
  TAG_COLUMNS,
  type TagRow,
} from '../../db/vault-rows';
import type { FieldRow } from '../fields/fields.repository';
import type { VaultRow } from '../vaults/vaults.repository';
import { fields, warehouses, warehouseVersions } from '../../db/schema/warehouses';
import { vaultAttachments, vaults, vaultTags } from '../../db/schema/vaults';
import { checklistImages, checklists } from '../../db/schema/checklists';
import { isEmptyCustomerSql } from '../../../domain/empty-vault-sql';

export type WarehouseRow = typeof warehouses.$inferSelect;

/** Which of the company's warehouses to read: all, one by id or by slug, or these ids. */
type WarehouseChoice = { id: number } | { slug: string } | { ids: number[] } | undefined;

function chosen(companyId: number, only: WarehouseChoice): SQL | undefined {
  const company = eq(warehouses.companyId, companyId);
  if (only === undefined) return company;
  if ('ids' in only) return and(company, inArray(warehouses.id, only.ids));
  return and(company, 'id' in only ? eq(warehouses.id, only.id) : eq(warehouses.slug, only.slug));
}

/** The company's warehouses (or the one chosen), by name. */
export async function listWarehouses(db: Db, companyId: number, only?: WarehouseChoice) {
  return db.select().from(warehouses).where(chosen(companyId, only)).orderBy(asc(warehouses.name));
}

/** The version of each chosen warehouse, which every write to what its answer shows bumps. */
export async function listWarehouseVersions(
  db: Db,
  companyId: number,
  only?: WarehouseChoice,
): Promise<{ id: number; version: number }[]> {
  return db
    .select({ id: warehouses.id, version: warehouseVersions.version })
    .from(warehouses)
    .innerJoin(warehouseVersions, eq(warehouseVersions.warehouseId, warehouses.id))
    .where(chosen(companyId, only))
    .orderBy(asc(warehouses.name));
}

/** The fields of these warehouses, by id: read as columns and ordered here (`jsonColumns`). */
export async function listWarehouseFields(
  db: Db,
  companyId: number,
  warehouseIds: number[],
): Promise<FieldRow[]> {
  if (warehouseIds.length === 0) return [];
  const columns = getTableColumns(fields);
  const result = await db
    .select({ rows: jsonColumns(columns) })
    .from(fields)
    .where(and(eq(fields.companyId, companyId), inArray(fields.warehouseId, warehouseIds)));
  return parseJsonColumns<FieldRow>(result, columns).sort((a, b) => a.id - b.id);
}

/**
 * The field ids of these warehouses as an array, so the plan reads the vaults by their field
 * index rather than scanning the company's vaults for a few warehouses' share.
 */
function fieldIdsOf(companyId: number, warehouseIds: number[]): SQL {
  return sql`ARRAY(SELECT wf.id FROM fields wf WHERE wf.company_id = ${companyId}
    AND wf.warehouse_id IN (${sql.join(
      warehouseIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

/**
 * The vaults placed in these warehouses, as every vault answer reads them, by position: read
 * as columns and ordered here (`jsonColumns`).
 */
export async function listWarehouseVaults(
  db: Db,
  companyId: number,
  warehouseIds: number[],
): Promise<VaultRow[]> {
  if (warehouseIds.length === 0) return [];
  const result = await selectVaultRowColumns(db).where(
    and(
      eq(vaults.companyId, companyId),
      sql`${vaults.fieldId} = ANY (${fieldIdsOf(companyId, warehouseIds)})`,
    ),
  );
  return parseVaultRowColumns<VaultRow>(result).sort(
    (a, b) => (a.position ?? 0) - (b.position ?? 0),
  );
}

/** The attachments of the vaults placed in these warehouses. */
export async function listWarehouseAttachments(db: Db, companyId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return [];
  return db
    .select({
      id: vaultAttachments.id,
      vaultId: vaultAttachments.vaultId,
      fileName: vaultAttachments.fileName,
      sizeBytes: vaultAttachments.sizeBytes,
      contentType: vaultAttachments.contentType,
    })
    .from(vaultAttachments)
    .innerJoin(vaults, eq(vaults.id, vaultAttachments.vaultId))
    .innerJoin(fields, eq(fields.id, vaults.fieldId))
    .where(
      and(eq(vaultAttachments.companyId, companyId), inArray(fields.warehouseId, warehouseIds)),
    )
    .orderBy(asc(vaultAttachments.createdAt));
}

/**
 * The tag ranges of the vaults placed in these warehouses, in the order they were written:
 * read as columns and ordered here (`jsonColumns`), as the vaults are.
 */
export async function listWarehouseTags(
  db: Db,
  companyId: number,
  warehouseIds: number[],
): Promise<TagRow[]> {
  if (warehouseIds.length === 0) return [];
  const columns = { id: vaultTags.id, ...TAG_COLUMNS };
  const result = await db
    .select({ rows: jsonColumns(columns) })
    .from(vaultTags)
    .innerJoin(vaults, eq(vaults.id, vaultTags.vaultId))
    .where(
      and(
        eq(vaultTags.companyId, companyId),
        eq(vaults.companyId, companyId),
        sql`${vaults.fieldId} = ANY (${fieldIdsOf(companyId, warehouseIds)})`,
      ),
    );
  return parseJsonColumns<TagRow & { id: number }>(result, columns).sort((a, b) => a.id - b.id);
}

export interface WarehouseCounts {
  warehouseId: number;
  vaultCount: number;
  nonEmptyVaultCount: number;
  /** The halves of couchbox pairs, for the capacity; every other field is a vault field. */
  couchboxTops: number;
  couchboxBottoms: number;
}

/** Dashboard figures of the company's warehouses, counted by the database. */
export async function listWarehouseCounts(db: Db, companyId: number): Promise<WarehouseCounts[]> {
  return queryRows<WarehouseCounts>(
    db,
    sql`SELECT w.id AS "warehouseId",
               count(v.id)::int AS "vaultCount",
               (count(v.id) FILTER (WHERE NOT ${isEmptyCustomerSql(sql`c.name`)}))::int
                 AS "nonEmptyVaultCount",
               (count(DISTINCT f.id) FILTER (WHERE f.type = 'couchbox-T'))::int AS "couchboxTops",
               (count(DISTINCT f.id) FILTER (WHERE f.type = 'couchbox-B'))::int AS "couchboxBottoms"
        FROM warehouses w
        LEFT JOIN fields f ON f.warehouse_id = w.id
        LEFT JOIN vaults v ON v.field_id = f.id AND v.company_id = ${companyId}
        LEFT JOIN customers c ON c.id = v.customer_id
        WHERE w.company_id = ${companyId}
        GROUP BY w.id`,
  );
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

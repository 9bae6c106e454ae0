import { and, asc, eq, sql } from 'drizzle-orm';
import { warehouseVersionsOf } from '../../db/warehouse-versions';
import { queryRows, type Db } from '../../db/client';
import { fields, warehouses } from '../../db/schema/warehouses';
import { vaultAttachments, vaults } from '../../db/schema/vaults';
import { checklistImages, checklists } from '../../db/schema/checklists';
import { isEmptyCustomerSql } from '../../../domain/empty-vault-sql';

/**
 * The company's warehouse versions (by name), or those of one warehouse; from memory on the
 * embedded engine, which tells this process of every change (decision 0056).
 */
export async function listWarehouseVersions(
  db: Db,
  companyId: number,
  only?: { id: number } | { slug: string },
): Promise<{ id: number; version: number }[]> {
  const all = await warehouseVersionsOf(db, companyId);
  const wanted =
    only === undefined
      ? all
      : all.filter((w) => ('id' in only ? w.id === only.id : w.slug === only.slug));
  return wanted.map((w) => ({ id: w.id, version: w.version }));
}

export async function listWarehouses(db: Db, companyId: number) {
  return db
    .select()
    .from(warehouses)
    .where(eq(warehouses.companyId, companyId))
    .orderBy(asc(warehouses.name));
}

export interface WarehouseCounts {
  warehouseId: number;
  version: number;
  vaultCount: number;
  nonEmptyVaultCount: number;
  /** The halves of couchbox pairs, for the capacity; every other field is a vault field. */
  couchboxTops: number;
  couchboxBottoms: number;
}

/**
 * Dashboard figures counted by the database (no vault leaves it to be counted), for the
 * warehouses given, with the version they were counted at (decision 0025).
 */
export async function listWarehouseCounts(
  db: Db,
  companyId: number,
  warehouseIds: number[],
): Promise<WarehouseCounts[]> {
  if (warehouseIds.length === 0) return [];
  const ids = sql`ARRAY[${sql.join(
    warehouseIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  return queryRows<WarehouseCounts>(
    db,
    sql`SELECT wv.warehouse_id AS "warehouseId", wv.version,
               count(v.id)::int AS "vaultCount",
               (count(v.id) FILTER (WHERE NOT ${isEmptyCustomerSql(sql`c.name`)}))::int
                 AS "nonEmptyVaultCount",
               (count(DISTINCT f.id) FILTER (WHERE f.type = 'couchbox-T'))::int AS "couchboxTops",
               (count(DISTINCT f.id) FILTER (WHERE f.type = 'couchbox-B'))::int AS "couchboxBottoms"
        FROM warehouse_versions wv
        LEFT JOIN fields f ON f.warehouse_id = wv.warehouse_id
        LEFT JOIN vaults v ON v.field_id = f.id AND v.company_id = ${companyId}
        LEFT JOIN customers c ON c.id = v.customer_id
        WHERE wv.company_id = ${companyId} AND wv.warehouse_id = ANY (${ids})
        GROUP BY wv.warehouse_id, wv.version`,
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

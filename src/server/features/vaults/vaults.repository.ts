import type { VaultType } from '../../../contracts/vaults';
import { and, asc, gt, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectVaultRows } from '../../db/vault-rows';
import { fields, warehouses } from '../../db/schema/warehouses';
import { vaultAttachments, vaultEvents, vaults } from '../../db/schema/vaults';

export type FieldRow = typeof fields.$inferSelect;
export type AttachmentRow = typeof vaultAttachments.$inferSelect;

export type VaultRow = NonNullable<Awaited<ReturnType<typeof findVault>>>;

export async function findVault(db: Db, companyId: number, id: number) {
  const rows = await selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findVaultByName(db: Db, companyId: number, name: string) {
  const rows = await selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.name, name)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listFieldVaults(db: Db, companyId: number, fieldId: number) {
  return selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.fieldId, fieldId)))
    .orderBy(asc(vaults.position));
}

export async function listStagedVaults(db: Db, companyId: number) {
  return selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId), isNull(vaults.fieldId)))
    .orderBy(asc(vaults.createdAt));
}

export async function listAttachments(db: Db, companyId: number, vaultIds: number[]) {
  if (vaultIds.length === 0) return [];
  return db
    .select()
    .from(vaultAttachments)
    .where(
      and(eq(vaultAttachments.companyId, companyId), inArray(vaultAttachments.vaultId, vaultIds)),
    )
    .orderBy(asc(vaultAttachments.createdAt));
}

export async function findAttachment(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(vaultAttachments)
    .where(and(eq(vaultAttachments.companyId, companyId), eq(vaultAttachments.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertAttachment(
  db: Db,
  params: {
    companyId: number;
    vaultId: number;
    fileName: string;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
  },
) {
  const [row] = await db.insert(vaultAttachments).values(params).returning();
  if (!row) throw new Error('Attachment insert returned nothing');
  return row;
}

/** Removes the vault's attachment rows and returns their storage keys, for deletion after commit. */
export async function deleteAttachmentsOf(
  db: Db,
  companyId: number,
  vaultId: number,
): Promise<string[]> {
  const rows = await db
    .delete(vaultAttachments)
    .where(and(eq(vaultAttachments.companyId, companyId), eq(vaultAttachments.vaultId, vaultId)))
    .returning({ key: vaultAttachments.storageKey });
  return rows.map((r) => r.key);
}

/**
 * The field with its warehouse's capacity, locked for the rest of the transaction, so two
 * placements into one field take turns.
 */
export async function lockField(db: Db, companyId: number, fieldId: number) {
  const rows = await db
    .select({
      id: fields.id,
      name: fields.name,
      type: fields.type,
      full: fields.full,
      warehouseId: fields.warehouseId,
      warehouseName: warehouses.name,
      warehouseSlug: warehouses.slug,
      fieldCapacity: warehouses.fieldCapacity,
    })
    .from(fields)
    .innerJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .where(and(eq(fields.companyId, companyId), eq(fields.id, fieldId)))
    .for('update', { of: fields })
    .limit(1);
  return rows[0] ?? null;
}

export async function takenPositions(
  db: Db,
  companyId: number,
  fieldId: number,
): Promise<number[]> {
  const rows = await db
    .select({ position: vaults.position })
    .from(vaults)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.fieldId, fieldId)));
  return rows.flatMap((r) => (r.position === null ? [] : [r.position]));
}

export async function insertVault(
  db: Db,
  params: {
    companyId: number;
    name: string | null;
    customerId: number | null;
    orderId: number | null;
    type: VaultType;
    note: string;
    fieldId: number;
    position: number;
  },
) {
  const [row] = await db.insert(vaults).values(params).returning({ id: vaults.id });
  if (!row) throw new Error('Vault insert returned nothing');
  return row.id;
}

export async function updateVaultRow(
  db: Db,
  companyId: number,
  id: number,
  set: Partial<{
    name: string | null;
    customerId: number | null;
    orderId: number | null;
    type: VaultType;
    note: string;
    fieldId: number | null;
    position: number | null;
    oldFieldId: number | null;
  }>,
) {
  await db
    .update(vaults)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)));
}

export async function deleteVaultRow(db: Db, companyId: number, id: number) {
  await db.delete(vaults).where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)));
}

export async function insertEvent(
  db: Db,
  params: {
    companyId: number;
    vaultId: number;
    vaultName: string | null;
    kind: string;
    actorUserId: number;
    actorEmail: string;
    details: Record<string, unknown>;
  },
) {
  await db.insert(vaultEvents).values(params);
}

export async function listEvents(db: Db, companyId: number, vaultId: number) {
  return db
    .select()
    .from(vaultEvents)
    .where(and(eq(vaultEvents.companyId, companyId), eq(vaultEvents.vaultId, vaultId)))
    .orderBy(desc(vaultEvents.at), desc(vaultEvents.id));
}

/**
 * Locks the vaults standing above `position` in a field, bottom first. Taken before the field
 * row, as every vault is (decision 0014), so a delete that lowers them cannot wait on the
 * field while a move of the topmost one holds its vault and waits on the field in turn.
 */
export async function lockVaultsAbove(
  db: Db,
  companyId: number,
  fieldId: number,
  position: number,
): Promise<void> {
  await db
    .select({ id: vaults.id })
    .from(vaults)
    .where(
      and(
        eq(vaults.companyId, companyId),
        eq(vaults.fieldId, fieldId),
        gt(vaults.position, position),
      ),
    )
    .orderBy(asc(vaults.position))
    .for('update');
}

/** Locks the vault row, so two calls moving or editing one vault take turns. */
export async function lockVault(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: vaults.id })
    .from(vaults)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)))
    .for('update')
    .limit(1);
  return rows.length > 0;
}

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, warehouses } from '../../db/schema/warehouses';
import { customers, orders, vaultAttachments, vaultEvents, vaults } from '../../db/schema/vaults';

export type FieldRow = typeof fields.$inferSelect;
export type AttachmentRow = typeof vaultAttachments.$inferSelect;

/** A vault with its customer, order, field and warehouse names: what every vault answer shows. */
const vaultColumns = {
  id: vaults.id,
  name: vaults.name,
  type: vaults.type,
  position: vaults.position,
  note: vaults.note,
  fieldId: vaults.fieldId,
  oldFieldId: vaults.oldFieldId,
  customerId: vaults.customerId,
  customerName: customers.name,
  orderId: vaults.orderId,
  orderName: orders.name,
  fieldName: fields.name,
  warehouseId: warehouses.id,
  warehouseName: warehouses.name,
  warehouseSlug: warehouses.slug,
};

function selectVaults(db: Db) {
  return db
    .select(vaultColumns)
    .from(vaults)
    .leftJoin(fields, eq(fields.id, vaults.fieldId))
    .leftJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .leftJoin(customers, eq(customers.id, vaults.customerId))
    .leftJoin(orders, eq(orders.id, vaults.orderId));
}

export type VaultRow = NonNullable<Awaited<ReturnType<typeof findVault>>>;

export async function findVault(db: Db, companyId: number, id: number) {
  const rows = await selectVaults(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findVaultByName(db: Db, companyId: number, name: string) {
  const rows = await selectVaults(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.name, name)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listFieldVaults(db: Db, companyId: number, fieldId: number) {
  return selectVaults(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.fieldId, fieldId)))
    .orderBy(asc(vaults.position));
}

export async function listStagedVaults(db: Db, companyId: number) {
  return selectVaults(db)
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

/** Finds or creates the company's customer (or order) by its upper-cased name. */
async function upsertName(
  db: Db,
  table: typeof customers | typeof orders,
  companyId: number,
  name: string,
) {
  const [row] = await db
    .insert(table)
    .values({ companyId, name })
    .onConflictDoUpdate({
      target: [table.companyId, table.name],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: table.id });
  if (!row) throw new Error('Name upsert returned nothing');
  return row.id;
}

export const upsertCustomer = (db: Db, companyId: number, name: string) =>
  upsertName(db, customers, companyId, name);
export const upsertOrder = (db: Db, companyId: number, name: string) =>
  upsertName(db, orders, companyId, name);

export async function insertVault(
  db: Db,
  params: {
    companyId: number;
    name: string | null;
    customerId: number | null;
    orderId: number | null;
    type: 'vault' | 'liftvan' | 't2' | 'couchbox';
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
    type: 'vault' | 'liftvan' | 't2' | 'couchbox';
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

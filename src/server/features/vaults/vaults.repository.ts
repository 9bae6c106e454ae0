import type { TagRange } from '../../../domain/inventory-tags';
import { and, asc, gt, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { parseJsonRows } from '../../db/json-rows';
import {
  selectVaultRows,
  selectVaultRowsFrom,
  selectStagedVaultRowsJson,
  TAG_COLUMNS,
  vaultOwnColumns,
  type TagRow,
} from '../../db/vault-rows';
import { fields, warehouses } from '../../db/schema/warehouses';
import { vaultAttachments, vaultEvents, vaults, vaultTags } from '../../db/schema/vaults';

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

export async function listStagedVaults(db: Db, companyId: number): Promise<VaultRow[]> {
  const result = await selectStagedVaultRowsJson(db, sql`${vaults.createdAt}`).where(
    and(eq(vaults.companyId, companyId), isNull(vaults.fieldId), isNull(vaults.releasedOn)),
  );
  return parseJsonRows<VaultRow>(result);
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

/** The tag ranges of these vaults, in the order they were written. */
export async function listTags(db: Db, companyId: number, vaultIds: number[]): Promise<TagRow[]> {
  if (vaultIds.length === 0) return [];
  return db
    .select(TAG_COLUMNS)
    .from(vaultTags)
    .where(and(eq(vaultTags.companyId, companyId), inArray(vaultTags.vaultId, vaultIds)))
    .orderBy(asc(vaultTags.id));
}

/** The attachments and tags of these vaults: what their answers show beside the vault rows. */
export async function listVaultParts(db: Db, companyId: number, vaultIds: number[]) {
  return {
    attachments: await listAttachments(db, companyId, vaultIds),
    tags: await listTags(db, companyId, vaultIds),
  };
}

/** Adds tag ranges to a vault, in their order (`listTags` reads them back so). */
export async function insertVaultTags(
  db: Db,
  companyId: number,
  vaultId: number,
  ranges: readonly TagRange[],
): Promise<void> {
  if (ranges.length === 0) return;
  await db
    .insert(vaultTags)
    .values(
      ranges.map((r) => ({ companyId, vaultId, lot: r.lot, firstTag: r.first, lastTag: r.last })),
    );
}

/** Replaces the vault's tag ranges with `ranges`. */
export async function replaceVaultTags(
  db: Db,
  companyId: number,
  vaultId: number,
  ranges: readonly TagRange[],
): Promise<void> {
  await db
    .delete(vaultTags)
    .where(and(eq(vaultTags.companyId, companyId), eq(vaultTags.vaultId, vaultId)));
  await insertVaultTags(db, companyId, vaultId, ranges);
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

/** What a placement reads of the fields it locks, with their warehouse's capacity. */
const LOCKED_FIELD_COLUMNS = {
  id: fields.id,
  name: fields.name,
  type: fields.type,
  full: fields.full,
  warehouseId: fields.warehouseId,
  warehouseName: warehouses.name,
  warehouseSlug: warehouses.slug,
  fieldCapacity: warehouses.fieldCapacity,
};

/**
 * The field with its warehouse's capacity, locked for the rest of the transaction, so two
 * placements into one field take turns.
 */
export async function lockField(db: Db, companyId: number, fieldId: number) {
  const rows = await db
    .select(LOCKED_FIELD_COLUMNS)
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

/**
 * A new vault's id, taken before its insert so that the insert's statement can write its
 * history row too. A refused add leaves a gap, as a rollback does.
 */
export async function nextVaultId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('vaults', 'id')) AS id`,
  );
  if (!row) throw new Error('The vault id sequence returned nothing');
  return Number(row.id);
}

/** A vault's own columns as a write gives them, by the table's own types. */
type VaultColumnValues = Omit<
  typeof vaults.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

/** Changes a vault's own columns and logs it (`event`), in one statement (a data-modifying CTE). */
export async function updateVaultLogged(
  db: Db,
  companyId: number,
  id: number,
  set: Partial<VaultColumnValues>,
  event: EventValues,
) {
  await db
    .with(loggedEvent(db, event))
    .update(vaults)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)));
}

/** The values of a history row, as `insertEvent` takes them. */
export type EventValues = {
  companyId: number;
  vaultId: number;
  vaultName: string | null;
  kind: string;
  actorUserId: number;
  actorEmail: string;
  details: Record<string, unknown>;
};

/** A history row, as a CTE beside the write it logs. */
function loggedEvent(db: Db, event: EventValues) {
  return db
    .$with('logged')
    .as(db.insert(vaultEvents).values(event).returning({ id: vaultEvents.id }));
}

/**
 * Puts a vault at a place (a field and position, or the stage: both null) and logs it
 * (`event`); answers the vault as it now stands. The update, its history row and the read
 * are one statement (data-modifying CTEs); the read joins the updated row (`RETURNING`), as
 * a read of `vaults` in the same statement would still see the row as it was.
 */
export async function placeVaultLogged(
  db: Db,
  companyId: number,
  id: number,
  place: { fieldId: number | null; position: number | null; oldFieldId: number | null },
  event: EventValues,
  release?: { on: string; by: string },
): Promise<VaultRow | null> {
  const released = release && { releasedOn: release.on, releasedBy: release.by };
  const placed = db.$with('written').as(
    db
      .update(vaults)
      .set({ ...place, ...released, updatedAt: sql`now()` })
      .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)))
      .returning(vaultOwnColumns),
  );
  const rows = await selectVaultRowsFrom(db, placed, loggedEvent(db, event));
  return rows[0] ?? null;
}

/** A new vault, its history row and the vault as the answer reads it, in one statement. */
export async function insertVaultLogged(
  db: Db,
  params: VaultColumnValues & {
    id: number;
    companyId: number;
    /** Absent: the database's today. */
    dateIn?: string;
    fieldId: number;
    position: number;
  },
  event: EventValues,
): Promise<VaultRow | null> {
  const added = db
    .$with('written')
    .as(db.insert(vaults).overridingSystemValue().values(params).returning(vaultOwnColumns));
  const rows = await selectVaultRowsFrom(db, added, loggedEvent(db, event));
  return rows[0] ?? null;
}

export async function deleteVaultRow(db: Db, companyId: number, id: number) {
  await db.delete(vaults).where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)));
}

export async function insertEvent(db: Db, params: EventValues) {
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

/**
 * Locks the vault row and reads it with its names, in one statement. On PostgreSQL a lock
 * that waited for another writer re-reads only the vault row (its newest version); the
 * joined rows stay those the statement first saw, and a join that no longer matches comes
 * back empty (null names for a set id). `hasStaleJoin` tells such a row, which the caller
 * reads again from the start.
 */
export async function lockAndFindVault(db: Db, companyId: number, id: number) {
  const rows = await selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)))
    .for('update', { of: vaults })
    .limit(1);
  return rows[0] ?? null;
}

/** A row of `lockAndFindVault` whose joins missed a row its ids name (see there). */
export function hasStaleJoin(v: VaultRow): boolean {
  return (
    (v.fieldId !== null && v.warehouseId === null) ||
    (v.customerId !== null && v.customerName === null) ||
    (v.orderId !== null && v.orderName === null)
  );
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

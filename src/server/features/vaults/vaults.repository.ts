import type { VaultType } from '../../../contracts/vaults';
import { and, asc, gt, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { keptStatement } from '../../db/kept-statements';
import { fieldOfVault, PLACEMENT_WAREHOUSES } from '../../db/warehouse-locks';
import { parseJsonRows } from '../../db/json-rows';
import {
  selectVaultRows,
  selectVaultRowsFrom,
  selectVaultRowsJson,
  vaultOwnColumns,
} from '../../db/vault-rows';
import { fields, warehouses } from '../../db/schema/warehouses';
import { vaultAttachments, vaultEvents, vaults } from '../../db/schema/vaults';

export type FieldRow = typeof fields.$inferSelect;
export type AttachmentRow = typeof vaultAttachments.$inferSelect;

export type VaultRow = NonNullable<Awaited<ReturnType<typeof findVault>>>;

// The statements of the floor writes (add, stage, move) and their answers are kept: their
// SQL text is built once (decision 0071).
const companyId$ = sql.placeholder('companyId');

const vaultById = keptStatement('vg_vault_by_id', (db) =>
  selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId$), eq(vaults.id, sql.placeholder('id'))))
    .limit(1),
);

export async function findVault(db: Db, companyId: number, id: number) {
  const rows = await vaultById(db, { companyId, id });
  return rows[0] ?? null;
}

const vaultByName = keptStatement('vg_vault_by_name', (db) =>
  selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId$), eq(vaults.name, sql.placeholder('name'))))
    .limit(1),
);

export async function findVaultByName(db: Db, companyId: number, name: string) {
  const rows = await vaultByName(db, { companyId, name });
  return rows[0] ?? null;
}

export async function listFieldVaults(db: Db, companyId: number, fieldId: number) {
  return selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.fieldId, fieldId)))
    .orderBy(asc(vaults.position));
}

export async function listStagedVaults(db: Db, companyId: number): Promise<VaultRow[]> {
  const result = await selectVaultRowsJson(db, sql`${vaults.createdAt}`).where(
    and(eq(vaults.companyId, companyId), isNull(vaults.fieldId)),
  );
  return parseJsonRows<VaultRow>(result);
}

const attachmentsOfOne = keptStatement('vg_attachments_of_vault', (db) =>
  db
    .select()
    .from(vaultAttachments)
    .where(
      and(
        eq(vaultAttachments.companyId, companyId$),
        eq(vaultAttachments.vaultId, sql.placeholder('vaultId')),
      ),
    )
    .orderBy(asc(vaultAttachments.createdAt)),
);

export async function listAttachments(db: Db, companyId: number, vaultIds: number[]) {
  if (vaultIds.length === 0) return [];
  const [only] = vaultIds;
  if (vaultIds.length === 1 && only !== undefined)
    return attachmentsOfOne(db, { companyId, vaultId: only });
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
const lockedField = keptStatement('vg_lock_field', (db) =>
  db
    .select(LOCKED_FIELD_COLUMNS)
    .from(fields)
    .innerJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .where(and(eq(fields.companyId, companyId$), eq(fields.id, sql.placeholder('fieldId'))))
    .for('update', { of: fields })
    .limit(1),
);

export async function lockField(db: Db, companyId: number, fieldId: number) {
  const rows = await lockedField(db, { companyId, fieldId });
  return rows[0] ?? null;
}

/** The vault's field (read after the vault's lock) and the target field, as `sql`. */
const vaultAndTargetFields = () =>
  sql`ARRAY[${sql.placeholder('targetFieldId')}::bigint, ${fieldOfVault(companyId$, sql.placeholder('vaultId'))}]`;

const lockedFieldsOfVault = keptStatement('vg_lock_fields_of_vault', (db) =>
  db
    .select(LOCKED_FIELD_COLUMNS)
    .from(fields)
    .innerJoin(warehouses, eq(warehouses.id, fields.warehouseId))
    .where(
      and(
        eq(fields.companyId, companyId$),
        sql`${fields.id} = ANY (${vaultAndTargetFields()})`,
        // Only fields of the warehouses this transaction holds (lockWarehousesOfVault): a
        // vault moved meanwhile into another warehouse is started over, its field untouched.
        sql`${fields.warehouseId} = ANY (string_to_array(current_setting(${PLACEMENT_WAREHOUSES}), ',')::bigint[])`,
      ),
    )
    .orderBy(asc(fields.id))
    .for('update', { of: fields }),
);

const positionsInFieldsOfVault = keptStatement('vg_taken_positions_of_vault', (db) =>
  db
    .select({ fieldId: vaults.fieldId, position: vaults.position })
    .from(vaults)
    .where(
      and(
        eq(vaults.companyId, companyId$),
        sql`${vaults.fieldId} = ANY (${vaultAndTargetFields()})`,
      ),
    ),
);

/**
 * The field a vault stands in and the target field, locked in id order after the vault's own
 * lock (decision 0014), each with the positions taken in it: two statements that go out in
 * the caller's group (`together`) without knowing the vault's field in advance.
 */
export function lockFieldsOfVault(
  companyId: number,
  vaultId: number,
  targetFieldId: number | null,
) {
  const values = { companyId, vaultId, targetFieldId };
  return [
    (db: Db) => lockedFieldsOfVault(db, values),
    (db: Db) => positionsInFieldsOfVault(db, values),
  ] as const;
}

const positionsIn = keptStatement('vg_taken_positions', (db) =>
  db
    .select({ position: vaults.position })
    .from(vaults)
    .where(and(eq(vaults.companyId, companyId$), eq(vaults.fieldId, sql.placeholder('fieldId')))),
);

export async function takenPositions(
  db: Db,
  companyId: number,
  fieldId: number,
): Promise<number[]> {
  const rows = await positionsIn(db, { companyId, fieldId });
  return rows.flatMap((r) => (r.position === null ? [] : [r.position]));
}

/**
 * A new vault's id, taken before its insert so that the insert, its history and its answer
 * can travel in one group (decision 0071). A refused add leaves a gap, as a rollback does.
 */
export async function nextVaultId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('vaults', 'id')) AS id`,
  );
  if (!row) throw new Error('The vault id sequence returned nothing');
  return Number(row.id);
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

/** A history row whose values are the statement's placeholders, for a CTE beside its write. */
function loggedEvent(db: Db) {
  return db.$with('logged').as(
    db
      .insert(vaultEvents)
      .values({
        companyId: companyId$,
        vaultId: sql.placeholder('eventVaultId'),
        vaultName: sql.placeholder('eventVaultName'),
        kind: sql.placeholder('eventKind'),
        actorUserId: sql.placeholder('eventActorUserId'),
        actorEmail: sql.placeholder('eventActorEmail'),
        details: sql.placeholder('eventDetails'),
      })
      .returning({ id: vaultEvents.id }),
  );
}

function eventPlaceholders(event: EventValues) {
  return {
    eventVaultId: event.vaultId,
    eventVaultName: event.vaultName,
    eventKind: event.kind,
    eventActorUserId: event.actorUserId,
    eventActorEmail: event.actorEmail,
    eventDetails: event.details,
  };
}

/**
 * The place update, its history row and the vault as the answer reads it, as one statement
 * (data-modifying CTEs): each statement costs the embedded engine a fixed share of a write,
 * whatever it does (decision 0108). The read joins the updated row (`RETURNING`): a read of
 * `vaults` in the same statement would still see the row as it was. The vaults trigger runs
 * once, at the statement's end, as it did after the update alone.
 */
const placedLoggedVault = keptStatement('vg_place_vault_logged', (db) => {
  const placed = db.$with('written').as(
    db
      .update(vaults)
      .set({
        // Drizzle's types take a placeholder in an update only wrapped in `sql`.
        fieldId: sql`${sql.placeholder('fieldId')}`,
        position: sql`${sql.placeholder('position')}`,
        oldFieldId: sql`${sql.placeholder('oldFieldId')}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(vaults.companyId, companyId$), eq(vaults.id, sql.placeholder('id'))))
      .returning(vaultOwnColumns),
  );
  return selectVaultRowsFrom(db, placed, loggedEvent(db));
});

/**
 * Puts a vault at a place (a field and position, or the stage: both null) and logs it
 * (`event`); answers the vault as it now stands.
 */
export async function placeVaultLogged(
  db: Db,
  companyId: number,
  id: number,
  place: { fieldId: number | null; position: number | null; oldFieldId: number | null },
  event: EventValues,
): Promise<VaultRow | null> {
  const rows = await placedLoggedVault(db, {
    companyId,
    id,
    ...place,
    ...eventPlaceholders(event),
  });
  return rows[0] ?? null;
}

const addedLoggedVault = keptStatement('vg_insert_vault_logged', (db) => {
  const added = db.$with('written').as(
    db
      .insert(vaults)
      .overridingSystemValue()
      .values({
        id: sql.placeholder('id'),
        companyId: companyId$,
        name: sql.placeholder('name'),
        customerId: sql.placeholder('customerId'),
        orderId: sql.placeholder('orderId'),
        type: sql.placeholder('type'),
        note: sql.placeholder('note'),
        fieldId: sql.placeholder('fieldId'),
        position: sql.placeholder('position'),
      })
      .returning(vaultOwnColumns),
  );
  return selectVaultRowsFrom(db, added, loggedEvent(db));
});

/** A new vault, its history row and the vault as the answer reads it, in one statement. */
export async function insertVaultLogged(
  db: Db,
  params: {
    id: number;
    companyId: number;
    name: string | null;
    customerId: number | null;
    orderId: number | null;
    type: VaultType;
    note: string;
    fieldId: number;
    position: number;
  },
  event: EventValues,
): Promise<VaultRow | null> {
  const rows = await addedLoggedVault(db, { ...params, ...eventPlaceholders(event) });
  return rows[0] ?? null;
}

export async function deleteVaultRow(db: Db, companyId: number, id: number) {
  await db.delete(vaults).where(and(eq(vaults.companyId, companyId), eq(vaults.id, id)));
}

const newEvent = keptStatement('vg_insert_vault_event', (db) =>
  db.insert(vaultEvents).values({
    companyId: companyId$,
    vaultId: sql.placeholder('vaultId'),
    vaultName: sql.placeholder('vaultName'),
    kind: sql.placeholder('kind'),
    actorUserId: sql.placeholder('actorUserId'),
    actorEmail: sql.placeholder('actorEmail'),
    details: sql.placeholder('details'),
  }),
);

export async function insertEvent(db: Db, params: EventValues) {
  await newEvent(db, params);
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

const lockedVaultRow = keptStatement('vg_lock_vault_row', (db) =>
  selectVaultRows(db)
    .where(and(eq(vaults.companyId, companyId$), eq(vaults.id, sql.placeholder('id'))))
    .for('update', { of: vaults })
    .limit(1),
);

/**
 * Locks the vault row and reads it with its names, in one statement. On PostgreSQL a lock
 * that waited for another writer re-reads only the vault row (its newest version); the
 * joined rows stay those the statement first saw, and a join that no longer matches comes
 * back empty (null names for a set id). `hasStaleJoin` tells such a row, which the caller
 * reads again from the start.
 */
export async function lockAndFindVault(db: Db, companyId: number, id: number) {
  const rows = await lockedVaultRow(db, { companyId, id });
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

const lockedVault = keptStatement('vg_lock_vault', (db) =>
  db
    .select({ id: vaults.id })
    .from(vaults)
    .where(and(eq(vaults.companyId, companyId$), eq(vaults.id, sql.placeholder('id'))))
    .for('update')
    .limit(1),
);

/** Locks the vault row, so two calls moving or editing one vault take turns. */
export async function lockVault(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await lockedVault(db, { companyId, id });
  return rows.length > 0;
}

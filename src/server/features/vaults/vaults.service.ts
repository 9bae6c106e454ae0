import type { SessionUser } from '../../../contracts/auth';
import type { Field } from '../../../contracts/fields';
import type {
  AddVaultForm,
  AddVaultResponse,
  MoveVaultBody,
  MoveVaultResponse,
  UpdateVaultBody,
  UploadAttachmentResponse,
  Vault,
  VaultType,
} from '../../../contracts/vaults';
import type {
  VaultEvent,
  VaultEventDetails,
  VaultEventKind,
  VaultEventReason,
} from '../../../contracts/vault-events';
import { vaultIdFromKey } from '../../../contracts/vaults';
import type { DeleteVaultResponse } from '../../../contracts/vault-deletion';
import { dateInProblem } from '../../../domain/date-in';
import { emptyUnitCustomerName, isEmptyVaultCustomer } from '../../../domain/empty-vault';
import { formatTagRanges } from '../../../domain/inventory-tags';
import { normaliseName } from '../../../domain/names';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage, UploadedFile } from '../../storage/storage';
import { getWarehouse } from '../warehouses/warehouses.service';
import { currentDay } from '../../db/current-day';
import {
  checkNotReleased,
  checkPlacement,
  checkTopmost,
  describePlace,
  lockFieldForAdd,
  placeOf,
  vaultLabel,
  withPlacedVault,
  type Place,
} from './placement';
import { upsertCustomer, upsertOrder } from '../../db/customer-names';
import * as repo from './vaults.repository';
import {
  formatTags,
  presentAttachment,
  presentEvent,
  presentField,
  presentVault,
} from './vaults.presenter';

type Actor = Pick<SessionUser, 'id' | 'email' | 'companyId'>;

/** A vault as its calls answer it. */
async function loadVault(db: Db, companyId: number, id: number): Promise<Vault> {
  const v = await repo.findVault(db, companyId, id);
  if (!v) throw notFound('Vault');
  return presentVault(v, await repo.listVaultParts(db, companyId, [id]));
}

/** A field with its vaults as the field calls answer it; the fields feature asks for it here. */
export async function loadField(db: Db, companyId: number, field: repo.FieldRow): Promise<Field> {
  const vaults = await repo.listFieldVaults(db, companyId, field.id);
  const parts = await repo.listVaultParts(
    db,
    companyId,
    vaults.map((v) => v.id),
  );
  return presentField(field, vaults, parts);
}

/** A history row to insert; `details` is checked against the kind's schema by the compiler. */
export function vaultEvent<K extends VaultEventKind>(
  actor: Actor,
  v: { id: number; name: string | null },
  kind: K,
  details: VaultEventDetails<K>,
) {
  return {
    companyId: actor.companyId,
    vaultId: v.id,
    vaultName: v.name,
    kind,
    actorUserId: actor.id,
    actorEmail: actor.email,
    details,
  };
}

/** 'Vault 12 already exists in Warehouse 1, field A3, position 2.' — where the tag already stands. */
async function nameTaken(db: Db, companyId: number, name: string): Promise<AppError> {
  const existing = await repo.findVaultByName(db, companyId, name);
  if (existing?.releasedOn) {
    return new AppError(
      'VAULT_NAME_TAKEN',
      `Vault ${name} was released on ${existing.releasedOn} and is still in the records: its number cannot be given to another vault.`,
    );
  }
  const where = existing ? describePlace(placeOf(existing)) : 'this company';
  return new AppError(
    'VAULT_NAME_TAKEN',
    `Vault ${name} already exists ${where === 'stage' ? 'in stage' : `in ${where}`}.`,
  );
}

/** Turns unique violations of a write into the refusals a caller reads. */
async function translateConflicts<T>(
  db: Db,
  companyId: number,
  name: string | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'vaults_field_position_key')) {
      throw new AppError(
        'VAULT_SLOT_TAKEN',
        'Another vault was just placed at that position. Refresh the field and try again.',
      );
    }
    if (name !== null && isUniqueViolation(error, 'vaults_company_name_key'))
      throw await nameTaken(db, companyId, name);
    throw error;
  }
}

interface VaultIdentity {
  customerName: string;
  orderName: string | null;
  isEmpty: boolean;
}

/** Regular vaults need a customer (and, when new, an order); empty ones are named 'EMPTY {KIND}'. */
function identify(
  type: VaultType,
  customer: string,
  order: string,
  requireOrder: boolean,
): VaultIdentity {
  const emptyName = emptyUnitCustomerName(customer, type);
  if (emptyName !== null) return { customerName: emptyName, orderName: null, isEmpty: true };
  const customerName = normaliseName(customer);
  if (!customerName) throw new AppError('VALIDATION_FAILED', 'Customer name is required.');
  const orderName = normaliseName(order);
  if (requireOrder && !orderName)
    throw new AppError('VALIDATION_FAILED', 'Order number is required.');
  return { customerName, orderName: orderName || null, isEmpty: false };
}

/** Refuses a date in after the database's today; no date in (the add's default) passes. */
async function checkDateIn(db: Db, dateIn: string | null | undefined): Promise<void> {
  if (dateIn === null || dateIn === undefined) return;
  const problem = dateInProblem(dateIn, await currentDay(db));
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
}

async function storeFile(storage: FileStorage, file: UploadedFile | null): Promise<string | null> {
  return file ? storage.put(file.data) : null;
}

export async function addVault(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  form: AddVaultForm,
  file: UploadedFile | null,
): Promise<AddVaultResponse> {
  const who = identify(form.type, form.customer_name, form.order_name, true);
  await checkDateIn(db, form.date_in);
  const key = await storeFile(storage, file);
  try {
    const vault = await translateConflicts(db, user.companyId, form.vault_id, () =>
      db.transaction(async (tx) => {
        // A refusal rolls the names back. A vault number already taken is refused by the
        // unique index on the insert, which `translateConflicts` words as a look beforehand
        // did (decision 0108).
        const state = await lockFieldForAdd(tx, user.companyId, form.field_id);
        const field = checkPlacement(state, { position: form.position, type: form.type });
        const customerId = await upsertCustomer(tx, user.companyId, who.customerName);
        const orderId = who.orderName ? await upsertOrder(tx, user.companyId, who.orderName) : null;
        const id = await repo.nextVaultId(tx);
        const to: Place = {
          warehouse: field.warehouseName,
          field: field.name,
          position: form.position,
        };
        // A vault made in this transaction has no other attachment than the one inserted
        // here: nothing is read back (decision 0116).
        const inserted = await repo.insertVaultLogged(
          tx,
          {
            id,
            companyId: user.companyId,
            name: form.vault_id,
            customerId,
            orderId,
            type: form.type,
            note: form.note,
            weight: form.weight,
            seal: form.seal,
            itemNotes: form.item_notes,
            expectedRelease: form.expected_release,
            ...(form.date_in !== null && { dateIn: form.date_in }),
            fieldId: field.id,
            position: form.position,
          },
          vaultEvent(user, { id, name: form.vault_id }, 'created', {
            to,
            customer_name: who.customerName,
            order_name: who.orderName,
            type: form.type,
          }),
        );
        if (!inserted) throw notFound('Vault');
        await repo.insertVaultTags(tx, user.companyId, id, form.tags);
        const attachment =
          file && key
            ? await repo.insertAttachment(tx, {
                companyId: user.companyId,
                vaultId: id,
                fileName: file.fileName,
                storageKey: key,
                contentType: file.contentType,
                sizeBytes: file.data.length,
              })
            : null;
        return presentVault(inserted, {
          attachments: attachment ? [attachment] : [],
          tags: form.tags.map((r) => ({
            vaultId: id,
            lot: r.lot,
            firstTag: r.first,
            lastTag: r.last,
          })),
        });
      }),
    );
    return { fieldId: form.field_id, vault };
  } catch (error) {
    // The new file belongs to nothing once the vault was refused.
    if (key) await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function getVaultByKey(
  db: Db,
  user: SessionUser,
  key: string,
): Promise<Vault & { warehouse_slug: string | null }> {
  // The edit route names a vault by its number; a vault without one is named by its id.
  let v = await repo.findVaultByName(db, user.companyId, key);
  const id = v ? null : vaultIdFromKey(key);
  if (id !== null) v = await repo.findVault(db, user.companyId, id);
  if (!v) throw notFound('Vault');
  const parts = await repo.listVaultParts(db, user.companyId, [v.id]);
  return { ...presentVault(v, parts), warehouse_slug: v.warehouseSlug };
}

export async function updateVault(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  body: UpdateVaultBody,
): Promise<Vault> {
  let removedKeys: string[] = [];
  await translateConflicts(db, user.companyId, body.name ?? null, () =>
    db.transaction(async (tx) => {
      if (!(await repo.lockVault(tx, user.companyId, id))) throw notFound('Vault');
      const v = await repo.findVault(tx, user.companyId, id);
      if (!v) throw notFound('Vault');
      const name = body.name === undefined ? v.name : body.name;
      const type = body.type ?? v.type;
      if (type === 'couchbox' && v.fieldId !== null) {
        const field = await repo.lockField(tx, user.companyId, v.fieldId);
        if (field && field.type !== 'couchbox-T') {
          throw new AppError(
            'VAULT_TYPE_NOT_ALLOWED',
            `A couchbox can only stand in a couchbox field; ${field.name} is not one.`,
          );
        }
      }
      await checkDateIn(tx, body.date_in);
      const who = identify(
        type,
        body.customer_name ?? v.customerName ?? '',
        body.order_name ?? v.orderName ?? '',
        false,
      );
      const wasEmpty = isEmptyVaultCustomer(v.customerName ?? '');
      // Turning a stored vault into an empty one: its order, note, files and contents no
      // longer apply.
      const becomesEmpty = who.isEmpty && !wasEmpty;
      const note = becomesEmpty ? '' : (body.note ?? v.note ?? '');
      const weight = body.weight === undefined ? v.weight : body.weight;
      const seal = becomesEmpty ? '' : (body.seal ?? v.seal);
      const itemNotes = becomesEmpty ? '' : (body.item_notes ?? v.itemNotes);
      const expectedRelease = becomesEmpty
        ? null
        : body.expected_release === undefined
          ? v.expectedRelease
          : body.expected_release;
      // An empty container came in on a day too: turning empty keeps it.
      const dateIn = body.date_in ?? v.dateIn;
      // Tags are read only when sent (an edit that leaves them out keeps them), and rewritten
      // only when they differ, as the form sends them with every save.
      const newTags = becomesEmpty ? [] : body.tags;
      const tagsBefore =
        newTags === undefined ? null : formatTags(await repo.listTags(tx, user.companyId, [v.id]));
      const tagsAfter = newTags === undefined ? null : formatTagRanges(newTags);
      if (newTags !== undefined && tagsAfter !== tagsBefore)
        await repo.replaceVaultTags(tx, user.companyId, v.id, newTags);
      if (becomesEmpty) removedKeys = await repo.deleteAttachmentsOf(tx, user.companyId, v.id);
      const customerId = await upsertCustomer(tx, user.companyId, who.customerName);
      const orderId = who.orderName ? await upsertOrder(tx, user.companyId, who.orderName) : null;
      const changes: Record<string, [unknown, unknown]> = {};
      const compare = (label: string, before: unknown, after: unknown) => {
        if (before !== after) changes[label] = [before, after];
      };
      compare('name', v.name, name);
      compare('customer_name', v.customerName, who.customerName);
      compare('order_name', v.orderName, who.orderName);
      compare('type', v.type, type);
      compare('note', v.note, note);
      compare('weight', v.weight, weight);
      compare('seal', v.seal, seal);
      compare('item_notes', v.itemNotes, itemNotes);
      compare('tags', tagsBefore, tagsAfter);
      compare('expected_release', v.expectedRelease, expectedRelease);
      compare('date_in', v.dateIn, dateIn);
      if (removedKeys.length > 0) changes.attachments = [removedKeys.length, 0];
      // A number another vault holds is refused by the unique index here, which
      // `translateConflicts` words as a look beforehand did (decision 0108).
      await repo.updateVaultLogged(
        tx,
        user.companyId,
        v.id,
        { name, customerId, orderId, type, note, weight, seal, itemNotes, expectedRelease, dateIn },
        vaultEvent(user, { id: v.id, name }, 'edited', { changes, at: placeOf(v) }),
      );
    }),
  );
  // Files go only after the commit: a rolled-back edit must not have lost them.
  await Promise.allSettled(removedKeys.map((key) => storage.delete(key)));
  return loadVault(db, user.companyId, id);
}

/**
 * A field's vaults always stand at positions 1..n: when a vault that is not the topmost goes,
 * each vault above it moves down one position, and its history says so (issue 11 §4).
 */
async function lowerVaultsAbove(tx: Db, user: SessionUser, deleted: repo.VaultRow) {
  if (deleted.fieldId === null || deleted.position === null) return;
  await repo.lockVaultsAbove(tx, user.companyId, deleted.fieldId, deleted.position);
  await repo.lockField(tx, user.companyId, deleted.fieldId);
  const above = (await repo.listFieldVaults(tx, user.companyId, deleted.fieldId)).filter(
    (a) => a.position !== null && deleted.position !== null && a.position > deleted.position,
  );
  // Bottom first, so that each one steps into the place just freed below it.
  for (const a of above) {
    const from = placeOf(a);
    if (!from) continue;
    const to: Place = { ...from, position: from.position - 1 };
    await repo.updateVaultLogged(
      tx,
      user.companyId,
      a.id,
      { position: to.position },
      vaultEvent(user, a, 'moved', { from, to, reason: 'vault below deleted' }),
    );
  }
}

export async function deleteVault(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
): Promise<DeleteVaultResponse> {
  const { keys, place } = await withPlacedVault(
    db,
    user.companyId,
    id,
    null,
    // The vaults above are locked before the field (lowerVaultsAbove), as every vault is.
    { lockFields: false },
    async (tx, v) => {
      const attachments = await repo.listAttachments(tx, user.companyId, [v.id]);
      await repo.insertEvent(
        tx,
        vaultEvent(user, v, 'deleted', {
          from: placeOf(v),
          customer_name: v.customerName,
          order_name: v.orderName,
          type: v.type,
        }),
      );
      await repo.deleteVaultRow(tx, user.companyId, v.id);
      await lowerVaultsAbove(tx, user, v);
      const place =
        v.fieldId !== null && v.warehouseId !== null
          ? { fieldId: v.fieldId, warehouseId: v.warehouseId }
          : null;
      return { keys: attachments.map((a) => a.storageKey), place };
    },
  );
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
  if (!place) return { vaultId: id, deleteFrom: 'stage' };
  const warehouse = await getWarehouse(db, user, place.warehouseId);
  const field = warehouse.fields[place.fieldId];
  if (!field) throw notFound('Field');
  return { vaultId: id, field, warehouse };
}

export async function moveVault(
  db: Db,
  user: SessionUser,
  body: MoveVaultBody,
  reason?: VaultEventReason,
): Promise<MoveVaultResponse> {
  const vault = await translateConflicts(db, user.companyId, null, () =>
    withPlacedVault(
      db,
      user.companyId,
      body.vaultId,
      body.fieldId,
      { lockFields: true },
      async (tx, v, fields) => {
        checkNotReleased(v);
        if (v.fieldId === body.fieldId) {
          throw new AppError(
            'VAULT_SLOT_TAKEN',
            `${vaultLabel(v)} is already in field ${v.fieldName ?? ''}.`,
          );
        }
        // Both fields were locked in id order; the refusals read as before: the source's
        // first when it comes first.
        const fromFirst = v.fieldId !== null && v.fieldId < body.fieldId;
        const source = v.fieldId === null ? undefined : fields.get(v.fieldId);
        if (fromFirst) checkTopmost(v, source);
        const field = checkPlacement(fields.get(body.fieldId), {
          position: body.position,
          type: v.type,
        });
        if (!fromFirst) checkTopmost(v, source);
        const to: Place = {
          warehouse: field.warehouseName,
          field: field.name,
          position: body.position,
        };
        // The update, its history and the answer's read in one statement (decision 0108).
        const placed = await repo.placeVaultLogged(
          tx,
          user.companyId,
          v.id,
          { fieldId: field.id, position: body.position, oldFieldId: v.fieldId ?? v.oldFieldId },
          vaultEvent(user, v, 'moved', { from: placeOf(v), to, ...(reason && { reason }) }),
        );
        if (!placed) throw notFound('Vault');
        return presentVault(placed, await repo.listVaultParts(tx, user.companyId, [v.id]));
      },
    ),
  );
  return { vaultId: vault.id, fieldId: body.fieldId, position: body.position, vault };
}

/**
 * Releases a vault: the goods went out to the customer. It leaves its field as staging takes
 * it (only the topmost, so a buried vault waits for the ones above to be moved) and stays in
 * the records with the day and who released it (decision 0492).
 */
export async function releaseVault(db: Db, user: SessionUser, id: number): Promise<Vault> {
  return withPlacedVault(
    db,
    user.companyId,
    id,
    null,
    { lockFields: true },
    async (tx, v, fields) => {
      checkNotReleased(v);
      if (v.fieldId !== null) checkTopmost(v, fields.get(v.fieldId));
      const on = await currentDay(tx);
      const released = await repo.placeVaultLogged(
        tx,
        user.companyId,
        v.id,
        { fieldId: null, position: null, oldFieldId: v.fieldId ?? v.oldFieldId },
        vaultEvent(user, v, 'released', { from: placeOf(v), on }),
        { on, by: user.email },
      );
      if (!released) throw notFound('Vault');
      return presentVault(released, await repo.listVaultParts(tx, user.companyId, [v.id]));
    },
  );
}

export async function uploadAttachment(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  vaultId: number,
  file: UploadedFile,
): Promise<UploadAttachmentResponse> {
  if (!(await repo.findVault(db, user.companyId, vaultId))) throw notFound('Vault');
  const key = await storage.put(file.data);
  try {
    const row = await db.transaction(async (tx) => {
      const v = await repo.findVault(tx, user.companyId, vaultId);
      if (!v) throw notFound('Vault');
      const inserted = await repo.insertAttachment(tx, {
        companyId: user.companyId,
        vaultId,
        fileName: file.fileName,
        storageKey: key,
        contentType: file.contentType,
        sizeBytes: file.data.length,
      });
      await repo.insertEvent(
        tx,
        vaultEvent(user, v, 'attached', { file_name: file.fileName, size_bytes: file.data.length }),
      );
      return inserted;
    });
    return { attachment: presentAttachment(row) };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function openAttachment(db: Db, storage: FileStorage, user: SessionUser, id: number) {
  const row = await repo.findAttachment(db, user.companyId, id);
  if (!row) throw notFound('Attachment');
  const stream = await storage.get(row.storageKey);
  if (!stream) throw notFound('Attachment');
  return { row, stream };
}

export async function vaultHistory(
  db: Db,
  user: SessionUser,
  vaultId: number,
): Promise<VaultEvent[]> {
  const rows = await repo.listEvents(db, user.companyId, vaultId);
  if (rows.length === 0 && !(await repo.findVault(db, user.companyId, vaultId)))
    throw notFound('Vault');
  return rows.map(presentEvent);
}

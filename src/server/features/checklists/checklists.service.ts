import crypto from 'node:crypto';
import type { SessionUser } from '../../../contracts/auth';
import {
  FILLER_KEYS,
  type Checklist,
  type ChecklistSettings,
  type CreateChecklistBody,
  type LinkedChecklist,
  type PublicChecklist,
  type TaskAnswerBody,
  type UpdateChecklistBody,
} from '../../../contracts/checklists';
import {
  ACTIVE_EXISTS_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  applyTaskAnswers,
  checkFillerDetails,
  checklistsToDelete,
  normaliseTaskTitles,
  pendingTask,
  type ChecklistTask,
  type RuleResult,
} from '../../../domain/checklist-rules';
import { slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import * as repo from './checklists.repository';
import {
  fillGrantOf,
  findFillableChecklist,
  type FillGrants,
  type FillerAccess,
} from './fill-grant';

// The live routes read the name page's grants without reaching into this feature's internals.
export { readFillGrants } from './fill-grant';
import {
  presentChecklist,
  presentLinkedChecklist,
  presentPublicChecklist,
} from './checklists.presenter';

const ONE_ACTIVE_INDEX = 'checklists_one_active_key';

function unwrap<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new AppError(result.code, result.message);
  return result.value;
}

/** Runs a write; the one-active index turns a race the service check lost into the same 409. */
async function withActiveCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, ONE_ACTIVE_INDEX))
      throw new AppError('CHECKLIST_ACTIVE_EXISTS', ACTIVE_EXISTS_MESSAGE);
    throw error;
  }
}

async function deleteFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

/** The secret of a printed link: 128 random bits, base64url. */
const newFillToken = () => crypto.randomBytes(16).toString('base64url');

async function loadChecklist(db: Db, user: SessionUser, id: number): Promise<Checklist> {
  const row = await repo.findChecklist(db, user.companyId, id);
  if (!row) throw notFound('Checklist');
  return presentChecklist(row, await repo.listImages(db, user.companyId, [row.id]));
}

async function loadPublic(db: Db, row: repo.ChecklistRow): Promise<PublicChecklist> {
  return presentPublicChecklist(row, await repo.listImages(db, row.companyId, [row.id]));
}

export async function listChecklists(db: Db, user: SessionUser): Promise<Checklist[]> {
  const rows = await repo.listChecklists(db, user.companyId);
  const images = await repo.listImages(
    db,
    user.companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentChecklist(r, images));
}

/**
 * Creates a checklist and applies the retention rule in the same transaction: more than five
 * in the company and the oldest inactive ones go. Their image files go after the commit.
 */
export async function createChecklist(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  body: CreateChecklistBody,
): Promise<Checklist> {
  const titles = unwrap(normaliseTaskTitles(body.tasks.map((t) => t.text)));
  const { id, removedFiles } = await withActiveCheck(() =>
    db.transaction(async (tx) => {
      await repo.lockCompany(tx, user.companyId);
      if (!(await repo.warehouseExists(tx, user.companyId, body.warehouse_id)))
        throw notFound('Warehouse');
      if (
        body.is_active &&
        (await repo.findActiveChecklistOfWarehouse(tx, user.companyId, body.warehouse_id))
      ) {
        throw new AppError('CHECKLIST_ACTIVE_EXISTS', ACTIVE_EXISTS_MESSAGE);
      }
      const newId = await repo.insertChecklist(tx, {
        companyId: user.companyId,
        warehouseId: body.warehouse_id,
        description: body.description,
        isActive: body.is_active,
        tasks: titles.map(pendingTask),
        fillToken: newFillToken(),
      });
      const stale = checklistsToDelete(await repo.listRetentionCandidates(tx, user.companyId));
      return { id: newId, removedFiles: await repo.deleteChecklists(tx, user.companyId, stale) };
    }),
  );
  await deleteFiles(storage, removedFiles);
  return loadChecklist(db, user, id);
}

const toAnswers = (tasks: readonly TaskAnswerBody[]) =>
  tasks.map((t) => ({
    text: t.text,
    completed: 'completed' in t ? t.completed : undefined,
    completed_by: 'completed_by' in t ? t.completed_by : undefined,
    reason: 'reason' in t ? t.reason : undefined,
  }));

function answerTasks(
  stored: readonly ChecklistTask[],
  tasks: readonly TaskAnswerBody[] | undefined,
  options: { fillerName: string; mayRestructure: boolean },
): ChecklistTask[] | undefined {
  if (!tasks) return undefined;
  return unwrap(applyTaskAnswers(stored, toAnswers(tasks), { ...options, now: new Date() }));
}

/**
 * Staff of the checklist's company may change anything; anyone else (no session, or another
 * company's) is a filler: only the task answers, their name and a note of an active checklist
 * they hold a fill grant for (opened by its warehouse name).
 */
export async function updateChecklist(
  db: Db,
  user: SessionUser | null,
  id: number,
  body: UpdateChecklistBody,
  grants: FillGrants,
): Promise<PublicChecklist> {
  const staffRow = user ? await repo.findChecklist(db, user.companyId, id) : null;
  if (user && staffRow) return updateAsStaff(db, user, id, body);
  return loadPublic(db, await fillChecklist(db, { id, grants }, body));
}

async function updateAsStaff(
  db: Db,
  user: SessionUser,
  id: number,
  body: UpdateChecklistBody,
): Promise<Checklist> {
  await withActiveCheck(() =>
    db.transaction(async (tx) => {
      const row = await repo.findChecklist(tx, user.companyId, id, { forUpdate: true });
      if (!row) throw notFound('Checklist');
      const warehouseId = body.warehouse_id ?? row.warehouseId;
      if (
        body.warehouse_id &&
        !(await repo.warehouseExists(tx, user.companyId, body.warehouse_id))
      ) {
        throw notFound('Warehouse');
      }
      const isActive = body.is_active ?? row.isActive;
      if (isActive && (warehouseId !== row.warehouseId || !row.isActive)) {
        const active = await repo.findActiveChecklistOfWarehouse(tx, user.companyId, warehouseId);
        if (active && active.id !== id)
          throw new AppError('CHECKLIST_ACTIVE_EXISTS', ACTIVE_EXISTS_MESSAGE);
      }
      await repo.updateChecklist(tx, user.companyId, id, {
        warehouseId: body.warehouse_id,
        isActive: body.is_active,
        description: body.description,
        filledOutBy: body.filled_out_by,
        note: body.note,
        tasks: answerTasks(row.tasks, body.tasks, {
          fillerName: body.filled_out_by ?? row.filledOutBy,
          mayRestructure: true,
        }),
      });
    }),
  );
  return loadChecklist(db, user, id);
}

/**
 * A filler answers pending tasks and gives a name and a note; once every task is answered
 * the name and note stay as they are (`checkFillerDetails`).
 */
async function fillChecklist(
  db: Db,
  access: FillerAccess,
  body: UpdateChecklistBody,
): Promise<repo.ChecklistRow> {
  const extra = Object.keys(body).filter(
    (k) =>
      !(FILLER_KEYS as readonly string[]).includes(k) &&
      body[k as keyof UpdateChecklistBody] !== undefined,
  );
  if (extra.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Only task answers, your name and a note can be sent.');
  }
  const fillerName = body.filled_out_by ?? '';
  if (fillerName === '') throw new AppError('VALIDATION_FAILED', NAME_REQUIRED_MESSAGE);
  const updated = await db.transaction(async (tx) => {
    const row = await findFillableChecklist(tx, access, { forUpdate: true });
    if (!row) throw notFound('Checklist');
    unwrap(checkFillerDetails(row, { filledOutBy: fillerName, note: body.note }));
    const tasks = answerTasks(row.tasks, body.tasks, { fillerName, mayRestructure: false });
    await repo.updateChecklist(tx, row.companyId, row.id, {
      filledOutBy: fillerName,
      note: body.note,
      tasks,
    });
    return repo.findChecklist(tx, row.companyId, row.id);
  });
  if (!updated) throw notFound('Checklist');
  return updated;
}

async function loadLinked(db: Db, row: repo.ChecklistRow, token: string) {
  return presentLinkedChecklist(row, await repo.listImages(db, row.companyId, [row.id]), token);
}

export async function fillChecklistByToken(
  db: Db,
  token: string,
  body: UpdateChecklistBody,
): Promise<LinkedChecklist> {
  return loadLinked(db, await fillChecklist(db, { token }, body), token);
}

export async function getChecklistByToken(db: Db, token: string): Promise<LinkedChecklist> {
  const row = await repo.findActiveChecklistForFiller(db, { token });
  if (!row) throw notFound('Checklist');
  return loadLinked(db, row, token);
}

/** Which checklist's changes a stream may carry, and the company whose events to look in. */
export interface WatchedChecklist {
  id: number;
  companyId: number;
  warehouseId: number;
}

/**
 * The checklist the fill page of a printed link may watch live: the active one of its token.
 * Not found alike for any other token.
 */
export async function watchChecklistByToken(db: Db, token: string): Promise<WatchedChecklist> {
  const row = await repo.findActiveChecklistForFiller(db, { token });
  if (!row) throw notFound('Checklist');
  return { id: row.id, companyId: row.companyId, warehouseId: row.warehouseId };
}

/**
 * The checklist the name page may watch live, by id: staff of its company any of theirs; anyone
 * else only what they could fill, an active checklist they hold the grant for (opened by its
 * warehouse name). Everything else answers exactly like a missing id, so a stream tells a
 * stranger nothing about which ids, warehouses or companies exist.
 */
export async function watchChecklistById(
  db: Db,
  user: SessionUser | null,
  id: number,
  grants: FillGrants,
): Promise<WatchedChecklist> {
  const row =
    (user ? await repo.findChecklist(db, user.companyId, id) : null) ??
    (await findFillableChecklist(db, { id, grants }));
  if (!row) throw notFound('Checklist');
  return { id: row.id, companyId: row.companyId, warehouseId: row.warehouseId };
}

/** A new token for the checklist's link: the printed one stops working at once. */
export async function renewChecklistLink(
  db: Db,
  user: SessionUser,
  id: number,
): Promise<Checklist> {
  const row = await repo.findChecklist(db, user.companyId, id);
  if (!row) throw notFound('Checklist');
  await repo.updateChecklist(db, user.companyId, id, { fillToken: newFillToken() });
  return loadChecklist(db, user, id);
}

export async function getChecklistSettings(db: Db, user: SessionUser): Promise<ChecklistSettings> {
  const nameLinks = await repo.findNameLinksSetting(db, user.companyId);
  if (nameLinks === null) throw notFound('Company');
  return { name_links: nameLinks };
}

export async function updateChecklistSettings(
  db: Db,
  user: SessionUser,
  settings: ChecklistSettings,
): Promise<ChecklistSettings> {
  await repo.setNameLinksSetting(db, user.companyId, settings.name_links);
  return getChecklistSettings(db, user);
}

export async function deleteChecklist(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
): Promise<void> {
  const files = await db.transaction(async (tx) => {
    const row = await repo.findChecklist(tx, user.companyId, id);
    if (!row) throw notFound('Checklist');
    return repo.deleteChecklists(tx, user.companyId, [id]);
  });
  await deleteFiles(storage, files);
}

/**
 * One answer for every miss of the name lookup, so it tells a stranger nothing: no such
 * warehouse, no active checklist, two companies with that name, name links turned off.
 */
const NO_CHECKLIST_HERE = () =>
  new AppError(
    'NOT_FOUND',
    'No active checklist was found here. Please use the checklist link or QR code from your office.',
  );

/**
 * The fill page's lookup by warehouse name or slug. A signed-in user's own company comes
 * first; otherwise the name must belong to exactly one company that allows name links.
 * A caller who is not staff of that company also gets the checklist's fill grant, which
 * the by-id calls that follow need.
 */
export async function getActiveChecklistByWarehouse(
  db: Db,
  user: SessionUser | null,
  warehouseName: string,
): Promise<{ checklist: PublicChecklist; fillGrant: string | null }> {
  const lookup = { name: warehouseName.trim(), slug: slugify(warehouseName) };
  let matches = user
    ? await repo.findWarehousesByNameOrSlug(db, { ...lookup, companyId: user.companyId })
    : [];
  if (matches.length === 0) matches = await repo.findWarehousesByNameOrSlug(db, lookup);
  const [warehouse, ...others] = matches;
  if (!warehouse || others.some((w) => w.companyId !== warehouse.companyId))
    throw NO_CHECKLIST_HERE();
  const row = await repo.findActiveChecklistOfWarehouse(db, warehouse.companyId, warehouse.id);
  if (!row) throw NO_CHECKLIST_HERE();
  const isStaff = user?.companyId === row.companyId;
  return {
    checklist: await loadPublic(db, row),
    fillGrant: isStaff ? null : fillGrantOf(row.fillToken),
  };
}

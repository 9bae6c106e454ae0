import type { SessionUser } from '../../../contracts/auth';
import {
  FILLER_KEYS,
  type Checklist,
  type ChecklistImage,
  type CreateChecklistBody,
  type PublicChecklist,
  type TaskAnswerBody,
  type UpdateChecklistBody,
} from '../../../contracts/checklists';
import {
  ACTIVE_EXISTS_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  applyTaskAnswers,
  checklistsToDelete,
  normaliseTaskTitles,
  pendingTask,
  type ChecklistTask,
  type RuleResult,
} from '../../../domain/checklist-rules';
import { cleanFileName } from '../../../domain/file-name';
import { slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import * as repo from './checklists.repository';
import { presentChecklist, presentImage, presentPublicChecklist } from './checklists.presenter';
import { IMAGE_EXTENSIONS, detectImageType } from './image-type';

export const MAX_IMAGES_PER_CHECKLIST = 50;
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

async function companySlugOf(db: Db, companyId: number): Promise<string> {
  const slug = await repo.findCompanySlug(db, companyId);
  if (slug === null) throw notFound('Company');
  return slug;
}

async function loadChecklist(db: Db, user: SessionUser, id: number): Promise<Checklist> {
  const row = await repo.findChecklist(db, user.companyId, id);
  if (!row) throw notFound('Checklist');
  const images = await repo.listImages(db, user.companyId, [row.id]);
  return presentChecklist(row, images, await companySlugOf(db, user.companyId));
}

async function loadPublic(db: Db, row: repo.ChecklistRow): Promise<PublicChecklist> {
  return presentPublicChecklist(row, await repo.listImages(db, row.companyId, [row.id]));
}

export async function listChecklists(db: Db, user: SessionUser): Promise<Checklist[]> {
  const rows = await repo.listChecklists(db, user.companyId);
  const [images, slug] = await Promise.all([
    repo.listImages(
      db,
      user.companyId,
      rows.map((r) => r.id),
    ),
    companySlugOf(db, user.companyId),
  ]);
  return rows.map((r) => presentChecklist(r, images, slug));
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
 * company's) is a filler: only the task answers, their name and a note of an active checklist.
 */
export async function updateChecklist(
  db: Db,
  user: SessionUser | null,
  id: number,
  body: UpdateChecklistBody,
): Promise<PublicChecklist> {
  const staffRow = user ? await repo.findChecklist(db, user.companyId, id) : null;
  if (user && staffRow) return updateAsStaff(db, user, id, body);
  return updateAsFiller(db, id, body);
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

async function updateAsFiller(
  db: Db,
  id: number,
  body: UpdateChecklistBody,
): Promise<PublicChecklist> {
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
    const row = await repo.findActiveChecklistForFiller(tx, id, { forUpdate: true });
    if (!row) throw notFound('Checklist');
    const tasks = answerTasks(row.tasks, body.tasks, { fillerName, mayRestructure: false });
    await repo.updateChecklist(tx, row.companyId, id, {
      filledOutBy: fillerName,
      note: body.note,
      tasks,
    });
    return repo.findChecklist(tx, row.companyId, id);
  });
  if (!updated) throw notFound('Checklist');
  return loadPublic(db, updated);
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
 * The fill page's lookup by warehouse name or slug. A signed-in user's own company comes
 * first; otherwise the name must belong to exactly one company.
 */
export async function getActiveChecklistByWarehouse(
  db: Db,
  user: SessionUser | null,
  warehouseName: string,
): Promise<PublicChecklist> {
  const lookup = { name: warehouseName.trim(), slug: slugify(warehouseName) };
  let matches = user
    ? await repo.findWarehousesByNameOrSlug(db, { ...lookup, companyId: user.companyId })
    : [];
  if (matches.length === 0) matches = await repo.findWarehousesByNameOrSlug(db, lookup);
  const companies = new Set(matches.map((m) => m.companyId));
  if (companies.size > 1) {
    throw new AppError(
      'CHECKLIST_AMBIGUOUS',
      `More than one company has a warehouse named "${warehouseName.trim()}". Please use the checklist link or QR code from your office.`,
    );
  }
  const [warehouse] = matches;
  if (!warehouse) throw notFound('Warehouse');
  return activeChecklistOf(db, warehouse);
}

export async function getActiveChecklistByCompany(
  db: Db,
  params: { companySlug: string; warehouseSlug: string },
): Promise<PublicChecklist> {
  const warehouse = await repo.findWarehouseByCompanySlug(db, {
    companySlug: params.companySlug.toLowerCase(),
    warehouseSlug: slugify(params.warehouseSlug),
  });
  if (!warehouse) throw notFound('Warehouse');
  return activeChecklistOf(db, warehouse);
}

async function activeChecklistOf(db: Db, warehouse: repo.WarehouseRef): Promise<PublicChecklist> {
  const row = await repo.findActiveChecklistOfWarehouse(db, warehouse.companyId, warehouse.id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no active checklist for this warehouse.');
  return loadPublic(db, row);
}

/** A checklist an image call may touch: any of the caller's company, or an active one. */
async function reachableChecklist(
  db: Db,
  user: SessionUser | null,
  id: number,
): Promise<repo.ChecklistRow> {
  const own = user ? await repo.findChecklist(db, user.companyId, id) : null;
  const row = own ?? (await repo.findActiveChecklistForFiller(db, id));
  if (!row) throw notFound('Checklist');
  return row;
}

export async function listChecklistImages(
  db: Db,
  user: SessionUser | null,
  checklistId: number,
): Promise<ChecklistImage[]> {
  const row = await reachableChecklist(db, user, checklistId);
  return (await repo.listImages(db, row.companyId, [row.id])).map(presentImage);
}

export async function addChecklistImage(
  db: Db,
  storage: FileStorage,
  user: SessionUser | null,
  id: number,
  readFile: () => Promise<{ data: Buffer; fileName: string } | null>,
): Promise<ChecklistImage> {
  const row = await reachableChecklist(db, user, id);
  if ((await repo.countImages(db, row.companyId, row.id)) >= MAX_IMAGES_PER_CHECKLIST) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A checklist holds at most ${MAX_IMAGES_PER_CHECKLIST} images.`,
    );
  }
  const file = await readFile();
  if (!file || file.data.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Please choose an image to upload.');
  const contentType = detectImageType(file.data);
  if (!contentType) {
    throw new AppError(
      'UNSUPPORTED_FILE_TYPE',
      'Only images can be uploaded (JPEG, PNG, GIF, WebP or HEIC).',
    );
  }
  const key = await storage.put(file.data);
  try {
    const image = await repo.insertImage(db, {
      companyId: row.companyId,
      checklistId: row.id,
      fileName: cleanFileName(file.fileName, `image.${IMAGE_EXTENSIONS[contentType] ?? 'img'}`),
      storageKey: key,
      contentType,
      sizeBytes: file.data.length,
    });
    return presentImage(image);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

export async function openChecklistImage(
  db: Db,
  storage: FileStorage,
  user: SessionUser | null,
  imageId: number,
) {
  const image = await repo.findImage(db, imageId);
  const allowed = image && (image.isActive || image.companyId === user?.companyId);
  if (!image || !allowed) throw notFound('Image');
  const stream = await storage.get(image.storageKey);
  if (!stream) throw notFound('Image');
  return { stream, contentType: image.contentType };
}

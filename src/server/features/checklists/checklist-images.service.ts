import type { SessionUser } from '../../../contracts/auth';
import type { ChecklistImage } from '../../../contracts/checklists';
import { cleanFileName } from '../../../domain/file-name';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import * as repo from './checklists.repository';
import {
  imagesById,
  imagesUnderToken,
  presentImage,
  type ImageUrlOf,
} from './checklists.presenter';
import {
  findFillableChecklist,
  holdsFillGrant,
  type FillGrants,
  type FillerAccess,
} from './fill-grant';
import { IMAGE_EXTENSIONS, detectImageType } from './image-type';

// Checklist images: uploads by staff and fillers, their limits, and serving them.

const MAX_IMAGES_PER_CHECKLIST = 50;
/** Uploads a checklist takes in any 24 hours, counted in the database so every instance agrees. */
export const MAX_IMAGES_PER_CHECKLIST_PER_DAY = 30;

/** A filler sees images under the token that found the checklist; everyone else by image id. */
const imageUrlsFor = (access: FillerAccess): ImageUrlOf =>
  'token' in access ? imagesUnderToken(access.token) : imagesById;

/** A checklist an image call may touch: any of the caller's company, or one a filler reaches. */
async function reachableChecklist(
  db: Db,
  user: SessionUser | null,
  access: FillerAccess,
): Promise<repo.ChecklistRow> {
  const own =
    user && 'id' in access ? await repo.findChecklist(db, user.companyId, access.id) : null;
  const row = own ?? (await findFillableChecklist(db, access));
  if (!row) throw notFound('Checklist');
  return row;
}

export async function listChecklistImages(
  db: Db,
  user: SessionUser | null,
  checklistId: number,
  grants: FillGrants,
): Promise<ChecklistImage[]> {
  const row = await reachableChecklist(db, user, { id: checklistId, grants });
  return (await repo.listImages(db, row.companyId, [row.id])).map((i) => presentImage(i));
}

function checkImageRoom(counts: { total: number; lastDay: number }): void {
  if (counts.total >= MAX_IMAGES_PER_CHECKLIST) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A checklist holds at most ${MAX_IMAGES_PER_CHECKLIST} images.`,
    );
  }
  if (counts.lastDay >= MAX_IMAGES_PER_CHECKLIST_PER_DAY) {
    throw new AppError(
      'RATE_LIMITED',
      `This checklist took ${MAX_IMAGES_PER_CHECKLIST_PER_DAY} images in the last 24 hours. Please add more tomorrow.`,
    );
  }
}

/**
 * Adds an image to a checklist its company's staff, or a filler, can reach. The room check
 * runs before reading the upload (cheap refusal) and again under the checklist's row lock
 * beside the insert, so parallel uploads cannot pass the limits together.
 */
export async function addChecklistImage(
  db: Db,
  storage: FileStorage,
  user: SessionUser | null,
  access: FillerAccess,
  readFile: () => Promise<{ data: Buffer; fileName: string } | null>,
): Promise<ChecklistImage> {
  const row = await reachableChecklist(db, user, access);
  checkImageRoom(await repo.countImages(db, row.companyId, row.id));
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
    const image = await db.transaction(async (tx) => {
      if (!(await repo.findChecklist(tx, row.companyId, row.id, { forUpdate: true })))
        throw notFound('Checklist');
      checkImageRoom(await repo.countImages(tx, row.companyId, row.id));
      return repo.insertImage(tx, {
        companyId: row.companyId,
        checklistId: row.id,
        fileName: cleanFileName(file.fileName, `image.${IMAGE_EXTENSIONS[contentType] ?? 'img'}`),
        storageKey: key,
        contentType,
        sizeBytes: file.data.length,
      });
    });
    return presentImage(image, imageUrlsFor(access));
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** An image by id: to its company's staff, or to a filler holding its active checklist's grant. */
export async function openChecklistImage(
  db: Db,
  storage: FileStorage,
  user: SessionUser | null,
  imageId: number,
  grants: FillGrants,
) {
  const image = await repo.findImage(db, imageId);
  const allowed =
    image &&
    (image.companyId === user?.companyId ||
      (image.isActive && image.nameLinks && holdsFillGrant(grants, image.fillToken)));
  if (!image || !allowed) throw notFound('Image');
  return streamImage(storage, image);
}

export async function openChecklistImageByToken(
  db: Db,
  storage: FileStorage,
  token: string,
  imageId: number,
) {
  const image = await repo.findImageByToken(db, token, imageId);
  if (!image) throw notFound('Image');
  return streamImage(storage, image);
}

async function streamImage(
  storage: FileStorage,
  image: { storageKey: string; contentType: string },
) {
  const stream = await storage.get(image.storageKey);
  if (!stream) throw notFound('Image');
  return { stream, contentType: image.contentType };
}

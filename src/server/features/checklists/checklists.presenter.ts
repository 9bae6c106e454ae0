import {
  checklistImageUrl,
  checklistTokenImageUrl,
  type Checklist,
  type ChecklistImage,
  type LinkedChecklist,
  type PublicChecklist,
} from '../../../contracts/checklists';
import type { ChecklistRow, ImageRow } from './checklists.repository';

/** Where an image is served: by id (staff, name links), or under the link token that found it. */
export type ImageUrlOf = (imageId: ImageRow['id']) => string;

export const imagesById: ImageUrlOf = (id) => checklistImageUrl(id);
export const imagesUnderToken =
  (token: string): ImageUrlOf =>
  (id) =>
    checklistTokenImageUrl(token, id);

export function presentImage(image: ImageRow, urlOf: ImageUrlOf = imagesById): ChecklistImage {
  const url = urlOf(image.id);
  return { id: image.id, file_name: image.fileName, file_url: url, url };
}

/** What a crew needs to fill the list: its tasks, description, filler, note and own images. */
export function presentPublicChecklist(
  row: ChecklistRow,
  images: readonly ImageRow[],
  urlOf: ImageUrlOf = imagesById,
): PublicChecklist {
  const presented = images
    .filter((i) => i.checklistId === row.id)
    .map((i) => presentImage(i, urlOf));
  return {
    id: row.id,
    description: row.description,
    warehouse_id: row.warehouseId,
    warehouseName: row.warehouseName,
    warehouse_slug: row.warehouseSlug,
    is_active: row.isActive,
    tasks: row.tasks.map((t) => ({
      text: t.text,
      completed: t.completed,
      completed_by: t.completed_by,
      reason: t.reason,
      completed_at: t.completed_at,
    })),
    filled_out_by: row.filledOutBy,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    images: presented,
    attachments: presented,
  };
}

/** The same list for a token link: no checklist or warehouse ids, images under the token. */
export function presentLinkedChecklist(
  row: ChecklistRow,
  images: readonly ImageRow[],
  token: string,
): LinkedChecklist {
  const full = presentPublicChecklist(row, images, imagesUnderToken(token));
  return {
    description: full.description,
    warehouseName: full.warehouseName,
    is_active: full.is_active,
    tasks: full.tasks,
    filled_out_by: full.filled_out_by,
    note: full.note,
    created_at: full.created_at,
    images: full.images,
    attachments: full.attachments,
  };
}

export function presentChecklist(row: ChecklistRow, images: readonly ImageRow[]): Checklist {
  return {
    ...presentPublicChecklist(row, images),
    fill_path: `/c/${row.fillToken}`,
    short_fill_path: `/${encodeURIComponent(row.warehouseSlug)}-checklist`,
  };
}

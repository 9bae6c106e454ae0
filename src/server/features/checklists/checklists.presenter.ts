import {
  checklistImageUrl,
  type Checklist,
  type ChecklistImage,
  type PublicChecklist,
} from '../../../contracts/checklists';
import type { ChecklistRow, ImageRow } from './checklists.repository';

export function presentImage(image: ImageRow): ChecklistImage {
  const url = checklistImageUrl(image.id);
  return { id: image.id, file_name: image.fileName, file_url: url, url };
}

export function presentPublicChecklist(
  row: ChecklistRow,
  images: readonly ImageRow[],
): PublicChecklist {
  const presented = images.filter((i) => i.checklistId === row.id).map(presentImage);
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

export function fillPaths(companySlug: string, warehouseSlug: string) {
  return {
    fill_path: `/c/${encodeURIComponent(companySlug)}/${encodeURIComponent(warehouseSlug)}-checklist`,
    short_fill_path: `/${encodeURIComponent(warehouseSlug)}-checklist`,
  };
}

export function presentChecklist(
  row: ChecklistRow,
  images: readonly ImageRow[],
  companySlug: string,
): Checklist {
  return { ...presentPublicChecklist(row, images), ...fillPaths(companySlug, row.warehouseSlug) };
}

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idParamsSchema, idSchema, okSchema } from './common';
import { MAX_ATTACHMENT_BYTES } from './limits';

export const CHECKLIST_TEXT_MAX_LENGTH = 2000;
export const CHECKLIST_TASK_MAX_LENGTH = 300;
export const CHECKLIST_MAX_TASKS = 50;
export const CHECKLIST_NAME_MAX_LENGTH = 120;
export { MAX_ATTACHMENT_BYTES };

export const checklistTaskSchema = z.object({
  text: z.string(),
  completed: z.boolean(),
  completed_by: z.string(),
  reason: z.string(),
  completed_at: z.string().nullable(),
});
export type ChecklistTaskDto = z.infer<typeof checklistTaskSchema>;

export const checklistImageSchema = z.object({
  id: idSchema,
  file_name: z.string(),
  file_url: z.string(),
  url: z.string(),
});
export type ChecklistImage = z.infer<typeof checklistImageSchema>;

/** What the fill page may see: the checklist and its images, nothing about the company. */
export const publicChecklistSchema = z.object({
  id: idSchema,
  description: z.string(),
  warehouse_id: idSchema,
  warehouseName: z.string(),
  warehouse_slug: z.string(),
  is_active: z.boolean(),
  tasks: z.array(checklistTaskSchema),
  filled_out_by: z.string(),
  note: z.string(),
  created_at: z.string(),
  images: z.array(checklistImageSchema),
  /** The same images under the older name. */
  attachments: z.array(checklistImageSchema),
});
export type PublicChecklist = z.infer<typeof publicChecklistSchema>;

export const checklistSchema = publicChecklistSchema.extend({
  /** The fill page link to hand out: always unambiguous. */
  fill_path: z.string(),
  /** The short link: works while no other company has a warehouse of this name. */
  short_fill_path: z.string(),
});
export type Checklist = z.infer<typeof checklistSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`);

const taskTitleSchema = text('Task title', CHECKLIST_TASK_MAX_LENGTH);

/** A task as the forms send it: a title, or a task with its answer. */
export const taskAnswerSchema = z.union(
  [
    taskTitleSchema.transform((t) => ({ text: t })),
    z.strictObject({
      text: taskTitleSchema,
      completed: z.boolean({ error: 'completed must be true or false.' }).optional(),
      completed_by: text('Name', CHECKLIST_NAME_MAX_LENGTH).optional(),
      reason: text('Reason', CHECKLIST_TEXT_MAX_LENGTH).optional(),
      // Sent back by clients that echo the task; the server stamps its own time.
      completed_at: z.string().nullable().optional(),
    }),
  ],
  { error: 'Each task must be a title or a task with a text.' },
);
export type TaskAnswerBody = z.infer<typeof taskAnswerSchema>;

const tasksSchema = z
  .array(taskAnswerSchema, { error: 'Tasks must be a list.' })
  .max(CHECKLIST_MAX_TASKS, `A checklist holds at most ${CHECKLIST_MAX_TASKS} tasks.`);

export const createChecklistBodySchema = z.strictObject({
  warehouse_id: idInput('Warehouse is required.'),
  description: text('Description', CHECKLIST_TEXT_MAX_LENGTH).trim().default(''),
  tasks: tasksSchema.default([]),
  is_active: z.boolean({ error: 'is_active must be true or false.' }).default(true),
});
export type CreateChecklistBody = z.infer<typeof createChecklistBodySchema>;

export const updateChecklistBodySchema = z.strictObject({
  tasks: tasksSchema.optional(),
  filled_out_by: text('Name', CHECKLIST_NAME_MAX_LENGTH).trim().optional(),
  note: text('Note', CHECKLIST_TEXT_MAX_LENGTH).trim().optional(),
  description: text('Description', CHECKLIST_TEXT_MAX_LENGTH).trim().optional(),
  warehouse_id: idInput('Warehouse is required.').optional(),
  is_active: z.boolean({ error: 'is_active must be true or false.' }).optional(),
});
export type UpdateChecklistBody = z.infer<typeof updateChecklistBodySchema>;

/** The only keys a filler without a session may send. */
export const FILLER_KEYS = ['tasks', 'filled_out_by', 'note'] as const;

export const listChecklists = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/',
  summary: "The company's checklists, newest first.",
  tag: 'checklists',
  access: 'session',
  response: z.array(checklistSchema),
});

export const createChecklist = defineEndpoint({
  method: 'POST',
  path: '/api/checklists/',
  summary: 'Creates a checklist; keeps at most 5 per company by deleting the oldest inactive ones.',
  tag: 'checklists',
  access: 'session',
  body: createChecklistBodySchema,
  response: checklistSchema,
});

const warehouseNameParamsSchema = z.object({
  warehouseName: z
    .string()
    .trim()
    .min(1, 'Warehouse name is required.')
    .max(200, 'Warehouse name is too long.'),
});

export const getActiveChecklistByWarehouse = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/warehouse/:warehouseName',
  summary:
    'The active checklist of the warehouse with this name or slug. 409 when two companies have one.',
  tag: 'checklists',
  access: 'public',
  params: warehouseNameParamsSchema,
  response: publicChecklistSchema,
});

const slugSchema = (label: string) =>
  z.string().trim().min(1, `${label} is required.`).max(200, `${label} is too long.`);

export const getActiveChecklistByCompany = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/company/:companySlug/warehouse/:warehouseSlug',
  summary: 'The active checklist of a warehouse named by company and warehouse slug.',
  tag: 'checklists',
  access: 'public',
  params: z.object({ companySlug: slugSchema('Company'), warehouseSlug: slugSchema('Warehouse') }),
  response: publicChecklistSchema,
});

export const updateChecklist = defineEndpoint({
  method: 'PATCH',
  path: '/api/checklists/:id',
  summary:
    'Staff of the company edit anything; anyone else may only answer the tasks of an active checklist, with a name and a note.',
  tag: 'checklists',
  access: 'public',
  params: idParamsSchema,
  body: updateChecklistBodySchema,
  response: publicChecklistSchema,
});

export const deleteChecklist = defineEndpoint({
  method: 'DELETE',
  path: '/api/checklists/:id',
  summary: 'Deletes a checklist and its images.',
  tag: 'checklists',
  access: 'session',
  params: idParamsSchema,
  response: okSchema,
});

export const listChecklistImages = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/public-drive-images',
  summary: 'The images of one checklist (active, unless signed in to its company).',
  tag: 'checklists',
  access: 'public',
  query: z.object({ checklistId: idInput() }),
  response: z.array(checklistImageSchema),
});

/** Multipart, field `image`: JPEG, PNG, GIF, WebP or HEIC/HEIF, checked by content, at most 5 MB. */
export const uploadChecklistImage = defineEndpoint({
  method: 'POST',
  path: '/api/checklists/:id/upload-image',
  summary: 'Adds an image to a checklist (active, unless signed in to its company).',
  tag: 'checklists',
  access: 'public',
  params: idParamsSchema,
  response: checklistImageSchema,
});

export const checklistImageParamsSchema = z.object({ fileId: idInput() });

/** The image itself; the 'drive' name is kept for compatibility, files come from our storage. */
export const getChecklistImage = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/proxy-drive-image/:fileId',
  summary: 'Serves one checklist image (of an active checklist, unless signed in to its company).',
  tag: 'checklists',
  access: 'public',
  params: checklistImageParamsSchema,
  response: z.string(),
});

export const checklistImageUrl = (id: ChecklistImage['id']) =>
  `/api/checklists/proxy-drive-image/${id}`;

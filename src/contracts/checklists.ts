import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idParamsSchema, idSchema, okSchema } from './common';
import { CHECKLIST_IMAGE_TYPES } from './limits';

const CHECKLIST_TEXT_MAX_LENGTH = 2000;
const CHECKLIST_TASK_MAX_LENGTH = 300;
const CHECKLIST_MAX_TASKS = 50;
const CHECKLIST_NAME_MAX_LENGTH = 120;
const checklistTaskSchema = z.object({
  text: z.string(),
  completed: z.boolean(),
  completed_by: z.string(),
  reason: z.string(),
  completed_at: z.string().nullable(),
});
export type ChecklistTaskDto = z.infer<typeof checklistTaskSchema>;

const checklistImageSchema = z.object({
  id: idSchema,
  file_name: z.string(),
  file_url: z.string(),
  url: z.string(),
});
export type ChecklistImage = z.infer<typeof checklistImageSchema>;

/** What the fill page may see: the checklist and its images, nothing about the company. */
const publicChecklistSchema = z.object({
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

/**
 * What a printed token link shows: only the list to fill (tasks, description, filler, note,
 * its images), without the ids and warehouse address the spec's name calls carry.
 */
const linkedChecklistSchema = publicChecklistSchema.omit({
  id: true,
  warehouse_id: true,
  warehouse_slug: true,
});
export type LinkedChecklist = z.infer<typeof linkedChecklistSchema>;

const checklistSchema = publicChecklistSchema.extend({
  /** The fill page link to print: `/c/{token}`, unguessable (decision 0015). */
  fill_path: z.string(),
  /** The spec's name link; works only while the company allows name links and no other company has a warehouse of this name. */
  short_fill_path: z.string(),
});
export type Checklist = z.infer<typeof checklistSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`);

const taskTitleSchema = text('Task title', CHECKLIST_TASK_MAX_LENGTH);

/** A task's optional text; `null` is how a client says it cleared it, so it reads as empty. */
const clearableText = (label: string, max: number) =>
  text(label, max)
    .nullable()
    .transform((v) => v ?? '')
    .optional();

/** A task as the forms send it: a title, or a task with its answer. */
const taskAnswerSchema = z.union(
  [
    taskTitleSchema.transform((t) => ({ text: t })),
    z.strictObject({
      text: taskTitleSchema,
      completed: z.boolean({ error: 'completed must be true or false.' }).optional(),
      completed_by: clearableText('Name', CHECKLIST_NAME_MAX_LENGTH),
      reason: clearableText('Reason', CHECKLIST_TEXT_MAX_LENGTH),
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
  role: 'office',
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
    'The active checklist of the warehouse with this name or slug. Not found alike when no such warehouse, no active checklist, two companies have one, or its company turned name links off. A caller not on its staff also gets the fill grant cookie the by-id calls ask for.',
  tag: 'checklists',
  access: 'public',
  params: warehouseNameParamsSchema,
  response: publicChecklistSchema,
});

export const updateChecklist = defineEndpoint({
  method: 'PATCH',
  path: '/api/checklists/:id',
  summary:
    'Staff of the company edit anything; anyone else, holding the fill grant from the name call, may only answer the tasks of an active checklist, with a name and a note.',
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
  role: 'office',
  params: idParamsSchema,
  response: okSchema,
});

export const listChecklistImages = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/public-drive-images',
  summary:
    'The images of one checklist: to its company, or with the fill grant from the name call while it is active.',
  tag: 'checklists',
  access: 'public',
  query: z.object({ checklistId: idInput() }),
  response: z.array(checklistImageSchema),
});

/** Multipart, field `image`: JPEG, PNG, GIF, WebP or HEIC/HEIF, checked by content, at most 5 MB. */
export const uploadChecklistImage = defineEndpoint({
  method: 'POST',
  path: '/api/checklists/:id/upload-image',
  summary:
    'Adds an image to a checklist: by its company, or with the fill grant from the name call while it is active.',
  tag: 'checklists',
  access: 'public',
  params: idParamsSchema,
  form: { file: 'image' },
  response: checklistImageSchema,
});

const checklistImageParamsSchema = z.object({ fileId: idInput() });

/** The image itself; the 'drive' name is kept for compatibility, files come from our storage. */
export const getChecklistImage = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/proxy-drive-image/:fileId',
  summary:
    'Serves one checklist image: to its company, or with the fill grant from the name call while its checklist is active.',
  tag: 'checklists',
  access: 'public',
  params: checklistImageParamsSchema,
  download: { contentTypes: CHECKLIST_IMAGE_TYPES },
  response: z.unknown(),
});

export const checklistImageUrl = (id: ChecklistImage['id']) =>
  `/api/checklists/proxy-drive-image/${id}`;

/** What a checklist's token link may change: task answers, the filler's name and a note. */
const fillChecklistBodySchema = updateChecklistBodySchema.pick({
  tasks: true,
  filled_out_by: true,
  note: true,
});

/**
 * The secret of a printed link: 128 random bits as base64url (22 characters); checklists made
 * before links had tokens carry 32 hex digits.
 */
const checklistTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This checklist link is not valid.');
export const checklistTokenParamsSchema = z.object({ token: checklistTokenSchema });

export const getChecklistByToken = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/t/:token',
  summary: 'The active checklist behind a printed link or QR code.',
  tag: 'checklists',
  access: 'public',
  params: checklistTokenParamsSchema,
  response: linkedChecklistSchema,
});

export const fillChecklistByToken = defineEndpoint({
  method: 'PATCH',
  path: '/api/checklists/t/:token',
  summary:
    'Answers the pending tasks of the active checklist behind a link, with a name and a note; a completed checklist no longer changes.',
  tag: 'checklists',
  access: 'public',
  params: checklistTokenParamsSchema,
  body: fillChecklistBodySchema,
  response: linkedChecklistSchema,
});

/** Multipart, field `image`, as `uploadChecklistImage`. */
export const uploadChecklistImageByToken = defineEndpoint({
  method: 'POST',
  path: '/api/checklists/t/:token/upload-image',
  summary: 'Adds an image to the active checklist behind a link.',
  tag: 'checklists',
  access: 'public',
  params: checklistTokenParamsSchema,
  form: { file: 'image' },
  response: checklistImageSchema,
});

const checklistTokenImageParamsSchema = z.object({
  token: checklistTokenSchema,
  fileId: idInput(),
});

export const getChecklistImageByToken = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/t/:token/images/:fileId',
  summary: 'Serves one image of the active checklist behind a link.',
  tag: 'checklists',
  access: 'public',
  params: checklistTokenImageParamsSchema,
  download: { contentTypes: CHECKLIST_IMAGE_TYPES },
  response: z.unknown(),
});

export const checklistTokenImageUrl = (token: string, id: ChecklistImage['id']) =>
  `/api/checklists/t/${token}/images/${id}`;

export const renewChecklistLink = defineEndpoint({
  method: 'POST',
  path: '/api/checklists/:id/new-link',
  summary: 'Gives the checklist a new link token; the old link and QR code stop working.',
  tag: 'checklists',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: checklistSchema,
});

const checklistSettingsSchema = z.object({
  /** Whether the spec's name links (`/<warehouse>-checklist`, by-id fill calls) reach this company. */
  name_links: z.boolean(),
});
export type ChecklistSettings = z.infer<typeof checklistSettingsSchema>;

export const getChecklistSettings = defineEndpoint({
  method: 'GET',
  path: '/api/checklists/settings',
  summary: "The company's checklist link settings.",
  tag: 'checklists',
  access: 'session',
  role: 'admin',
  response: checklistSettingsSchema,
});

export const updateChecklistSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/checklists/settings',
  summary:
    'Turns the name links on or off; off, they answer exactly as for a warehouse that does not exist.',
  tag: 'checklists',
  access: 'session',
  role: 'admin',
  body: z.strictObject({
    name_links: z.boolean({ error: 'name_links must be true or false.' }),
  }),
  response: checklistSettingsSchema,
});

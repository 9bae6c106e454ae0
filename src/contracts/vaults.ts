import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idParamsSchema, idSchema, numberInput, wholeNumberInput } from './common';
import {
  INLINE_FILE_TYPES,
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PATH_TEXT_MAX_LENGTH,
  SEAL_MAX_LENGTH,
  TAGS_TEXT_MAX_LENGTH,
  VAULT_NUMBER_MAX_LENGTH,
} from './limits';
import { isIsoDate } from '../domain/calendar-days';
import { parseTagRanges } from '../domain/inventory-tags';

export const vaultTypes = ['vault', 'liftvan', 't2', 'couchbox'] as const;
export const vaultTypeSchema = z.enum(vaultTypes, {
  error: 'Type must be one of vault, liftvan, t2, couchbox.',
});
export type VaultType = z.infer<typeof vaultTypeSchema>;

const attachmentSchema = z.object({
  id: idSchema,
  vault_id: idSchema,
  file_name: z.string(),
  file_url: z.string(),
  size_bytes: z.number().int(),
  content_type: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const vaultSchema = z.object({
  id: idSchema,
  /** The number on the vault's tag; null for vaults that carry none (liftvans, couchboxes). */
  name: z.string().nullable(),
  customer_name: z.string(),
  customer_id: idSchema.nullable(),
  order_id: idSchema.nullable(),
  order_name: z.string().nullable(),
  type: vaultTypeSchema,
  position: z.number().int().nullable(),
  note: z.string(),
  /** In pounds; null when nobody weighed it. */
  weight: z.number().nullable(),
  attachments: z.array(attachmentSchema),
  field_id: idSchema.nullable(),
  old_field_id: idSchema.nullable(),
  /** The day the goods went out, and who released them: a released vault is off the floor. */
  released_on: z.string().nullable(),
  released_by: z.string().nullable(),
  field_name: z.string().nullable(),
  warehouse_name: z.string().nullable(),
  /** What is inside (issue 31 §2): the seal number, '' when none. */
  seal: z.string(),
  item_notes: z.string(),
  /** The inventory tags as `formatTagRanges` writes them ("LOT 4471, tags 1-120"), '' when none. */
  tags: z.string(),
  /** The day the customer expects the vault out (YYYY-MM-DD), or null. */
  expected_release: z.string().nullable(),
  /** The day the vault came in (YYYY-MM-DD): storage is billed from it. */
  date_in: z.string(),
});
export type Vault = z.infer<typeof vaultSchema>;

// ---- Vault calls -------------------------------------------------------------------------

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .nullable()
    .transform((v) => (v ?? '').trim());

/** Vault number: the tag on the box. Blank means none. */
const vaultNumberInput = z
  .union([z.string(), z.number()], { error: 'Vault number must be text.' })
  .optional()
  .nullable()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
  .pipe(
    z
      .string()
      .max(
        VAULT_NUMBER_MAX_LENGTH,
        `Vault number must be at most ${VAULT_NUMBER_MAX_LENGTH} characters.`,
      ),
  )
  .transform((v) => (v === '' ? null : v));

const VAULT_WEIGHT_MAX = 100_000;

/**
 * A vault's weight in pounds, as a form or JSON sends it; blank or null means not weighed.
 * Tenths are kept, as a floor scale reads them; the column stores no finer.
 */
export const vaultWeightInput = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    numberInput('Weight')
      .pipe(
        z
          .number()
          .min(0, 'Weight must be 0 pounds or more.')
          .max(
            VAULT_WEIGHT_MAX,
            `Weight must be at most ${VAULT_WEIGHT_MAX.toLocaleString('en')} pounds.`,
          ),
      )
      .refine((n) => Math.round(n * 10) / 10 === n, {
        error: 'Weight must be in pounds with at most one decimal place.',
      })
      .optional(),
  )
  .transform((v) => v ?? null);

/** Inventory tags as staff write them, read into ranges; blank or null means none. */
const vaultTagsInput = z
  .string({ error: 'Tags must be text.' })
  .max(TAGS_TEXT_MAX_LENGTH, `Tags must be at most ${TAGS_TEXT_MAX_LENGTH} characters.`)
  .optional()
  .nullable()
  .transform((text, ctx) => {
    const parsed = parseTagRanges(text ?? '');
    if (parsed.ok) return parsed.ranges;
    ctx.addIssue({ code: 'custom', message: parsed.error, input: text });
    return z.NEVER;
  });

/** The day the customer expects the vault out; blank or null means not known. */
const expectedReleaseInput = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    z
      .string({ error: 'Expected release must be a date (YYYY-MM-DD).' })
      .trim()
      .refine(isIsoDate, 'Expected release must be a real date written YYYY-MM-DD.')
      .optional(),
  )
  .transform((v) => v ?? null);

/** The day a vault came in, as staff enter it after the fact; never after today (the service). */
const dateInText = z
  .string({ error: 'Date in must be a date (YYYY-MM-DD).' })
  .trim()
  .refine(isIsoDate, 'Date in must be a real date written YYYY-MM-DD.');

/** On add, blank or null means the day it is placed: the database's today. */
const dateInInput = z
  .preprocess(
    (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    dateInText.optional(),
  )
  .transform((v) => v ?? null);

/**
 * The fields of the multipart `POST /api/vaults/` (the file travels beside them as `attachment`).
 * `vault_id` is the vault number, as the original client names it; `company_id` is ignored:
 * the company always comes from the session.
 */
const addVaultFormSchema = z.object({
  vault_id: vaultNumberInput,
  customer_name: optionalText('Customer name', NAME_MAX_LENGTH),
  order_name: optionalText('Order number', NAME_MAX_LENGTH),
  type: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 'vault' : v))
    .pipe(vaultTypeSchema),
  note: optionalText('Note', NOTE_MAX_LENGTH),
  weight: vaultWeightInput,
  seal: optionalText('Seal', SEAL_MAX_LENGTH),
  item_notes: optionalText('Item notes', NOTE_MAX_LENGTH),
  tags: vaultTagsInput,
  expected_release: expectedReleaseInput,
  date_in: dateInInput,
  field_id: idInput('Field id must be a valid id.'),
  position: wholeNumberInput('Position').pipe(z.number().min(1, 'Position must be at least 1.')),
});
export type AddVaultForm = z.infer<typeof addVaultFormSchema>;

const addVaultResponseSchema = z.object({ fieldId: idSchema, vault: vaultSchema });
export type AddVaultResponse = z.infer<typeof addVaultResponseSchema>;

/**
 * An edit changes only the keys it sends: an absent key keeps the vault's value, `null` or
 * blank clears it. The wrappers below keep absence visible after the field's own parsing.
 */
const keptIfAbsent = <T extends z.ZodType>(schema: T) =>
  z.union([z.undefined(), schema], {
    // The sentence the field's own schema gave, not the union's generic one.
    error: (issue) => (issue.code === 'invalid_union' ? issue.errors[1]?.[0]?.message : undefined),
  });

export const updateVaultBodySchema = z.object({
  name: keptIfAbsent(vaultNumberInput),
  customer_name: keptIfAbsent(optionalText('Customer name', NAME_MAX_LENGTH)),
  order_name: keptIfAbsent(optionalText('Order number', NAME_MAX_LENGTH)),
  type: vaultTypeSchema.optional(),
  note: keptIfAbsent(optionalText('Note', NOTE_MAX_LENGTH)),
  weight: vaultWeightInput.optional(),
  seal: keptIfAbsent(optionalText('Seal', SEAL_MAX_LENGTH)),
  item_notes: keptIfAbsent(optionalText('Item notes', NOTE_MAX_LENGTH)),
  tags: keptIfAbsent(vaultTagsInput),
  expected_release: expectedReleaseInput.optional(),
  /** A vault always has a date in: an edit changes it, never clears it. */
  date_in: dateInText.optional(),
});
export type UpdateVaultBody = z.infer<typeof updateVaultBodySchema>;

const moveVaultBodySchema = z.object({
  vaultId: idInput(),
  fieldId: idInput(),
  position: wholeNumberInput('Position').pipe(z.number().min(1, 'Position must be at least 1.')),
});
export type MoveVaultBody = z.infer<typeof moveVaultBodySchema>;

const uploadAttachmentFormSchema = z.object({
  vault_id: idInput('Vault id must be a valid id.'),
});

const uploadAttachmentResponseSchema = z.object({ attachment: attachmentSchema });
export type UploadAttachmentResponse = z.infer<typeof uploadAttachmentResponseSchema>;

/** The move call echoes what it placed, so a client can file `vault` under `fieldId` at once. */
const moveVaultResponseSchema = z.object({
  vaultId: idSchema,
  fieldId: idSchema,
  position: z.number().int(),
  vault: vaultSchema,
});
export type MoveVaultResponse = z.infer<typeof moveVaultResponseSchema>;

/**
 * The edit route names a vault by its number, or a vault without one by `id-` and its id
 * (decision 0100): a bare integer would be read as a vault number first.
 */
export const vaultIdKey = (id: Vault['id']) => `id-${id}`;
export const vaultIdFromKey = (key: string): Vault['id'] | null => {
  const parsed = idInput().safeParse(key.startsWith('id-') ? key.slice(3) : '');
  return parsed.success ? parsed.data : null;
};

const vaultLookupParamsSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(PATH_TEXT_MAX_LENGTH, `Vault number must be at most ${PATH_TEXT_MAX_LENGTH} characters.`),
});

/** Adding goes through a multipart route registered by hand; this entry documents it. */
export const addVault = defineEndpoint({
  method: 'POST',
  path: '/api/vaults/',
  summary: 'Adds a vault at the lowest free position of a field (multipart, optional attachment).',
  tag: 'vaults',
  access: 'session',
  form: { file: 'attachment' },
  body: addVaultFormSchema,
  response: addVaultResponseSchema,
});

export const uploadAttachment = defineEndpoint({
  method: 'POST',
  path: '/api/vaults/upload',
  summary: 'Attaches one file (at most 5 MB) to a vault (multipart: attachment, vault_id).',
  tag: 'vaults',
  access: 'session',
  form: { file: 'attachment' },
  body: uploadAttachmentFormSchema,
  response: uploadAttachmentResponseSchema,
});

/** The file itself, to the company's staff only, never as a page that could run script. */
export const downloadAttachment = defineEndpoint({
  method: 'GET',
  path: '/api/vaults/attachments/:id',
  summary:
    'Serves one attachment: images, PDF and plain text in place, anything else as bytes to save.',
  tag: 'vaults',
  access: 'session',
  params: idParamsSchema,
  download: { contentTypes: [...INLINE_FILE_TYPES, 'application/octet-stream'] },
  response: z.unknown(),
});

export const getVault = defineEndpoint({
  method: 'GET',
  path: '/api/vaults/lookup/:key',
  summary: 'One vault by its number, or by its id when it has no number (the edit route).',
  tag: 'vaults',
  access: 'session',
  params: vaultLookupParamsSchema,
  response: vaultSchema.extend({ warehouse_slug: z.string().nullable() }),
});

export const updateVault = defineEndpoint({
  method: 'PUT',
  path: '/api/vaults/:id',
  summary: 'Edits a vault. Turning it empty also clears its order, note and attachments.',
  tag: 'vaults',
  access: 'session',
  params: idParamsSchema,
  body: updateVaultBodySchema,
  response: vaultSchema,
});

export const moveVault = defineEndpoint({
  method: 'PUT',
  path: '/api/vaults/move',
  summary:
    'Places a staged (or topmost) vault at the lowest free position of a field; answers the placed vault with the ids and position it was given.',
  tag: 'vaults',
  access: 'session',
  body: moveVaultBodySchema,
  response: moveVaultResponseSchema,
});

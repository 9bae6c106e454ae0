import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idSchema } from './common';
import { VAULT_NUMBER_MAX_LENGTH } from './limits';

/** Most vault numbers one field's scan may carry: far above any stack, below any abuse. */
export const AUDIT_SCAN_MAX = 50;

const auditScopeKinds = ['field', 'column', 'warehouse'] as const;
export type AuditScopeKind = (typeof auditScopeKinds)[number];

export const findingStatuses = [
  'in_place',
  'order_differs',
  'elsewhere',
  'missing',
  'unknown',
  'unnumbered',
] as const;

/** What staff read for each status, on screen and in the CSV and PDF exports. */
export const findingStatusLabels: Record<(typeof findingStatuses)[number], string> = {
  in_place: 'Found in place',
  order_differs: 'Order in the stack differs',
  elsewhere: 'Found here, recorded elsewhere',
  missing: 'Recorded here, not found',
  unknown: 'Not in the records',
  unnumbered: 'No tag number: check by eye',
};

const auditFindingSchema = z.object({
  status: z.enum(findingStatuses),
  vault_id: idSchema.nullable(),
  vault_name: z.string().nullable(),
  seen_position: z.number().int().nullable(),
  recorded_position: z.number().int().nullable(),
  recorded_place: z.string().nullable(),
  /** Set once a tap fixed the record: who, when, and what was done. */
  fixed: z.object({ by: z.string().nullable(), at: z.string(), action: z.string() }).nullable(),
});
export type AuditFinding = z.infer<typeof auditFindingSchema>;

const auditFieldSchema = z.object({
  field_id: idSchema,
  field_name: z.string(),
  /** Vault numbers seen, bottom to top; null until someone compares this field. */
  seen: z.array(z.string()).nullable(),
  checked_by: z.string().nullable(),
  checked_at: z.string().nullable(),
  findings: z.array(auditFindingSchema),
});
export type AuditField = z.infer<typeof auditFieldSchema>;

const auditSummarySchema = z.object({
  id: idSchema,
  warehouse_id: idSchema,
  warehouse_name: z.string(),
  scope: z.enum(auditScopeKinds),
  /** 'field A3', 'column B', 'whole warehouse'. */
  scope_label: z.string(),
  started_by: z.string().nullable(),
  started_at: z.string(),
  field_count: z.number().int(),
  checked_count: z.number().int(),
  /** Findings other than in place that are not fixed yet. */
  open_count: z.number().int(),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

const auditSchema = auditSummarySchema.extend({ fields: z.array(auditFieldSchema) });
export type Audit = z.infer<typeof auditSchema>;

const startAuditBodySchema = z
  .object({
    warehouseId: idInput('Choose a warehouse.'),
    scope: z.enum(auditScopeKinds, { error: 'Scope must be field, column or warehouse.' }),
    fieldId: idInput('Choose a field.').optional(),
    /** Or the field by its name, as staff read it off the floor: 'A3'. */
    fieldName: z.string().trim().toUpperCase().max(20, 'Field name is too long.').optional(),
    /** Column letters, as in the field names: 'B' for B1, B2 ... */
    column: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,3}$/, 'Column must be letters, as in the field names.')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.scope === 'field' && body.fieldId === undefined && !body.fieldName)
      ctx.addIssue({ code: 'custom', message: 'Choose a field to audit.', path: ['fieldId'] });
    if (body.scope === 'column' && body.column === undefined)
      ctx.addIssue({ code: 'custom', message: 'Choose a column to audit.', path: ['column'] });
  });
export type StartAuditBody = z.infer<typeof startAuditBodySchema>;

const checkFieldBodySchema = z.object({
  seen: z
    .array(
      z
        .string({ error: 'Each vault number must be text.' })
        .trim()
        .min(1, 'A vault number cannot be blank.')
        .max(
          VAULT_NUMBER_MAX_LENGTH,
          `Vault number must be at most ${VAULT_NUMBER_MAX_LENGTH} characters.`,
        ),
      { error: 'seen must be a list of vault numbers.' },
    )
    .max(AUDIT_SCAN_MAX, `At most ${AUDIT_SCAN_MAX} vault numbers per field.`),
});
export type CheckFieldBody = z.infer<typeof checkFieldBodySchema>;

const fixFindingBodySchema = z.object({
  /** The vault whose finding to fix; for order the whole field is restacked. */
  vaultId: idInput(),
  /** Put the record on the stage instead of into this field (when the field has no room). */
  toStage: z.boolean().optional().default(false),
});
export type FixFindingBody = z.infer<typeof fixFindingBodySchema>;

const fixFindingResponseSchema = z.object({
  audit: auditSchema,
  /** What was done, in a sentence for the person who tapped. */
  message: z.string(),
});

const auditParams = z.object({ id: idInput() });
const auditFieldParams = z.object({ id: idInput(), fieldId: idInput() });

export const listAudits = defineEndpoint({
  method: 'GET',
  path: '/api/audits',
  summary: "The company's floor audits, newest first.",
  tag: 'audits',
  access: 'session',
  response: z.array(auditSummarySchema),
});

export const startAudit = defineEndpoint({
  method: 'POST',
  path: '/api/audits',
  summary: 'Starts a floor audit of a field, a column of fields or a whole warehouse.',
  tag: 'audits',
  access: 'session',
  body: startAuditBodySchema,
  response: auditSchema,
});

export const getAudit = defineEndpoint({
  method: 'GET',
  path: '/api/audits/:id',
  summary: 'One audit with its fields and findings.',
  tag: 'audits',
  access: 'session',
  params: auditParams,
  response: auditSchema,
});

export const checkAuditField = defineEndpoint({
  method: 'PUT',
  path: '/api/audits/:id/fields/:fieldId',
  summary:
    'Records the vault numbers seen in one field, bottom to top, and compares them with the records. Changes no vault.',
  tag: 'audits',
  access: 'session',
  params: auditFieldParams,
  body: checkFieldBodySchema,
  response: auditSchema,
});

export const fixAuditFinding = defineEndpoint({
  method: 'POST',
  path: '/api/audits/:id/fields/:fieldId/fix',
  summary:
    "Fixes one finding by moving the vault's record under the placement rules, with the audit as the reason in its history.",
  tag: 'audits',
  access: 'session',
  params: auditFieldParams,
  body: fixFindingBodySchema,
  response: fixFindingResponseSchema,
});

/** Not JSON: a `text/csv` attachment, one row per finding. */
export const exportAuditCsv = defineEndpoint({
  method: 'GET',
  path: '/api/audits/:id/audit.csv',
  summary: 'The audit as CSV: field, status, vault, seen and recorded positions, fix.',
  tag: 'audits',
  access: 'session',
  params: auditParams,
  download: { contentTypes: ['text/csv'] },
  response: z.unknown(),
});

/** Not JSON: an `application/pdf` attachment. */
export const exportAuditPdf = defineEndpoint({
  method: 'GET',
  path: '/api/audits/:id/audit.pdf',
  summary: 'The audit as a PDF report (US Letter).',
  tag: 'audits',
  access: 'session',
  params: auditParams,
  download: { contentTypes: ['application/pdf'] },
  response: z.unknown(),
});

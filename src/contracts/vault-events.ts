import { z } from 'zod';
import { idParamsSchema, idSchema } from './common';
import { defineEndpoint } from './endpoint';
import { vaultTypeSchema } from './vaults';

/** Where a vault stood: the warehouse and field by name, as they were at the time. */
const vaultPlaceSchema = z.object({
  warehouse: z.string(),
  field: z.string(),
  position: z.number().int(),
});
export type VaultPlace = z.infer<typeof vaultPlaceSchema>;

/** null: the vault was in stage. */
const placeOrStage = vaultPlaceSchema.nullable();

/**
 * The floor workflow that made a move or a staging (an audit's fix, a dig-out's step, a pull
 * list's step for a customer's request).
 */
const workflowReasonSchema = z.object({
  kind: z.enum(['audit', 'dig-out', 'request']),
  id: idSchema,
});
export type VaultEventReason = z.infer<typeof workflowReasonSchema>;

/**
 * What each kind of history event records, one schema per kind. To add a kind (an audit, a
 * dig-out, an import), add one entry here; the compiler then asks the server for its details
 * wherever it is written and the client for its sentence (`vault-history.tsx`).
 */
const vaultEventDetailsSchemas = {
  created: z.object({
    to: placeOrStage,
    customer_name: z.string().nullable().optional(),
    order_name: z.string().nullable().optional(),
    type: vaultTypeSchema.optional(),
    /** Set on events made by the demo generator. */
    note: z.string().optional(),
  }),
  edited: z.object({
    /** Each changed key with its value before and after. */
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
    at: placeOrStage,
  }),
  staged: z.object({ from: placeOrStage, to: z.null(), reason: workflowReasonSchema.optional() }),
  moved: z.object({
    from: placeOrStage,
    to: vaultPlaceSchema,
    /** Why the vault moved without being moved itself. */
    reason: z.union([z.literal('vault below deleted'), workflowReasonSchema]).optional(),
  }),
  deleted: z.object({
    from: placeOrStage,
    customer_name: z.string().nullable().optional(),
    order_name: z.string().nullable().optional(),
    type: vaultTypeSchema.optional(),
    reason: z.literal('warehouse deleted').optional(),
  }),
  /** The goods went out: the vault left `from` on `on`, a day (decision 0492). */
  released: z.object({ from: placeOrStage, on: z.string() }),
  attached: z.object({ file_name: z.string(), size_bytes: z.number().int() }),
  /** Written by a spreadsheet import: which one, which row, and what it did to the vault. */
  imported: z.object({
    import_id: z.number().int(),
    file_name: z.string(),
    row: z.number().int(),
    action: z.enum(['created', 'moved', 'updated']),
    from: placeOrStage,
    to: placeOrStage,
    customer_name: z.string().nullable(),
    order_name: z.string().nullable(),
    type: vaultTypeSchema,
  }),
} as const;

type DetailsSchemas = typeof vaultEventDetailsSchemas;
export type VaultEventKind = keyof DetailsSchemas;
export type VaultEventDetails<K extends VaultEventKind> = z.infer<DetailsSchemas[K]>;

const eventBase = {
  id: z.number().int(),
  vault_id: idSchema,
  vault_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  at: z.string(),
};

function eventSchema<K extends VaultEventKind>(kind: K) {
  return z.object({ ...eventBase, kind: z.literal(kind), details: vaultEventDetailsSchemas[kind] });
}

/** One history event: `kind` tells which `details` it carries. */
export const vaultEventSchema = z.discriminatedUnion('kind', [
  eventSchema('created'),
  eventSchema('edited'),
  eventSchema('staged'),
  eventSchema('moved'),
  eventSchema('deleted'),
  eventSchema('released'),
  eventSchema('attached'),
  eventSchema('imported'),
]);
export type VaultEvent = z.infer<typeof vaultEventSchema>;

export const vaultHistory = defineEndpoint({
  method: 'GET',
  path: '/api/vaults/:id/history',
  summary: "The vault's events, newest first; readable after the vault is deleted.",
  tag: 'vaults',
  access: 'session',
  params: idParamsSchema,
  response: z.array(vaultEventSchema),
});

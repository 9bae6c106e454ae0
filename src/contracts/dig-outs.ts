import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idSchema } from './common';

const digOutPlaceSchema = z.object({
  field_id: idSchema,
  field_name: z.string(),
  position: z.number().int(),
});

const digOutStepKinds = ['aside', 'out', 'back'] as const;

const digOutStepSchema = z.object({
  /** aside: a vault above comes off; out: the target to the stage; back: put back after. */
  kind: z.enum(digOutStepKinds),
  vault_id: idSchema,
  vault_name: z.string().nullable(),
  from: digOutPlaceSchema.nullable(),
  /** The proposed (or, once done, the actual) place; null is the stage. */
  to: digOutPlaceSchema.nullable(),
  done_at: z.string().nullable(),
  done_by: z.string().nullable(),
});
export type DigOutStep = z.infer<typeof digOutStepSchema>;

const digOutPlanSchema = z.object({
  vault_id: idSchema,
  vault_name: z.string().nullable(),
  warehouse_id: idSchema,
  warehouse_name: z.string(),
  field_name: z.string(),
  position: z.number().int(),
  steps: z.array(digOutStepSchema),
  /** A sentence for staff when some vaults have no field to go to and go to the stage. */
  notice: z.string().nullable(),
});
export type DigOutPlan = z.infer<typeof digOutPlanSchema>;

const digOutSchema = digOutPlanSchema.extend({
  id: idSchema,
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Vaults the put-back left where they are, with the reason. */
  left: z.array(z.object({ vault_name: z.string().nullable(), reason: z.string() })),
});
export type DigOut = z.infer<typeof digOutSchema>;

const digOutSummarySchema = digOutSchema
  .pick({
    id: true,
    vault_id: true,
    vault_name: true,
    warehouse_name: true,
    field_name: true,
    created_by: true,
    created_at: true,
  })
  .extend({ step_count: z.number().int(), done_count: z.number().int() });
export type DigOutSummary = z.infer<typeof digOutSummarySchema>;

const vaultParams = z.object({ vaultId: idInput() });
const digOutParams = z.object({ id: idInput() });

export const listDigOuts = defineEndpoint({
  method: 'GET',
  path: '/api/dig-outs',
  summary: "The company's latest dig-outs, newest first, with how many moves are done.",
  tag: 'dig-outs',
  access: 'session',
  response: z.array(digOutSummarySchema),
});

export const planDigOut = defineEndpoint({
  method: 'GET',
  path: '/api/dig-outs/plan/:vaultId',
  summary:
    'Proposes the forklift moves that free a vault that is not on top: the vaults above, each to the nearest field with a free slot, else the stage. Changes nothing.',
  tag: 'dig-outs',
  access: 'session',
  params: vaultParams,
  response: digOutPlanSchema,
});

export const startDigOut = defineEndpoint({
  method: 'POST',
  path: '/api/dig-outs',
  summary: 'Confirms a dig-out: plans it again from the records and saves it as a checklist.',
  tag: 'dig-outs',
  access: 'session',
  body: z.object({ vaultId: idInput() }),
  response: digOutSchema,
});

export const getDigOut = defineEndpoint({
  method: 'GET',
  path: '/api/dig-outs/:id',
  summary: 'One dig-out with its steps.',
  tag: 'dig-outs',
  access: 'session',
  params: digOutParams,
  response: digOutSchema,
});

export const doDigOutStep = defineEndpoint({
  method: 'POST',
  path: '/api/dig-outs/:id/steps/:index',
  summary:
    'Carries out the next step: moves the vault under the placement rules (or to the stage), recorded in its history with the dig-out as the reason.',
  tag: 'dig-outs',
  access: 'session',
  params: z.object({
    id: idInput(),
    index: z.coerce
      .number({ error: 'Step must be a number.' })
      .int('Step must be a whole number.')
      .min(0, 'Step must be at least 0.')
      .max(1000, 'Step must be at most 1000.'),
  }),
  body: z.object({ toStage: z.boolean().optional().default(false) }),
  response: digOutSchema,
});

export const putBackDigOut = defineEndpoint({
  method: 'POST',
  path: '/api/dig-outs/:id/put-back',
  summary:
    'Once the target is out: adds the steps that put the other vaults back into their field in their old order, as far as its slots are free.',
  tag: 'dig-outs',
  access: 'session',
  params: digOutParams,
  response: digOutSchema,
});

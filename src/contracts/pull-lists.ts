import { z } from 'zod';
import { isIsoDate } from '../domain/calendar-days';
import { requestKinds, requestStatuses } from '../domain/storage-requests';
import { idInput, idSchema } from './common';
import { defineEndpoint } from './endpoint';

// The day's pull list (issue 32 §3, decision 0550): one plan for every confirmed request of a
// date, carried out by the crew one scanned vault at a time.

const placeSchema = z.object({
  field_id: idSchema,
  field_name: z.string(),
  position: z.number().int(),
});

const pullListVaultSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  type: z.string(),
  warehouse_name: z.string().nullable(),
  /** Null while on the stage (or released). */
  field_name: z.string().nullable(),
  position: z.number().int().nullable(),
  staged: z.boolean(),
  released_on: z.string().nullable(),
  pulled_at: z.string().nullable(),
  pulled_by: z.string().nullable(),
  /** For an access request, where the vault goes back once the customer has seen it. */
  put_back: z.object({ field_id: idSchema, field_name: z.string() }).nullable(),
});

const pullListRequestSchema = z.object({
  id: idSchema,
  customer_id: idSchema,
  customer_name: z.string(),
  kind: z.enum(requestKinds),
  status: z.enum(requestStatuses),
  note: z.string(),
  vaults: z.array(pullListVaultSchema),
});
export type PullListRequest = z.infer<typeof pullListRequestSchema>;

const pullListStepSchema = z.object({
  /** aside: a vault on top moves to another field first; pull: a requested vault to the stage. */
  kind: z.enum(['aside', 'pull']),
  vault_id: idSchema,
  vault_name: z.string().nullable(),
  /** The request it is pulled for, or whose vault it uncovers. */
  request_id: idSchema,
  warehouse_name: z.string().nullable(),
  /** Null: the vault is on the stage already. */
  from: placeSchema.nullable(),
  /** Where an aside goes (done: where it went); null is the stage. Null for a pull. */
  to: placeSchema.nullable(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  done_by: z.string().nullable(),
});
export type PullListStep = z.infer<typeof pullListStepSchema>;

const pullListSchema = z.object({
  date: z.string(),
  requests: z.array(pullListRequestSchema),
  /** Done steps first, in the order they were done; then the plan for the rest. */
  steps: z.array(pullListStepSchema),
  /** Forklift moves of the day: done ones and the plan for the rest. */
  moves: z.number().int(),
  /** The moves the same day needs when each request is planned and done on its own. */
  moves_one_by_one: z.number().int(),
  /** A sentence when some vaults have no field to go to and wait on the stage. */
  notice: z.string().nullable(),
});
export type PullList = z.infer<typeof pullListSchema>;

const dateParams = z.object({
  date: z.string().refine(isIsoDate, 'The date must be a real date written YYYY-MM-DD.'),
});

export const getPullList = defineEndpoint({
  method: 'GET',
  path: '/api/pull-lists/:date',
  summary:
    "The day's pull list: the confirmed, started and done requests due that day, and one ordered plan of forklift steps (move aside, pull) planned again from the records.",
  tag: 'pull-lists',
  access: 'session',
  params: dateParams,
  response: pullListSchema,
});

/** A label's scanned address fits, and any vault number. */
export const PULL_CODE_MAX_LENGTH = 200;

export const confirmPullStep = defineEndpoint({
  method: 'POST',
  path: '/api/pull-lists/:date/steps',
  summary:
    "Confirms the list's next step by the vault's scanned (or typed) code or number: moves it aside through the placement rules, or stages it and records the pull. A wrong vault is refused with where the right one stands.",
  tag: 'pull-lists',
  access: 'session',
  params: dateParams,
  body: z.object({
    /** The step's vault as the crew's screen shows it, so a list changed meanwhile is refused. */
    vault_id: idInput(),
    code: z
      .string({ error: 'Scan or type the vault code.' })
      .trim()
      .min(1, 'Scan or type the vault code.')
      .max(PULL_CODE_MAX_LENGTH, `A code has at most ${PULL_CODE_MAX_LENGTH} characters.`),
  }),
  response: pullListSchema,
});

export const completeRequest = defineEndpoint({
  method: 'POST',
  path: '/api/requests/:id/complete',
  summary:
    'Completes a request once its vaults are pulled: a release releases them (billing stops that day); an access request puts them back in a field (the proposed one, or the one staff name) and records the visit.',
  tag: 'pull-lists',
  access: 'session',
  params: z.object({ id: idInput() }),
  body: z.object({
    /** Access only: another field (by name, in the vault's warehouse) than the proposed one. */
    put_back: z
      .array(
        z.object({
          vault_id: idInput(),
          field_name: z.string().trim().min(1, 'Name the field.').max(20, 'A field name is short.'),
        }),
      )
      .max(500)
      .optional()
      .default([]),
  }),
  response: pullListRequestSchema,
});

import { z } from 'zod';
import { isIsoDate } from '../domain/calendar-days';
import { idInput, idParamsSchema, idSchema } from './common';
import { defineEndpoint } from './endpoint';
import { vaultTypeSchema } from './vaults';

// Receiving by release date (issue 32 §4): where an arriving vault should go so that sooner
// releases sit on top, and how many vaults each week will need digging out. Floor work, so
// every role may ask.

const suggestedPlaceQuerySchema = z.object({
  type: vaultTypeSchema.default('vault'),
  expected_release: z
    .string({ error: 'Expected release is required (YYYY-MM-DD).' })
    .refine(isIsoDate, 'Expected release must be a real date written YYYY-MM-DD.'),
  customer_id: idInput('Customer id must be a positive whole number.').optional(),
  /** The field staff started from; the suggestion then prefers the nearest good field. */
  from_field_id: idInput('From field id must be a positive whole number.').optional(),
});
export type SuggestedPlaceQuery = z.infer<typeof suggestedPlaceQuerySchema>;

const suggestedPlaceSchema = z.object({
  /** null, with the position and name, when no field has room: `reason` then says so. */
  field_id: idSchema.nullable(),
  field_name: z.string().nullable(),
  position: z.number().int().nullable(),
  /** The sentence staff read: why this place, or why there is none. */
  reason: z.string(),
});
export type SuggestedPlace = z.infer<typeof suggestedPlaceSchema>;

export const suggestPlace = defineEndpoint({
  method: 'GET',
  path: '/api/warehouses/:id/suggested-place',
  summary:
    'Suggests the field and position for an arriving vault so that vaults due out sooner sit on top: on a stack leaving the same week or later, else an empty field, else the least harm. Changes nothing.',
  tag: 'receiving',
  access: 'session',
  params: idParamsSchema,
  query: suggestedPlaceQuerySchema,
  response: suggestedPlaceSchema,
});

const outlookWeekSchema = z.object({
  /** The Monday of the week, YYYY-MM-DD. */
  week_start: z.iso.date(),
  /** Vaults in the warehouse whose expected release falls in the week. */
  due: z.number().int(),
  /** Of those, how many have a vault due later (or with no date) on top of them. */
  needing_dig_out: z.number().int(),
});

const releaseOutlookSchema = z.object({ weeks: z.array(outlookWeekSchema) });
export type ReleaseOutlook = z.infer<typeof releaseOutlookSchema>;

export const getReleaseOutlook = defineEndpoint({
  method: 'GET',
  path: '/api/warehouses/:id/release-outlook',
  summary:
    "Per week with vaults due out of the warehouse, how many are due and how many of them will need digging out first, from the vaults' expected release dates.",
  tag: 'receiving',
  access: 'session',
  params: idParamsSchema,
  response: releaseOutlookSchema,
});

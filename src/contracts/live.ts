import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idSchema } from './common';

/**
 * One change, as the event stream (`GET /api/live/events`) sends it in `data:` after
 * `event: change`. `version` is the event's own number, also its SSE `id`, rising with every
 * change; `id` names the changed entity when one was, null when a statement changed several;
 * `warehouse` is null when unknown (a warehouse removed with everything in it).
 */
export const liveEventSchema = z.object({
  version: idSchema,
  company: idSchema,
  warehouse: idSchema.nullable(),
  entity: z.enum([
    'warehouse',
    'field',
    'vault',
    'rack',
    'shelf',
    'pallet',
    'checklist',
    'presence',
  ]),
  id: idSchema.nullable(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

const presenceSchema = z.object({
  warehouseId: idSchema,
  /** Everyone else with the warehouse open, one entry per person however many tabs. */
  people: z.array(z.object({ userId: idSchema, name: z.string() })),
});
export type Presence = z.infer<typeof presenceSchema>;

export const getPresence = defineEndpoint({
  method: 'GET',
  path: '/api/live/presence/:warehouseId',
  summary: 'Who else has this warehouse open.',
  tag: 'live',
  access: 'session',
  params: z.object({ warehouseId: idInput() }),
  response: presenceSchema,
});

export const announcePresence = defineEndpoint({
  method: 'POST',
  path: '/api/live/presence/:warehouseId',
  summary:
    'Says this browser tab has the warehouse open (`here: true`, repeated every 20 s) or left it.',
  tag: 'live',
  access: 'session',
  params: z.object({ warehouseId: idInput() }),
  body: z.object({
    tab: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'tab must be 8 to 64 letters, digits or dashes.'),
    here: z.boolean(),
  }),
  response: presenceSchema,
});

import { z } from 'zod';
import { isIsoDate } from '../domain/calendar-days';
import { requestKinds, requestStatuses } from '../domain/storage-requests';
import { idInput, idParamsSchema, idSchema } from './common';
import { defineEndpoint } from './endpoint';
import { vaultTypeSchema } from './vaults';

// A customer's release and access requests (issue 32): the office's calls, and the customer's
// link, which answers without a session and never says where a vault stands (decision 0540).

export const REQUEST_NOTE_MAX = 1000;
export const REQUEST_ITEMS_TEXT_MAX = 2000;
/** The most vaults one request may name; a release of everything names none. */
const REQUEST_VAULTS_MAX = 500;
/** Requests a customer's link may have waiting for the office at once. */
export const PORTAL_ASKED_MAX = 10;

const isoDateSchema = z.iso.date();
const kindSchema = z.enum(requestKinds, {
  error: 'Kind must be one of release_all, release_vaults, release_items or access.',
});
const statusSchema = z.enum(requestStatuses, {
  error: 'Status must be one of asked, confirmed, in_progress, done or cancelled.',
});
const dateInput = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .refine(isIsoDate, `${label} must be a real date written YYYY-MM-DD.`);

const itemSchema = z.object({ lot: z.string(), tag: z.number().int() });

const requestVaultSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  type: vaultTypeSchema,
  /** Where it stands now: its field, or for a staged vault the warehouse it left, or null. */
  warehouse_id: idSchema.nullable(),
  warehouse_name: z.string().nullable(),
  field_name: z.string().nullable(),
  position: z.number().int().nullable(),
  staged: z.boolean(),
  released_on: isoDateSchema.nullable(),
  pulled_at: z.string().nullable(),
});
export type RequestVault = z.infer<typeof requestVaultSchema>;

const requestAnswerSchema = z.object({
  id: idSchema,
  customer_id: idSchema,
  customer_name: z.string(),
  kind: kindSchema,
  due_on: isoDateSchema,
  status: statusSchema,
  items: z.array(itemSchema),
  note: z.string(),
  /** A staff member's email, or "customer link". */
  asked_by: z.string(),
  created_at: z.string(),
  /** The vaults it takes, resolved when the office confirms it; empty until then. */
  vaults: z.array(requestVaultSchema),
  /** The vaults named when asking (release some vaults, access); empty for the other kinds. */
  asked_vaults: z.array(z.object({ id: idSchema, name: z.string().nullable() })),
});
export type RequestAnswer = z.infer<typeof requestAnswerSchema>;

const historyEntrySchema = z.object({
  /** asked, confirmed, cancelled, started, pulled, done or visit. */
  kind: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor: z.string().nullable(),
  at: z.string(),
});
export type RequestHistoryEntry = z.infer<typeof historyEntrySchema>;

const requestDetailSchema = requestAnswerSchema.extend({ history: z.array(historyEntrySchema) });
export type RequestDetail = z.infer<typeof requestDetailSchema>;

const noteSchema = z
  .string({ error: 'Note must be text.' })
  .trim()
  .max(REQUEST_NOTE_MAX, `Note must be at most ${REQUEST_NOTE_MAX} characters.`);
const itemsTextSchema = z
  .string({ error: 'Items must be text, as in "LOT 4471, tags 37, 112".' })
  .trim()
  .max(REQUEST_ITEMS_TEXT_MAX, `Items must be at most ${REQUEST_ITEMS_TEXT_MAX} characters.`);
const vaultIdsSchema = z
  .array(idInput('Each vault id must be a positive whole number.'), {
    error: 'vault_ids must be a list of vault ids.',
  })
  .max(REQUEST_VAULTS_MAX, `A request may name at most ${REQUEST_VAULTS_MAX} vaults.`);

/** What is asked, by the office or on the customer's link. */
const askSchema = z.object({
  kind: kindSchema,
  due_on: dateInput('The date'),
  vault_ids: vaultIdsSchema.optional(),
  items: itemsTextSchema.optional(),
  note: noteSchema.optional(),
});
export type AskBody = z.infer<typeof askSchema>;

const createRequestBodySchema = askSchema
  .extend({ customer_id: idInput('customer_id must be a customer id.') })
  .strict();
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

const listQuerySchema = z
  .object({
    status: statusSchema.optional(),
    date: dateInput('The date').optional(),
    customer_id: idInput('customer_id must be a customer id.').optional(),
  })
  .strict();
export type ListRequestsQuery = z.infer<typeof listQuerySchema>;

export const listRequests = defineEndpoint({
  method: 'GET',
  path: '/api/requests',
  summary:
    'Requests of the company by date, then status: all, or of one status, date or customer. The crew read them too.',
  tag: 'requests',
  access: 'session',
  query: listQuerySchema,
  response: z.object({ requests: z.array(requestAnswerSchema) }),
});

export const createRequest = defineEndpoint({
  method: 'POST',
  path: '/api/requests',
  summary:
    'A request for a customer and a date: release everything, some vaults, items by tag (the vaults holding them are found), or access. Status asked.',
  tag: 'requests',
  access: 'session',
  role: 'office',
  body: createRequestBodySchema,
  response: requestAnswerSchema,
});

export const getRequest = defineEndpoint({
  method: 'GET',
  path: '/api/requests/:id',
  summary: 'A request with its vaults, where each stands, and its history.',
  tag: 'requests',
  access: 'session',
  params: idParamsSchema,
  response: requestDetailSchema,
});

export const confirmRequest = defineEndpoint({
  method: 'POST',
  path: '/api/requests/:id/confirm',
  summary:
    'Confirms an asked request and resolves the vaults it takes; a vault released or taken by another open request is refused.',
  tag: 'requests',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: requestDetailSchema,
});

export const cancelRequest = defineEndpoint({
  method: 'POST',
  path: '/api/requests/:id/cancel',
  summary: 'Cancels a request that is not done; its vaults are free for other requests.',
  tag: 'requests',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: requestDetailSchema,
});

const portalLinkSchema = z.object({ url: z.string().nullable() });

export const getPortalLink = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:id/portal-link',
  summary: "The customer's link, or null when none was made.",
  tag: 'requests',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: portalLinkSchema,
});

export const renewPortalLink = defineEndpoint({
  method: 'POST',
  path: '/api/customers/:id/portal-link',
  summary:
    "Makes the customer's link, or a new one: the old link stops working at once (decision 0015).",
  tag: 'requests',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: z.object({ url: z.string() }),
});

const tokenParamsSchema = z.object({ token: z.string() });

/** A vault as its owner sees it: what it is and since when, never where it stands. */
const portalVaultSchema = z
  .object({
    id: idSchema,
    name: z.string().nullable(),
    type: vaultTypeSchema,
    date_in: isoDateSchema,
  })
  .strict();

const portalRequestSchema = z
  .object({
    id: idSchema,
    kind: kindSchema,
    due_on: isoDateSchema,
    status: statusSchema,
    items: z.array(itemSchema),
    note: z.string(),
    created_at: z.string(),
    /** The vaults it takes once confirmed, else those named when asking. */
    vaults: z.array(z.object({ id: idSchema, name: z.string().nullable() }).strict()),
  })
  .strict();
export type PortalRequest = z.infer<typeof portalRequestSchema>;

const portalAnswerSchema = z
  .object({
    customer_name: z.string(),
    company_name: z.string(),
    /** The first day a request may be asked for. */
    today: isoDateSchema,
    vaults: z.array(portalVaultSchema),
    requests: z.array(portalRequestSchema),
  })
  .strict();
export type PortalAnswer = z.infer<typeof portalAnswerSchema>;

export const getPortal = defineEndpoint({
  method: 'GET',
  path: '/api/portal/:token',
  summary:
    "The customer's page: their vaults (name, type, date in; never where they stand) and their requests. No session; rate-limited.",
  tag: 'portal',
  access: 'public',
  params: tokenParamsSchema,
  response: portalAnswerSchema,
});

export const askOnPortal = defineEndpoint({
  method: 'POST',
  path: '/api/portal/:token/requests',
  summary:
    'The customer asks for a release or access on a date; the office confirms it. No session; rate-limited.',
  tag: 'portal',
  access: 'public',
  params: tokenParamsSchema,
  body: askSchema.strict(),
  response: portalRequestSchema,
});

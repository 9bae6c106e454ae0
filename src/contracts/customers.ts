import { z } from 'zod';
import { isIsoDate } from '../domain/calendar-days';
import { accountTypes } from '../domain/sit-clock';
import { idParamsSchema, idSchema, okSchema } from './common';
import { defineEndpoint } from './endpoint';
import { vaultEventSchema } from './vault-events';
import { vaultTypeSchema } from './vaults';

// Customers as records (issue 31): the office keeps them, so every call here is office work.

export const CUSTOMER_CONTACT_MAX = 200;
export const CUSTOMER_ADDRESS_MAX = 500;
export const CUSTOMER_NOTES_MAX = 4000;
export const AUTHORISED_DAYS_MAX = 3650;
/** The storage report covers at most this many months per call. */
export const REPORT_MONTHS_MAX = 36;

const isoDateSchema = z.iso.date();
const accountTypeSchema = z.enum(accountTypes, {
  error: 'Account type must be sit or permanent.',
});

const dateInput = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .refine(isIsoDate, `${label} must be a real date written YYYY-MM-DD.`);

const sitClockSchema = z.object({
  daysUsed: z.number().int(),
  authorisedDays: z.number().int(),
  authorisedUntil: isoDateSchema,
  daysLeft: z.number().int(),
  conversionDate: isoDateSchema,
  daysToConversion: z.number().int(),
  status: z.enum(['running', 'ending', 'over-authorised', 'converted']),
});
export type SitClockAnswer = z.infer<typeof sitClockSchema>;

const customerRecordSchema = z.object({
  id: idSchema,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
  accountType: accountTypeSchema,
  storageStart: isoDateSchema,
  authorisedDays: z.number().int(),
  /** The conversion date in force: the one set, or storage start plus 180 days. */
  conversionDate: isoDateSchema,
  /** Whether the conversion date was set by hand rather than taken from the start. */
  conversionDateSet: z.boolean(),
  /** null for permanent storage. */
  sitClock: sitClockSchema.nullable(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

const customerSummarySchema = customerRecordSchema
  .pick({ id: true, name: true, phone: true, email: true, accountType: true, storageStart: true })
  .extend({
    vaultCount: z.number().int(),
    palletCount: z.number().int(),
    sitClock: sitClockSchema.nullable(),
  });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/**
 * Where a vault stands: in a field, or in stage (with the field it left, when known), or
 * released: gone out to the customer on that day (decision 0492).
 */
const vaultStandingSchema = z.discriminatedUnion('at', [
  z.object({
    at: z.literal('field'),
    warehouse: z.string(),
    warehouseSlug: z.string(),
    field: z.string(),
    position: z.number().int(),
  }),
  z.object({ at: z.literal('stage'), lastField: z.string().nullable() }),
  z.object({ at: z.literal('released'), on: isoDateSchema }),
]);
export type VaultStanding = z.infer<typeof vaultStandingSchema>;

const customerVaultSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  type: vaultTypeSchema,
  order: z.string().nullable(),
  standing: vaultStandingSchema,
  dateIn: isoDateSchema,
  /** The date-in day counts: a vault that came in today has one day; released, up to its release day. */
  daysInStorage: z.number().int(),
});

const customerPalletSchema = z.object({
  id: idSchema,
  name: z.string(),
  palletNumber: z.string(),
  warehouse: z.string(),
  rack: z.string(),
  /** Shelves are numbered from 1 at the bottom. */
  shelf: z.number().int(),
  shelfSpots: z.number().int(),
  dateIn: isoDateSchema,
  daysInStorage: z.number().int(),
});

const customerDetailSchema = z.object({
  customer: customerRecordSchema,
  today: isoDateSchema,
  vaults: z.array(customerVaultSchema),
  pallets: z.array(customerPalletSchema),
  /** The latest events of the customer's vaults, newest first. */
  history: z.array(vaultEventSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/customers',
  summary:
    'Every customer of the company by name, with contact, vault and pallet counts and the SIT clock; empty-unit names are not customers.',
  tag: 'customers',
  access: 'session',
  role: 'office',
  response: z.array(customerSummarySchema),
});

export const listSitEnding = defineEndpoint({
  method: 'GET',
  path: '/api/customers/sit-ending',
  summary:
    'SIT accounts whose authorised days end or that convert to permanent storage within 14 days, or that are over their authorised days.',
  tag: 'customers',
  access: 'session',
  role: 'office',
  response: z.array(
    customerSummarySchema.pick({ id: true, name: true }).extend({ sitClock: sitClockSchema }),
  ),
});

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:id',
  summary: "A customer's record, vaults and pallets with where each stands, history and SIT clock.",
  tag: 'customers',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: customerDetailSchema,
});

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`);

/** A customer's contact as the customer screen and the spreadsheet import take it. */
export const customerContactInputs = {
  phone: text('Phone', CUSTOMER_CONTACT_MAX),
  email: text('Email', CUSTOMER_CONTACT_MAX).refine(
    (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'Email must look like name@example.com.',
  ),
  address: text('Address', CUSTOMER_ADDRESS_MAX),
};

const updateCustomerBodySchema = z
  .object({
    ...customerContactInputs,
    notes: text('Notes', CUSTOMER_NOTES_MAX),
    accountType: accountTypeSchema,
    storageStart: dateInput('Storage start'),
    authorisedDays: z
      .int({ error: 'Authorised days must be a whole number.' })
      .min(1, 'Authorised days must be at least 1.')
      .max(AUTHORISED_DAYS_MAX, `Authorised days must be at most ${AUTHORISED_DAYS_MAX}.`),
    /** null: the default, storage start plus 180 days. */
    conversionDate: dateInput('Conversion date').nullable(),
  })
  .partial()
  .strict()
  .refine(
    (b) => b.conversionDate == null || b.storageStart == null || b.conversionDate > b.storageStart,
    { message: 'The conversion date must come after the storage start.' },
  );
export type UpdateCustomerBody = z.infer<typeof updateCustomerBodySchema>;

export const updateCustomer = defineEndpoint({
  method: 'PATCH',
  path: '/api/customers/:id',
  summary: "Changes a customer's contact, account type, SIT dates or notes; fields not sent stay.",
  tag: 'customers',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: updateCustomerBodySchema,
  response: customerRecordSchema,
});

export const conversionNotice = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:id/conversion-notice',
  summary:
    'The letter telling a SIT customer that their storage converts to permanent storage (application/pdf).',
  tag: 'customers',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  download: { contentTypes: ['application/pdf'] },
  response: z.unknown(),
});

const monthInput = (label: string) =>
  z
    .string({ error: `${label} must be a month written YYYY-MM.` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} must be a month written YYYY-MM.`);

const storageReportQuerySchema = z
  .object({ from: monthInput('From'), to: monthInput('To') })
  .refine((q) => q.from <= q.to, { message: 'From must not come after To.' });
export type StorageReportQuery = z.infer<typeof storageReportQuerySchema>;

const storageReportRowSchema = z.object({
  customerId: idSchema,
  customerName: z.string(),
  month: z.string(),
  vaults: z.number().int(),
  vaultDays: z.number().int(),
  vaultMonths: z.number(),
  palletSpots: z.number().int(),
  palletSpotDays: z.number().int(),
  palletSpotMonths: z.number(),
  cwt: z.number(),
  cwtMonths: z.number(),
  unweighed: z.number().int(),
  firstDay: isoDateSchema,
  lastDay: isoDateSchema,
});

const storageReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: isoDateSchema,
  /** The company's setting: whether vaults in stage count. */
  countsStaged: z.boolean(),
  rows: z.array(storageReportRowSchema),
});
export type StorageReport = z.infer<typeof storageReportSchema>;

export const getStorageReport = defineEndpoint({
  method: 'GET',
  path: '/api/storage-report',
  summary:
    'Per customer per month: vault-days and vault-months, pallet shelf spots, weight in CWT (100 lb) and CWT-months, first and last day; each vault counts from its date in to today or its release.',
  tag: 'customers',
  access: 'session',
  role: 'office',
  query: storageReportQuerySchema,
  response: storageReportSchema,
});

export const storageReportFormats = ['csv', 'xlsx'] as const;

export const downloadStorageReport = defineEndpoint({
  method: 'GET',
  path: '/api/storage-report/:format',
  summary:
    "The storage report for accounting, one line per customer per month in QuickBooks Online's invoice import columns, rate left empty (text/csv or xlsx).",
  tag: 'customers',
  access: 'session',
  role: 'office',
  params: z.object({
    format: z.enum(storageReportFormats, { error: 'Format must be csv or xlsx.' }),
  }),
  query: storageReportQuerySchema,
  download: {
    contentTypes: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  response: z.unknown(),
});

export const updateStorageReportSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/storage-report/settings',
  summary: "The company's storage report setting: whether vaults in stage count.",
  tag: 'customers',
  access: 'session',
  role: 'admin',
  body: z
    .object({ countsStaged: z.boolean({ error: 'countsStaged must be true or false.' }) })
    .strict(),
  response: okSchema,
});

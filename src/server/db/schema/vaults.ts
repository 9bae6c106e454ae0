import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accountTypes } from '../../../domain/sit-clock';
import { vaultTypes } from '../../../contracts/vaults';

export const customers = pgTable('customers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  notes: text('notes').notNull().default(''),
  accountType: text('account_type', { enum: accountTypes }).notNull().default('permanent'),
  storageStart: date('storage_start', { mode: 'string' })
    .notNull()
    .default(sql`CURRENT_DATE`),
  authorisedDays: integer('authorised_days').notNull().default(90),
  /** null: the default, storage start plus the SIT conversion period (src/domain/sit-clock.ts). */
  conversionDate: date('conversion_date', { mode: 'string' }),
  /** The customer's link (issue 32): null until the office makes one; renewing replaces it. */
  portalToken: text('portal_token'),
});

export const orders = pgTable('orders', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
});

export const vaults = pgTable('vaults', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  name: text('name'),
  customerId: bigint('customer_id', { mode: 'number' }),
  orderId: bigint('order_id', { mode: 'number' }),
  type: text('type', { enum: vaultTypes }).notNull().default('vault'),
  fieldId: bigint('field_id', { mode: 'number' }),
  position: integer('position'),
  oldFieldId: bigint('old_field_id', { mode: 'number' }),
  note: text('note').notNull().default(''),
  /** In pounds; null when nobody weighed it. */
  weight: numeric('weight', { precision: 8, scale: 1, mode: 'number' }),
  /** The day the vault came in: storage is billed from it (decision 0490). */
  dateIn: date('date_in', { mode: 'string' })
    .notNull()
    .default(sql`CURRENT_DATE`),
  /** Set when the goods went out: the vault is off the floor but stays in the records (0492). */
  releasedOn: date('released_on', { mode: 'string' }),
  releasedBy: text('released_by'),
  seal: text('seal').notNull().default(''),
  itemNotes: text('item_notes').notNull().default(''),
  /** The day the customer expects it out; receiving puts sooner releases on top. */
  expectedRelease: date('expected_release', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Inventory tags the vault holds, one row per range of one lot ("LOT 4471, tags 1-120"). */
export const vaultTags = pgTable('vault_tags', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  vaultId: bigint('vault_id', { mode: 'number' }).notNull(),
  lot: text('lot').notNull(),
  firstTag: integer('first_tag').notNull(),
  lastTag: integer('last_tag').notNull(),
});

export const vaultAttachments = pgTable('vault_attachments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  vaultId: bigint('vault_id', { mode: 'number' }).notNull(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vaultEvents = pgTable('vault_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  vaultId: bigint('vault_id', { mode: 'number' }).notNull(),
  vaultName: text('vault_name'),
  kind: text('kind').notNull(),
  actorUserId: bigint('actor_user_id', { mode: 'number' }),
  actorEmail: text('actor_email'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

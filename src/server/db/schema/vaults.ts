import { bigserial, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  name: text('name').notNull(),
});

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  name: text('name').notNull(),
});

export const vaults = pgTable('vaults', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  name: text('name'),
  customerId: uuid('customer_id'),
  orderId: uuid('order_id'),
  type: text('type', { enum: ['vault', 'liftvan', 't2', 'couchbox'] })
    .notNull()
    .default('vault'),
  fieldId: uuid('field_id'),
  position: integer('position'),
  oldFieldId: uuid('old_field_id'),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vaultAttachments = pgTable('vault_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  vaultId: uuid('vault_id').notNull(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vaultEvents = pgTable('vault_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: uuid('company_id').notNull(),
  vaultId: uuid('vault_id').notNull(),
  vaultName: text('vault_name'),
  kind: text('kind').notNull(),
  actorUserId: uuid('actor_user_id'),
  actorEmail: text('actor_email'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

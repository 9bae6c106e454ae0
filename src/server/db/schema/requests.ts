import { bigint, date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { requestKinds, requestStatuses } from '../../../domain/storage-requests';

// Issue 32: a customer's release and access requests; the kinds and statuses are checked by
// the database (migration 0026) and their rules live in src/domain/storage-requests.ts.
export const storageRequests = pgTable('storage_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: requestKinds }).notNull(),
  dueOn: date('due_on', { mode: 'string' }).notNull(),
  status: text('status', { enum: requestStatuses }).notNull().default('asked'),
  /** For release_items: the items asked for, by lot and tag number. */
  items: jsonb('items').$type<{ lot: string; tag: number }[]>().notNull().default([]),
  note: text('note').notNull().default(''),
  /** A staff member's email, or the customer's link. */
  askedBy: text('asked_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The vaults a confirmed request takes, and when the crew pulled each. */
export const storageRequestVaults = pgTable(
  'storage_request_vaults',
  {
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    vaultId: bigint('vault_id', { mode: 'number' }).notNull(),
    pulledAt: timestamp('pulled_at', { withTimezone: true }),
    pulledBy: text('pulled_by'),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.vaultId] })],
);

export const storageRequestEvents = pgTable('storage_request_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  requestId: bigint('request_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  actor: text('actor'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** The vaults named when asking (release some, or access), before the office confirms. */
export const storageRequestAskedVaults = pgTable(
  'storage_request_asked_vaults',
  {
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    vaultId: bigint('vault_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.vaultId] })],
);

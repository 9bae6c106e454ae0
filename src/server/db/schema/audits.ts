import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditFinding, AuditScopeKind } from '../../../contracts/audits';

export const audits = pgTable('audits', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
  warehouseName: text('warehouse_name').notNull(),
  scope: text('scope').$type<AuditScopeKind>().notNull(),
  scopeLabel: text('scope_label').notNull(),
  startedByUserId: bigint('started_by_user_id', { mode: 'number' }),
  startedByEmail: text('started_by_email'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditFields = pgTable('audit_fields', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  auditId: bigint('audit_id', { mode: 'number' }).notNull(),
  fieldId: bigint('field_id', { mode: 'number' }).notNull(),
  fieldName: text('field_name').notNull(),
  sortOrder: integer('sort_order').notNull(),
  seen: jsonb('seen').$type<string[]>(),
  findings: jsonb('findings').$type<AuditFinding[]>().notNull().default([]),
  checkedByEmail: text('checked_by_email'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});

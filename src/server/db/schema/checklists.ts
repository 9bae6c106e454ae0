import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface StoredChecklistTask {
  text: string;
  completed: boolean;
  completed_by: string;
  reason: string;
  completed_at: string | null;
}

export const checklists = pgTable('checklists', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  tasks: jsonb('tasks').$type<StoredChecklistTask[]>().notNull().default([]),
  filledOutBy: text('filled_out_by').notNull().default(''),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The secret of the printed link and QR code (decision 0015). */
  fillToken: text('fill_token').notNull(),
});

export const checklistImages = pgTable('checklist_images', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  checklistId: bigint('checklist_id', { mode: 'number' }).notNull(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

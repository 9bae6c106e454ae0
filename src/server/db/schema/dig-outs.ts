import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DigOutStep } from '../../../contracts/dig-outs';

export const digOuts = pgTable('dig_outs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
  warehouseName: text('warehouse_name').notNull(),
  vaultId: bigint('vault_id', { mode: 'number' }).notNull(),
  vaultName: text('vault_name'),
  fieldName: text('field_name').notNull(),
  position: integer('position').notNull(),
  steps: jsonb('steps').$type<DigOutStep[]>().notNull(),
  notice: text('notice'),
  leftBehind: jsonb('left_behind')
    .$type<{ vault_name: string | null; reason: string }[]>()
    .notNull()
    .default([]),
  createdByEmail: text('created_by_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

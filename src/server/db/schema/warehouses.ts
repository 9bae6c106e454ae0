import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const warehouses = pgTable('warehouses', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  rows: integer('rows').notNull(),
  cols: integer('cols').notNull(),
  fieldCapacity: integer('field_capacity').notNull(),
  length: doublePrecision('length').notNull(),
  width: doublePrecision('width').notNull(),
  fieldgridX: doublePrecision('fieldgrid_x').notNull().default(0),
  fieldgridY: doublePrecision('fieldgrid_y').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const fields = pgTable('fields', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  colIndex: integer('col_index').notNull(),
  rowIndex: integer('row_index').notNull(),
  type: text('type', { enum: ['vault', 'couchbox-T', 'couchbox-B'] })
    .notNull()
    .default('vault'),
  full: boolean('full').notNull().default(false),
});

/** Bumped by triggers in every transaction that writes what a warehouse's answer shows. */
export const warehouseVersions = pgTable('warehouse_versions', {
  warehouseId: bigint('warehouse_id', { mode: 'number' }).primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

import { bigint, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const racks = pgTable('racks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  orientation: text('orientation', { enum: ['horizontal', 'vertical'] })
    .notNull()
    .default('horizontal'),
  x: doublePrecision('x').notNull().default(0),
  y: doublePrecision('y').notNull().default(0),
  width: doublePrecision('width').notNull().default(1),
  length: doublePrecision('length').notNull().default(1),
  capacity: integer('capacity').notNull().default(1),
  numShelves: integer('num_shelves').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shelves = pgTable('shelves', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  rackId: bigint('rack_id', { mode: 'number' }).notNull(),
  shelfIndex: integer('shelf_index').notNull(),
  capacity: integer('capacity').notNull(),
});

export const pallets = pgTable('pallets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  shelfId: bigint('shelf_id', { mode: 'number' }).notNull(),
  name: text('name').notNull().default(''),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  palletNumber: text('pallet_number').notNull().default(''),
  notes: text('notes').notNull().default(''),
  weight: doublePrecision('weight').notNull().default(0),
  shelfSpots: integer('shelf_spots').notNull().default(1),
  slotIndex: integer('slot_index').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

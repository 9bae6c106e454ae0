import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  idInput,
  idParamsSchema,
  idSchema,
  numberInput,
  okSchema,
  wholeNumberInput,
} from './common';
import { fieldSchema } from './fields';
import { positionSchema, rackSchema } from './racks';
import {
  FIELD_CAPACITY_MAX,
  GRID_DIMENSION_MAX,
  NEW_WAREHOUSE_CAPACITY_MIN,
  PATH_TEXT_MAX_LENGTH,
  WAREHOUSE_NAME_MAX_LENGTH,
} from './limits';

export const warehouseSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  width: z.number(),
  length: z.number(),
  rows: z.number().int(),
  cols: z.number().int(),
  fieldCapacity: z.number().int(),
  field_capacity: z.number().int(),
  warehouseCapacity: z.number().int(),
  fields: z.record(z.string(), fieldSchema),
  racks: z.array(rackSchema),
  fieldgridLocation: positionSchema,
  customers: z.array(z.string()),
  orders: z.array(z.string()),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

const warehouseSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  rows: z.number().int(),
  cols: z.number().int(),
  fieldCapacity: z.number().int(),
  warehouseCapacity: z.number().int(),
  vaultCount: z.number().int(),
  nonEmptyVaultCount: z.number().int(),
  occupancy: z.number().int(),
});
export type WarehouseSummary = z.infer<typeof warehouseSummarySchema>;

const gridCount = (label: string) =>
  wholeNumberInput(label).pipe(
    z
      .number()
      .min(1, `${label} must be at least 1.`)
      .max(GRID_DIMENSION_MAX, `${label} must be at most ${GRID_DIMENSION_MAX}.`),
  );

const feet = (label: string) =>
  numberInput(label).pipe(z.number().positive(`${label} must be greater than 0.`));

const addWarehouseBodySchema = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(WAREHOUSE_NAME_MAX_LENGTH, `Name must be at most ${WAREHOUSE_NAME_MAX_LENGTH} characters.`)
    .refine((v) => !v.includes('/'), 'Name cannot contain "/".'),
  rows: gridCount('Rows'),
  cols: gridCount('Columns'),
  field_capacity: wholeNumberInput('Field capacity').pipe(
    z
      .number()
      .min(
        NEW_WAREHOUSE_CAPACITY_MIN,
        `Field capacity must be at least ${NEW_WAREHOUSE_CAPACITY_MIN}.`,
      )
      .max(FIELD_CAPACITY_MAX, `Field capacity must be at most ${FIELD_CAPACITY_MAX}.`),
  ),
  length: feet('Length'),
  width: feet('Width'),
});
export type AddWarehouseBody = z.infer<typeof addWarehouseBodySchema>;

const companyParamsSchema = z.object({ companyId: idInput() });

export const listCompanyWarehouses = defineEndpoint({
  method: 'GET',
  path: '/api/warehouse/company/:companyId',
  summary: "The company's warehouses in full, with fields, vaults and racks.",
  tag: 'warehouses',
  access: 'session',
  params: companyParamsSchema,
  response: z.array(warehouseSchema),
});

export const listWarehouseSummaries = defineEndpoint({
  method: 'GET',
  path: '/api/warehouse/summaries',
  summary: 'A light list for the dashboard and menus: names, slugs and occupancy.',
  tag: 'warehouses',
  access: 'session',
  response: z.array(warehouseSummarySchema),
});

export const getWarehouse = defineEndpoint({
  method: 'GET',
  path: '/api/warehouse/:id',
  summary: 'One warehouse in full.',
  tag: 'warehouses',
  access: 'session',
  params: idParamsSchema,
  response: warehouseSchema,
});

/** A warehouse's route slug as a path parameter. */
const slugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(PATH_TEXT_MAX_LENGTH, `Slug must be at most ${PATH_TEXT_MAX_LENGTH} characters.`),
});

export const getWarehouseBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/warehouse/by-slug/:slug',
  summary: 'One warehouse in full, found by its route slug.',
  tag: 'warehouses',
  access: 'session',
  params: slugParamsSchema,
  response: warehouseSchema,
});

export const addWarehouse = defineEndpoint({
  method: 'POST',
  path: '/api/warehouse/add-warehouse',
  summary: 'Creates a warehouse and its rows x cols fields.',
  tag: 'warehouses',
  access: 'session',
  role: 'office',
  body: addWarehouseBodySchema,
  response: warehouseSchema,
});

export const deleteWarehouse = defineEndpoint({
  method: 'DELETE',
  path: '/api/warehouse/:id',
  summary: 'Deletes a warehouse with its fields, vaults, racks and files.',
  tag: 'warehouses',
  access: 'session',
  role: 'admin',
  params: idParamsSchema,
  response: okSchema,
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idParamsSchema, idSchema } from './common';
import { vaultSchema } from './vaults';

const fieldTypes = ['vault', 'couchbox-T', 'couchbox-B'] as const;
const fieldTypeSchema = z.enum(fieldTypes);

export const fieldSchema = z.object({
  id: idSchema,
  name: z.string(),
  warehouse_id: idSchema,
  type: fieldTypeSchema,
  full: z.boolean(),
  /** Vaults in the field by id; each carries its position (1 is the bottom). */
  vaults: z.record(z.string(), vaultSchema),
});
export type Field = z.infer<typeof fieldSchema>;

const toggleFieldTypeBodySchema = z.object({
  type: z.enum(['vault', 'couchbox'], { error: 'Type must be vault or couchbox.' }),
  /**
   * The field below (same letters, number plus one), by name (`A2`, as the reference client
   * sends it) or by id; the server checks it is that one.
   */
  field2: z
    .union([z.string(), z.number()], { error: 'field2 must be a field name or id.' })
    .optional()
    .nullable(),
  warehouseId: idInput().optional(),
});
export type ToggleFieldTypeBody = z.infer<typeof toggleFieldTypeBodySchema>;

export const toggleFieldType = defineEndpoint({
  method: 'PATCH',
  path: '/api/fields/:id',
  summary:
    'Turns a field and the one below into a couchbox pair, or the pair back into vault fields.',
  tag: 'fields',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: toggleFieldTypeBodySchema,
  response: z.object({ field1: fieldSchema, field2: fieldSchema }),
});

const setFieldFullBodySchema = z.object({
  full: z.boolean({ error: 'Full must be true or false.' }),
});

export const setFieldFull = defineEndpoint({
  method: 'PATCH',
  path: '/api/fields/:id/full',
  summary: "Sets the field's manual full flag.",
  tag: 'fields',
  access: 'session',
  params: idParamsSchema,
  body: setFieldFullBodySchema,
  response: fieldSchema,
});

export const getWarehouseField = defineEndpoint({
  method: 'GET',
  path: '/api/warehouse/:warehouseId/:fieldId',
  summary: 'One field of a warehouse with its vaults.',
  tag: 'fields',
  access: 'session',
  params: z.object({ warehouseId: idInput(), fieldId: idInput() }),
  response: fieldSchema,
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput, idSchema, wholeNumberInput } from './common';
import { fieldSchema } from './fields';

export const gridEdges = ['left', 'right', 'bottom'] as const;
export const gridEdgeSchema = z.enum(gridEdges, {
  error: 'Direction must be left, right or bottom.',
});

/**
 * The spec's form-data names, spelling included (`opperation`). Sent as multipart form data
 * or JSON. `warehouse_cols` and `warehouse_rows` are the grid the caller saw: when given they
 * must match the server's, so a change made meanwhile by someone else is not applied twice.
 */
export const changeFieldGridBodySchema = z.object({
  warehouse_id: idInput('Warehouse id must be a valid id.'),
  direction: gridEdgeSchema,
  opperation: z.enum(['plus', 'minus'], { error: 'Operation must be plus or minus.' }).optional(),
  warehouse_cols: wholeNumberInput('Warehouse columns').optional(),
  warehouse_rows: wholeNumberInput('Warehouse rows').optional(),
  count: wholeNumberInput('Count').pipe(z.number().min(1, 'Count must be at least 1.')),
});
export type ChangeFieldGridBody = z.infer<typeof changeFieldGridBodySchema>;

export const fieldGridChangeSchema = z.object({
  /** Every field of the warehouse after the change, by id, with their vaults. */
  fields: z.record(z.string(), fieldSchema),
  warehouseId: idSchema,
  newWarehouseRowsCount: z.number().int(),
  newWarehouseColsCount: z.number().int(),
});
export type FieldGridChange = z.infer<typeof fieldGridChangeSchema>;

export const addFields = defineEndpoint({
  method: 'POST',
  path: '/api/fields/',
  summary: 'Adds columns on the left or right, or rows at the bottom (form data or JSON).',
  tag: 'fields',
  access: 'session',
  body: changeFieldGridBodySchema,
  response: fieldGridChangeSchema,
});

export const removeFields = defineEndpoint({
  method: 'DELETE',
  path: '/api/fields/',
  summary:
    'Removes empty columns on the left or right, or empty rows at the bottom (form data or JSON).',
  tag: 'fields',
  access: 'session',
  body: changeFieldGridBodySchema,
  response: fieldGridChangeSchema,
});

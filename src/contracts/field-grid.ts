import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { blankAsAbsent, idInput, idSchema, wholeNumberInput } from './common';
import { fieldSchema } from './fields';

const gridEdges = ['left', 'right', 'bottom'] as const;
const gridEdgeSchema = z.enum(gridEdges, {
  error: 'Direction must be left, right or bottom.',
});

/**
 * The spec's form-data names, spelling included (`opperation`). Sent as multipart form data
 * or JSON. `warehouse_cols` and `warehouse_rows` are the grid the caller saw: when given they
 * must match the server's, so a change made meanwhile by someone else is not applied twice.
 */
const changeFieldGridBodySchema = z.object({
  warehouse_id: idInput('Warehouse id must be a valid id.'),
  direction: gridEdgeSchema,
  opperation: z.enum(['plus', 'minus'], { error: 'Operation must be plus or minus.' }).optional(),
  warehouse_cols: blankAsAbsent(wholeNumberInput('Warehouse columns')),
  warehouse_rows: blankAsAbsent(wholeNumberInput('Warehouse rows')),
  count: wholeNumberInput('Count').pipe(z.number().min(1, 'Count must be at least 1.')),
});
export type ChangeFieldGridBody = z.infer<typeof changeFieldGridBodySchema>;

const gridSize = {
  warehouseId: idSchema,
  newWarehouseRowsCount: z.number().int(),
  newWarehouseColsCount: z.number().int(),
};

/**
 * Adding answers the fields it made as a list, plus, for `left`, every other field of the
 * warehouse (their names moved one letter up): a client merges the list into its fields by id.
 */
const addFieldsResponseSchema = z.object({ fields: z.array(fieldSchema), ...gridSize });
export type AddFieldsResponse = z.infer<typeof addFieldsResponseSchema>;

/**
 * Removing answers every remaining field, keyed by id as in the warehouse, so a client can store
 * it as the warehouse's fields and keep looking fields up by id (decision 0010).
 */
const removeFieldsResponseSchema = z.object({
  fields: z.record(z.string(), fieldSchema),
  ...gridSize,
});
export type RemoveFieldsResponse = z.infer<typeof removeFieldsResponseSchema>;

export const addFields = defineEndpoint({
  method: 'POST',
  path: '/api/fields/',
  summary: 'Adds columns on the left or right, or rows at the bottom (form data or JSON).',
  tag: 'fields',
  access: 'session',
  role: 'office',
  form: { file: null, acceptsJson: true },
  body: changeFieldGridBodySchema,
  response: addFieldsResponseSchema,
});

export const removeFields = defineEndpoint({
  method: 'DELETE',
  path: '/api/fields/',
  summary:
    'Removes empty columns on the left or right, or empty rows at the bottom (form data or JSON).',
  tag: 'fields',
  access: 'session',
  role: 'office',
  form: { file: null, acceptsJson: true },
  body: changeFieldGridBodySchema,
  response: removeFieldsResponseSchema,
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { blankAsAbsent, idParamsSchema, idSchema, numberInput, wholeNumberInput } from './common';
import { FIELD_CAPACITY_MAX, FIELD_CAPACITY_MIN } from './limits';
import { positionInputSchema, positionSchema } from './racks';
import { warehouseSchema } from './warehouses';

const feet = (label: string) =>
  numberInput(label).pipe(z.number().min(0, `${label} must be at least 0.`));

/** The 'Edit Warehouse Fields' form; what is left out stays as it is. */
const editDimensionsBodySchema = z
  .object({
    // A cleared input arrives as '' and keeps the current value.
    field_capacity: blankAsAbsent(
      wholeNumberInput('Field capacity').pipe(
        z
          .number()
          .min(FIELD_CAPACITY_MIN, `Field capacity must be at least ${FIELD_CAPACITY_MIN}.`)
          .max(FIELD_CAPACITY_MAX, `Field capacity must be at most ${FIELD_CAPACITY_MAX}.`),
      ),
    ),
    length: blankAsAbsent(feet('Length')),
    width: blankAsAbsent(feet('Width')),
  })
  .refine(
    (b) => b.field_capacity !== undefined || b.length !== undefined || b.width !== undefined,
    'Send at least one of field_capacity, length and width.',
  );
export type EditDimensionsBody = z.infer<typeof editDimensionsBodySchema>;

export const editDimensions = defineEndpoint({
  method: 'PATCH',
  path: '/api/warehouse/:id/edit-dimensions',
  summary: "Changes a warehouse's field capacity, length and width.",
  tag: 'warehouses',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: editDimensionsBodySchema,
  response: z.object({ warehouse: warehouseSchema }),
});

const moveFieldGridBodySchema = z.object({
  fieldgridLocation: positionInputSchema,
});
export type MoveFieldGridBody = z.infer<typeof moveFieldGridBodySchema>;

export const moveFieldGrid = defineEndpoint({
  method: 'PUT',
  path: '/api/warehouse/:id/field-grid',
  summary: 'Moves the VAULTS block on the floor plan; it must stay inside and clear of racks.',
  tag: 'warehouses',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  body: moveFieldGridBodySchema,
  response: z.object({ warehouseId: idSchema, fieldgridLocation: positionSchema }),
});

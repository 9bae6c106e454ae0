import { z } from 'zod';
import { vaultSchema } from './vaults';

export const fieldTypes = ['vault', 'couchbox-T', 'couchbox-B'] as const;
export const fieldTypeSchema = z.enum(fieldTypes);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const fieldSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  warehouse_id: z.uuid(),
  type: fieldTypeSchema,
  full: z.boolean(),
  /** Vaults in the field by id; each carries its position (1 is the bottom). */
  vaults: z.record(z.string(), vaultSchema),
});
export type Field = z.infer<typeof fieldSchema>;

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParamsSchema, idSchema } from './common';
import { fieldSchema } from './fields';
import { warehouseSchema } from './warehouses';

// Apart from vaults.ts because its answer nests a whole warehouse, whose schema nests vaults:
// defining it there would make the two modules import each other.

/**
 * A staged vault answers `deleteFrom: 'stage'`; a vault in a field answers that field and its
 * warehouse as they are after the deletion, exactly as the GET calls return them, so a client
 * can replace its copies wholesale (decision 0010).
 */
const deleteVaultResponseSchema = z.union([
  z.object({ vaultId: idSchema, deleteFrom: z.literal('stage') }),
  z.object({ vaultId: idSchema, field: fieldSchema, warehouse: warehouseSchema }),
]);
export type DeleteVaultResponse = z.infer<typeof deleteVaultResponseSchema>;

export const deleteVault = defineEndpoint({
  method: 'DELETE',
  path: '/api/vaults/:id',
  summary:
    'Deletes a vault from its field or from stage, with its files; answers the field and warehouse as they are after it.',
  tag: 'vaults',
  access: 'session',
  params: idParamsSchema,
  response: deleteVaultResponseSchema,
});

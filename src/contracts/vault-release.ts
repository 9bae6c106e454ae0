import { defineEndpoint } from './endpoint';
import { idParamsSchema } from './common';
import { vaultSchema } from './vaults';

export const releaseVault = defineEndpoint({
  method: 'POST',
  path: '/api/vaults/:id/release',
  summary:
    'Releases a vault (goods delivered out): it leaves its field or stage today and stays in the records, its number kept.',
  tag: 'vaults',
  access: 'session',
  role: 'office',
  params: idParamsSchema,
  response: vaultSchema,
});

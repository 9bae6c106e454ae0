import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';
import { vaultSchema } from './vaults';

export const listStagedVaults = defineEndpoint({
  method: 'GET',
  path: '/api/stage/vaults',
  summary: "The company's staged vaults, by id.",
  tag: 'stage',
  access: 'session',
  response: z.record(z.string(), vaultSchema),
});

export const stageVault = defineEndpoint({
  method: 'POST',
  path: '/api/stage/vaults/:vaultId',
  summary: 'Takes the topmost vault of a field to stage, remembering the field in old_field_id.',
  tag: 'stage',
  access: 'session',
  params: z.object({ vaultId: idInput() }),
  response: vaultSchema,
});

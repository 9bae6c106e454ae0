import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema } from './common';
import { vaultTypeSchema } from './vaults';

/** Name of the field column for vaults waiting in the staging area. */
export const STAGED_FIELD_NAME = 'staged';
export const CSV_FILE_NAME = 'vaults.csv';
export const CSV_COLUMNS = [
  'Vault Name',
  'Customer Name',
  'Vault Type',
  'Position',
  'Field Name',
  'Warehouse Name',
  'Notes',
  'Weight',
] as const;

const printVaultSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  customer_name: z.string(),
  type: vaultTypeSchema,
  position: z.number().int().nullable(),
  field_name: z.string(),
  warehouse_name: z.string(),
  note: z.string(),
  /** In pounds; null when nobody weighed it. */
  weight: z.number().nullable(),
});
export type PrintVault = z.infer<typeof printVaultSchema>;

export const listAllVaults = defineEndpoint({
  method: 'GET',
  path: '/api/vaults/all',
  summary:
    "Every vault of the company for printing, sorted by warehouse, field, then position; staged vaults have field 'staged'.",
  tag: 'print',
  access: 'session',
  response: z.array(printVaultSchema),
});

/** Not JSON: a streamed `text/csv` attachment named vaults.csv, in the order of /api/vaults/all. */
export const exportVaultsCsv = defineEndpoint({
  method: 'GET',
  path: '/api/print/vaults.csv',
  summary:
    'The print list as CSV (Vault Name, Customer Name, Vault Type, Position, Field Name, Warehouse Name, Notes, Weight).',
  tag: 'print',
  access: 'session',
  role: 'office',
  download: { contentTypes: ['text/csv'] },
  response: z.unknown(),
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema } from './common';

const warehouseStatisticsSchema = z.object({
  warehouseId: idSchema,
  warehouseName: z.string(),
  slug: z.string(),
  warehouseCapacity: z.number().int(),
  vaultCount: z.number().int(),
  /** warehouseCapacity minus vault count (spec §10). */
  potentialSpaces: z.number().int(),
  /** Empty units (customer exactly 'EMPTY {TYPE}', decision 0020) of type vault or couchbox (spec §10). */
  emptyVaults: z.number().int(),
  emptyCouchboxes: z.number().int(),
  /** Vaults that hold goods (the dashboard's used spaces), and room left. */
  usedSpaces: z.number().int(),
  freeSpaces: z.number().int(),
});
export type WarehouseStatistics = z.infer<typeof warehouseStatisticsSchema>;

export const getStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/statistics',
  summary:
    'Per warehouse: potential spaces, empty vaults and empty couchboxes, counted by the database.',
  tag: 'statistics',
  access: 'session',
  role: 'office',
  response: z.array(warehouseStatisticsSchema),
});

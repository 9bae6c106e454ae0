import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idSchema } from './common';

export const warehouseStatisticsSchema = z.object({
  warehouseId: idSchema,
  warehouseName: z.string(),
  slug: z.string(),
  warehouseCapacity: z.number().int(),
  vaultCount: z.number().int(),
  /** warehouseCapacity minus vault count; negative when couchbox fields hold their extra vault. */
  potentialSpaces: z.number().int(),
  /** Customer name contains EMPTY, type vault or couchbox. */
  emptyVaults: z.number().int(),
  emptyCouchboxes: z.number().int(),
  /** For the chart: vaults that hold goods, empty vaults standing in place, and room left. */
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
  response: z.array(warehouseStatisticsSchema),
});

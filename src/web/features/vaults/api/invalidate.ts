import type { QueryClient } from '@tanstack/react-query';
import { warehouseKeys } from '../../warehouses/api/query-keys';
import { stageKeys } from '../../stage/api/query-keys';
import { vaultKeys } from './query-keys';

/** A vault that is added, moved, staged, edited or deleted changes warehouses, stage and itself. */
export function invalidateVaultQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
    queryClient.invalidateQueries({ queryKey: stageKeys.all }),
    queryClient.invalidateQueries({ queryKey: vaultKeys.all }),
  ]);
}

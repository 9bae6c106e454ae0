import type { Query, QueryClient } from '@tanstack/react-query';
import { warehouseKeys } from '../../warehouses/api/query-keys';
import { stageKeys } from '../../stage/api/query-keys';
import { vaultKeys } from './query-keys';

/** The queries about one vault: itself by number or id, and its history. */
function isAbout(query: Query, vaultId: number): boolean {
  const [root, kind, key] = query.queryKey;
  if (root !== vaultKeys.all[0]) return false;
  if (kind === 'history') return key === vaultId;
  const data: unknown = query.state.data;
  return typeof data === 'object' && data !== null && 'id' in data && data.id === vaultId;
}

/**
 * The options of a vault write whose answer the screen shows at once (`placeVaultInCache`):
 * when it settles, answered or refused (someone else took the slot), it asks again for the
 * warehouses, the stage and the vaults, so the screen shows the truth. Its `meta` says so to
 * live updates, which leave those to it while it is pending.
 */
export function vaultWriteOptions(queryClient: QueryClient) {
  return {
    meta: { refetchedOnSettle: [warehouseKeys.all[0], stageKeys.all[0], vaultKeys.all[0]] },
    // Not awaited, so the dialog closes on the answer.
    onSettled: () => void invalidateVaultQueries(queryClient),
  };
}

/**
 * A vault that is added, moved, staged, edited or deleted changes warehouses, stage and itself.
 * A deleted vault's own queries are marked stale but not asked again: the screen that showed
 * it is leaving, and asking would only meet a 404.
 */
export function invalidateVaultQueries(
  queryClient: QueryClient,
  deletedVaultId?: number,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
    queryClient.invalidateQueries({ queryKey: stageKeys.all }),
    deletedVaultId === undefined
      ? queryClient.invalidateQueries({ queryKey: vaultKeys.all })
      : Promise.all([
          queryClient.invalidateQueries({
            queryKey: vaultKeys.all,
            predicate: (q) => !isAbout(q, deletedVaultId),
          }),
          queryClient.invalidateQueries({
            queryKey: vaultKeys.all,
            predicate: (q) => isAbout(q, deletedVaultId),
            refetchType: 'none',
          }),
        ]),
  ]);
}

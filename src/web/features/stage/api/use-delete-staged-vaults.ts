import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteVault } from '../../../../contracts/vault-deletion';
import { callApi } from '../../../lib/api';
import { invalidateVaultQueries } from '../../vaults/api/invalidate';

/** Deletes the vaults picked in delete mode, one call each. */
export function useDeleteStagedVaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      Promise.all(ids.map((id) => callApi(deleteVault, { params: { id } }))),
    onSettled: () => invalidateVaultQueries(queryClient),
    onError: (error) => console.error('Failed to delete vaults', error),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/stage';
import { callApi } from '../../../lib/api';
import { invalidateVaultQueries } from '../../vaults/api/invalidate';
import { stageKeys } from './query-keys';

export function useStagedVaults() {
  return useQuery({
    queryKey: stageKeys.vaults(),
    queryFn: () => callApi(contract.listStagedVaults),
  });
}

export function useStageVault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vaultId: number) => callApi(contract.stageVault, { params: { vaultId } }),
    onSettled: () => invalidateVaultQueries(queryClient),
    onError: (error) => console.error('Failed to stage vault', error),
  });
}

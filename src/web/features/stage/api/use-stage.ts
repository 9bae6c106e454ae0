import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/stage';
import { callApi } from '../../../lib/api';
import { vaultWriteOptions } from '../../vaults/api/invalidate';
import { placeVaultInCache } from '../../vaults/api/place-in-cache';
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
    ...vaultWriteOptions(queryClient),
    mutationFn: (vaultId: number) => callApi(contract.stageVault, { params: { vaultId } }),
    onSuccess: (vault) => placeVaultInCache(queryClient, vault),
    onError: (error) => console.error('Failed to stage vault', error),
  });
}

import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/vaults';
import { callApi } from '../../../lib/api';
import { vaultKeys } from './query-keys';

/** A vault by the edit route's segment: its number, or its id when it has none. */
export function useVault(key: string) {
  return useQuery({
    queryKey: vaultKeys.byKey(key),
    queryFn: () => callApi(contract.getVault, { params: { key } }),
    retry: false,
  });
}

export function useVaultHistory(id: string | undefined) {
  return useQuery({
    queryKey: vaultKeys.history(id ?? ''),
    queryFn: () => callApi(contract.vaultHistory, { params: { id: id ?? '' } }),
    enabled: id !== undefined,
  });
}

/** The edit route of a vault: by number, or by id for a vault without one. */
export function editVaultPath(vault: { id: string; name: string | null }): string {
  return `/edit/vault/${encodeURIComponent(vault.name ?? vault.id)}`;
}

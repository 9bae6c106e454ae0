import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/vaults';
import type { Vault } from '../../../../contracts/vaults';
import { vaultHistory } from '../../../../contracts/vault-events';
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

export function useVaultHistory(id: Vault['id'] | undefined) {
  return useQuery({
    queryKey: vaultKeys.history(id ?? 0),
    // Disabled until the vault has loaded, so the placeholder 0 is never sent.
    queryFn: () => callApi(vaultHistory, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

/** The edit route of a vault: by number, or by id for a vault without one. */
export function editVaultPath(vault: Pick<Vault, 'id' | 'name'>): string {
  return `/edit/vault/${encodeURIComponent(vault.name ?? contract.vaultIdKey(vault.id))}`;
}

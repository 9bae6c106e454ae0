import type { QueryClient } from '@tanstack/react-query';
import type { Vault } from '../../../../contracts/vaults';
import type { Warehouse } from '../../../../contracts/warehouses';
import { stageKeys } from '../../stage/api/query-keys';
import { warehouseKeys } from '../../warehouses/api/query-keys';

function withVault(warehouse: Warehouse, vault: Vault): Warehouse {
  const key = String(vault.id);
  let fields: Warehouse['fields'] | null = null;
  for (const [id, field] of Object.entries(warehouse.fields)) {
    const takes = field.id === vault.field_id;
    if (!takes && !(key in field.vaults)) continue;
    const others = Object.entries(field.vaults).filter(([vaultId]) => vaultId !== key);
    fields ??= { ...warehouse.fields };
    fields[id] = {
      ...field,
      vaults: Object.fromEntries(takes ? [...others, [key, vault]] : others),
    };
  }
  return fields ? { ...warehouse, fields } : warehouse;
}

function withStaged(staged: Record<string, Vault>, vault: Vault): Record<string, Vault> {
  const key = String(vault.id);
  const others = Object.entries(staged).filter(([vaultId]) => vaultId !== key);
  const isStaged = vault.field_id === null && vault.released_on === null;
  return Object.fromEntries(isStaged ? [...others, [key, vault]] : others);
}

/**
 * Puts a written vault where the write's answer says it now is, in each warehouse in the cache
 * and in the staged list, so the screen shows the write as soon as it is answered. The
 * invalidation that follows brings what the answer does not carry (the warehouse's customer
 * and order names) from the server.
 */
export function placeVaultInCache(queryClient: QueryClient, vault: Vault): void {
  queryClient.setQueriesData<Warehouse>(
    { queryKey: [...warehouseKeys.all, 'slug'] },
    (warehouse) => warehouse && withVault(warehouse, vault),
  );
  queryClient.setQueryData<Record<string, Vault>>(
    stageKeys.vaults(),
    (staged) => staged && withStaged(staged, vault),
  );
}

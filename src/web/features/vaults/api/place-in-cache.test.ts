import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../../contracts/fields';
import type { Vault } from '../../../../contracts/vaults';
import type { Warehouse } from '../../../../contracts/warehouses';
import { stageKeys } from '../../stage/api/query-keys';
import { warehouseKeys } from '../../warehouses/api/query-keys';
import { placeVaultInCache } from './place-in-cache';
import { vaultAnswer } from '../../../../../tests/support/vault-answer';

const vault = (id: number, fieldId: number | null) =>
  vaultAnswer(id, {
    name: `V${id}`,
    customer_name: 'SMITH',
    order_name: '',
    position: fieldId === null ? null : 1,
    field_id: fieldId,
  });

const field = (id: number, vaults: Vault[]): Field => ({
  id,
  name: `A${id}`,
  warehouse_id: 1,
  type: 'vault',
  full: false,
  vaults: Object.fromEntries(vaults.map((v) => [String(v.id), v])),
});

function cacheWith(fields: Field[], staged: Vault[]) {
  const client = new QueryClient();
  const warehouse = { id: 1, fields: Object.fromEntries(fields.map((f) => [String(f.id), f])) };
  client.setQueryData(warehouseKeys.bySlug('w'), warehouse as unknown as Warehouse);
  client.setQueryData(stageKeys.vaults(), Object.fromEntries(staged.map((v) => [v.id, v])));
  const vaultsOf = (fieldId: number) =>
    Object.keys(
      client.getQueryData<Warehouse>(warehouseKeys.bySlug('w'))?.fields[fieldId]?.vaults ?? {},
    );
  const stagedIds = () => Object.keys(client.getQueryData<object>(stageKeys.vaults()) ?? {});
  return { client, vaultsOf, stagedIds };
}

describe('a written vault put where its answer says', () => {
  it('an added vault shows in its field at once', () => {
    const { client, vaultsOf } = cacheWith([field(10, [vault(1, 10)])], []);
    placeVaultInCache(client, vault(2, 10));
    expect(vaultsOf(10)).toEqual(['1', '2']);
  });

  it('a staged vault leaves its field for the staged list', () => {
    const { client, vaultsOf, stagedIds } = cacheWith([field(10, [vault(1, 10)])], []);
    placeVaultInCache(client, vault(1, null));
    expect(vaultsOf(10)).toEqual([]);
    expect(stagedIds()).toEqual(['1']);
  });

  it('a vault moved from stage leaves the staged list for its field', () => {
    const { client, vaultsOf, stagedIds } = cacheWith(
      [field(10, []), field(11, [])],
      [vault(3, null)],
    );
    placeVaultInCache(client, vault(3, 11));
    expect(stagedIds()).toEqual([]);
    expect(vaultsOf(10)).toEqual([]);
    expect(vaultsOf(11)).toEqual(['3']);
  });
});

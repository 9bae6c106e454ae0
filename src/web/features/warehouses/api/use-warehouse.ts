import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from './query-keys';

/** One warehouse in full (fields, vaults, racks), found by its route slug. */
export function useWarehouse(slug: string) {
  return useQuery({
    queryKey: warehouseKeys.bySlug(slug),
    queryFn: () => callApi(contract.getWarehouseBySlug, { params: { slug } }),
    retry: false,
    // No warehouse chosen yet (the move dialog's first step): nothing to ask.
    enabled: slug !== '',
  });
}

import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouse-compact';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from './query-keys';

/**
 * One warehouse in full (fields, vaults, racks), found by its route slug. Asked for in the
 * compact form, a quarter of the text to parse, and held in the spec's shape (decision 0092).
 */
export function useWarehouse(slug: string) {
  return useQuery({
    queryKey: warehouseKeys.bySlug(slug),
    queryFn: async () =>
      contract.warehouseFromCompact(
        await callApi(contract.getCompactWarehouseBySlug, { params: { slug } }),
      ),
    retry: false,
    // No warehouse chosen yet (the move dialog's first step): nothing to ask.
    enabled: slug !== '',
  });
}

import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/receiving';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from '../../warehouses/api/query-keys';

interface Arriving {
  type: string;
  /** YYYY-MM-DD; no question is asked without one. */
  expectedRelease: string | null;
  fromFieldId: number;
  /** The customer's record when the typed name is one; null asks without the preference. */
  customerId: number | null;
}

/**
 * Under the warehouse keys, so any vault added, moved or released (which invalidates them)
 * asks again: a suggestion is only as good as the stacks it read.
 */
export function useSuggestedPlace(warehouseId: number, arriving: Arriving) {
  const { type, expectedRelease, fromFieldId, customerId } = arriving;
  return useQuery({
    queryKey: [...warehouseKeys.all, warehouseId, 'suggested-place', arriving],
    queryFn: () =>
      callApi(contract.suggestPlace, {
        params: { id: warehouseId },
        query: {
          type,
          expected_release: expectedRelease ?? '',
          from_field_id: String(fromFieldId),
          ...(customerId !== null && { customer_id: String(customerId) }),
        },
      }),
    enabled: expectedRelease !== null,
    retry: false,
  });
}

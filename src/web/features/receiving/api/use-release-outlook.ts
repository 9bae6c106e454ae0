import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/receiving';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from '../../warehouses/api/query-keys';

/** Under the warehouse keys, so a vault added, moved or released refreshes the counts. */
export function useReleaseOutlook(warehouseId: number) {
  return useQuery({
    queryKey: [...warehouseKeys.all, warehouseId, 'release-outlook'],
    queryFn: () => callApi(contract.getReleaseOutlook, { params: { id: warehouseId } }),
  });
}

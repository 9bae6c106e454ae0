import { useQuery } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from './query-keys';

export function useWarehouseSummaries() {
  return useQuery({
    queryKey: warehouseKeys.summaries(),
    queryFn: () => callApi(contract.listWarehouseSummaries),
  });
}

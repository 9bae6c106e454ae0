import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from './query-keys';

export interface AddWarehouseInput {
  name: string;
  rows: string;
  cols: string;
  field_capacity: string;
  length: string;
  width: string;
}

export function useAddWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddWarehouseInput) => callApi(contract.addWarehouse, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.summaries() }),
  });
}

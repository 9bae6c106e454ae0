import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from './query-keys';

export function useDeleteWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(contract.deleteWarehouse, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
    onError: (error) => console.error('Failed to delete warehouse', error),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouse-layout';
import type { Warehouse } from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from '../../racks/api/use-invalidate-warehouse';
import { warehouseKeys } from './query-keys';

export function useMoveFieldGrid(slug: string, warehouseId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (location: { x: number; y: number }) =>
      callApi(contract.moveFieldGrid, {
        params: { id: warehouseId },
        body: { fieldgridLocation: location },
      }),
    onMutate: async (location) => {
      const key = warehouseKeys.bySlug(slug);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Warehouse>(key, (w) => w && { ...w, fieldgridLocation: location });
    },
    onSettled: invalidate,
    onError: (error) => console.error('Failed to move the field grid', error),
  });
}

import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouse-layout';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from '../../racks/api/use-invalidate-warehouse';

export function useMoveFieldGrid(slug: string, warehouseId: string) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (location: { x: number; y: number }) =>
      callApi(contract.moveFieldGrid, { params: { id: warehouseId }, body: { fieldgridLocation: location } }),
    onSettled: invalidate,
    onError: (error) => console.error('Failed to move the field grid', error),
  });
}

import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

export function useDeleteRack(slug: string, warehouseId: number) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (rackId: number) =>
      callApi(contract.deleteRack, { params: { warehouseId, rackId } }),
    onSuccess: invalidate,
    onError: (error) => console.error('Failed to delete rack', error),
  });
}

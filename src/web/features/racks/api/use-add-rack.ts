import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

export function useAddRack(slug: string, warehouseId: number) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof contract.addRack>) =>
      callApi(contract.addRack, { params: { id: warehouseId }, body }),
    onSuccess: invalidate,
    onError: (error) => console.error('Failed to add rack', error),
  });
}

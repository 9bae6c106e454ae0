import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/warehouse-layout';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from '../../racks/api/use-invalidate-warehouse';

export function useEditDimensions(slug: string, warehouseId: number) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof contract.editDimensions>) =>
      callApi(contract.editDimensions, { params: { id: warehouseId }, body }),
    onSuccess: invalidate,
  });
}

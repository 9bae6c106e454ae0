import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

export function useEditPallet(slug: string) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyInputOf<typeof contract.editPallet> }) =>
      callApi(contract.editPallet, { params: { id }, body }),
    onSuccess: invalidate,
    onError: (error) => console.error('Failed to edit pallet', error),
  });
}

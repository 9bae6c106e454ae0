import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

export function useAddPallet(slug: string) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof contract.addPallet>) =>
      callApi(contract.addPallet, { body }),
    onSuccess: invalidate,
    onError: (error) => console.error('Failed to add pallet', error),
  });
}

import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

export function useDeletePallet(slug: string) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: (id: number) => callApi(contract.deletePallet, { params: { id } }),
    onSuccess: invalidate,
    onError: (error) => console.error('Failed to delete pallet', error),
  });
}

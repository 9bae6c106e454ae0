import { useMutation } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { callApi } from '../../../lib/api';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

export function useUpdateRack(slug: string, warehouseId: string) {
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: ({ rackId, body }: { rackId: string; body: BodyInputOf<typeof contract.updateRack> }) =>
      callApi(contract.updateRack, { params: { warehouseId, rackId }, body }),
    // A refused move leaves the rack where the server has it: reload either way.
    onSettled: invalidate,
    onError: (error) => console.error('Failed to update rack position', error),
  });
}

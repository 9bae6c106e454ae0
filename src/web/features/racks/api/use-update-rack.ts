import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/racks';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import type { Warehouse } from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from '../../warehouses/api/query-keys';
import { useInvalidateWarehouse } from './use-invalidate-warehouse';

type Body = BodyInputOf<typeof contract.updateRack>;

export function useUpdateRack(slug: string, warehouseId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWarehouse(slug);
  return useMutation({
    mutationFn: ({ rackId, body }: { rackId: number; body: Body }) =>
      callApi(contract.updateRack, { params: { warehouseId, rackId }, body }),
    // The rack stays where it was dropped while the server checks it, instead of jumping back.
    onMutate: async ({ rackId, body }) => {
      const key = warehouseKeys.bySlug(slug);
      await queryClient.cancelQueries({ queryKey: key });
      const position = body.position;
      if (!position) return;
      queryClient.setQueryData<Warehouse>(
        key,
        (w) =>
          w && {
            ...w,
            racks: w.racks.map((r) =>
              r.id === rackId
                ? { ...r, position: { x: Number(position.x), y: Number(position.y) } }
                : r,
            ),
          },
      );
    },
    // A refused move goes back to where the server has it: reload either way.
    onSettled: invalidate,
    onError: (error) => console.error('Failed to update rack position', error),
  });
}

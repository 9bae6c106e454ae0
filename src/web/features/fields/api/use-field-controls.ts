import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/fields';
import { callApi } from '../../../lib/api';
import { warehouseKeys } from '../../warehouses/api/query-keys';

export function useSetFieldFull() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, full }: { id: number; full: boolean }) =>
      callApi(contract.setFieldFull, { params: { id }, body: { full } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

export function useToggleFieldType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      type,
      field2,
      warehouseId,
    }: {
      id: number;
      type: 'vault' | 'couchbox';
      /** The name of the field below (`A2`), which pairs with this one. */
      field2: string | null;
      warehouseId: number;
    }) =>
      callApi(contract.toggleFieldType, { params: { id }, body: { type, field2, warehouseId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

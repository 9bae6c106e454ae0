import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { warehouseKeys } from '../../warehouses/api/query-keys';

/** Racks and pallets arrive nested in the warehouse: after a change, that warehouse reloads. */
export function useInvalidateWarehouse(slug: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: warehouseKeys.bySlug(slug) }),
        queryClient.invalidateQueries({ queryKey: warehouseKeys.summaries() }),
      ]),
    [queryClient, slug],
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stageVault } from '../../../../contracts/stage';
import { moveVault } from '../../../../contracts/vaults';
import { getWarehouseBySlug } from '../../../../contracts/warehouses';
import { callApi } from '../../../lib/api';

const scanKeys = {
  all: ['scan'] as const,
  warehouse: (slug: string) => [...scanKeys.all, 'warehouse', slug] as const,
};

/** The warehouse of the vault in hand, to tell whether the vault is on top of its stack. */
export function useScanWarehouse(slug: string | null) {
  return useQuery({
    queryKey: scanKeys.warehouse(slug ?? ''),
    queryFn: () => callApi(getWarehouseBySlug, { params: { slug: slug ?? '' } }),
    enabled: slug !== null,
  });
}

// A move or stage changes warehouses, the stage list and the vault itself, whose query keys
// belong to other features: every cached query is marked stale, and only those on screen reload.
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useScanMove() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: { vaultId: number; fieldId: number; position: number }) =>
      callApi(moveVault, { body }),
    onSuccess: invalidate,
  });
}

export function useScanStage() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (vaultId: number) => callApi(stageVault, { params: { vaultId } }),
    onSuccess: invalidate,
  });
}

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/dig-outs';
import type { DigOut } from '../../../../contracts/dig-outs';
import { callApi } from '../../../lib/api';

const digOutKeys = {
  all: ['dig-outs'] as const,
  plan: (vaultId: number) => [...digOutKeys.all, 'plan', vaultId] as const,
  one: (id: number) => [...digOutKeys.all, id] as const,
};

/** A move changed vaults: refresh every other screen rather than reach into other features. */
function afterMove(queryClient: QueryClient, digOut: DigOut) {
  queryClient.setQueryData(digOutKeys.one(digOut.id), digOut);
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== digOutKeys.all[0] });
}

export function useDigOutPlan(vaultId: number) {
  return useQuery({
    queryKey: digOutKeys.plan(vaultId),
    queryFn: () => callApi(contract.planDigOut, { params: { vaultId } }),
    retry: false,
  });
}

export function useDigOut(id: number) {
  return useQuery({
    queryKey: digOutKeys.one(id),
    queryFn: () => callApi(contract.getDigOut, { params: { id } }),
  });
}

export function useStartDigOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vaultId: number) => callApi(contract.startDigOut, { body: { vaultId } }),
    onSuccess: (digOut) => queryClient.setQueryData(digOutKeys.one(digOut.id), digOut),
  });
}

export function useDigOutStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ index, toStage }: { index: number; toStage: boolean }) =>
      callApi(contract.doDigOutStep, { params: { id, index }, body: { toStage } }),
    onSuccess: (digOut) => afterMove(queryClient, digOut),
  });
}

export function usePutBack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contract.putBackDigOut, { params: { id } }),
    onSuccess: (digOut) => queryClient.setQueryData(digOutKeys.one(digOut.id), digOut),
  });
}

export function useDigOuts() {
  return useQuery({
    queryKey: [...digOutKeys.all, 'list'],
    queryFn: () => callApi(contract.listDigOuts),
  });
}

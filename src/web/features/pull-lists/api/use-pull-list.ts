import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/pull-lists';
import { callApi } from '../../../lib/api';

const pullListKeys = {
  all: ['pull-lists'] as const,
  day: (date: string) => [...pullListKeys.all, date] as const,
};

/** A step or a completion moved vaults: every other screen reads again. */
function afterFloorChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== pullListKeys.all[0] });
}

export function usePullList(date: string) {
  return useQuery({
    queryKey: pullListKeys.day(date),
    queryFn: () => callApi(contract.getPullList, { params: { date } }),
  });
}

export function useConfirmStep(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { vault_id: number; code: string }) =>
      callApi(contract.confirmPullStep, { params: { date }, body }),
    onSuccess: (list) => {
      queryClient.setQueryData(pullListKeys.day(date), list);
      return afterFloorChange(queryClient);
    },
    // A refusal may mean the list changed meanwhile: show the list as it now stands.
    onError: () => queryClient.invalidateQueries({ queryKey: pullListKeys.day(date) }),
  });
}

export function useCompleteRequest(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: number; put_back: { vault_id: number; field_name: string }[] }) =>
      callApi(contract.completeRequest, {
        params: { id: args.id },
        body: { put_back: args.put_back },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pullListKeys.day(date) });
      return afterFloorChange(queryClient);
    },
  });
}

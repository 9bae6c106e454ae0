import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/requests';
import { callApi } from '../../../lib/api';

const portalKey = (token: string) => ['portal', token] as const;

/** The customer's page: read without a session, through the token in its address. */
export function usePortal(token: string) {
  return useQuery({
    queryKey: portalKey(token),
    queryFn: () => callApi(contract.getPortal, { params: { token } }),
    retry: false,
  });
}

export function useAskOnPortal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: contract.AskBody) =>
      callApi(contract.askOnPortal, { params: { token }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKey(token) }),
  });
}

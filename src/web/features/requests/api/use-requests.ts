import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCustomer } from '../../../../contracts/customers';
import * as contract from '../../../../contracts/requests';
import { callApi } from '../../../lib/api';
import { customerKeys } from '../../customers/api/use-customers';

const requestKeys = {
  all: ['requests'] as const,
  list: (query: contract.ListRequestsQuery) => ['requests', 'list', query] as const,
  one: (id: number) => ['requests', 'one', id] as const,
  portalLink: (customerId: number) => ['requests', 'portal-link', customerId] as const,
};

/** The filters as the query string carries them: only those set. */
function queryOf(query: contract.ListRequestsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.status) out.status = query.status;
  if (query.date) out.date = query.date;
  if (query.customer_id) out.customer_id = String(query.customer_id);
  return out;
}

export function useRequests(query: contract.ListRequestsQuery) {
  return useQuery({
    queryKey: requestKeys.list(query),
    queryFn: () => callApi(contract.listRequests, { query: queryOf(query) }),
  });
}

export function useRequest(id: number) {
  return useQuery({
    queryKey: requestKeys.one(id),
    queryFn: () => callApi(contract.getRequest, { params: { id } }),
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: contract.CreateRequestBody) => callApi(contract.createRequest, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** Confirm or cancel: the request's detail comes back, and the lists change with it. */
export function useMoveRequest(id: number, to: 'confirm' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(to === 'confirm' ? contract.confirmRequest : contract.cancelRequest, {
        params: { id },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(requestKeys.one(id), detail);
      return queryClient.invalidateQueries({ queryKey: ['requests', 'list'] });
    },
  });
}

export function usePortalLink(customerId: number) {
  return useQuery({
    queryKey: requestKeys.portalLink(customerId),
    queryFn: () => callApi(contract.getPortalLink, { params: { id: customerId } }),
  });
}

export function useRenewPortalLink(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contract.renewPortalLink, { params: { id: customerId } }),
    onSuccess: (link) => queryClient.setQueryData(requestKeys.portalLink(customerId), link),
  });
}

/** The chosen customer's record and vaults, once one is chosen; shared with the customer screen. */
export function useChosenCustomer(customerId: number | null) {
  return useQuery({
    queryKey: customerKeys.one(customerId ?? 0),
    queryFn: () => callApi(getCustomer, { params: { id: customerId ?? 0 } }),
    enabled: customerId !== null,
  });
}

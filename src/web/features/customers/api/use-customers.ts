import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/customers';
import { callApi } from '../../../lib/api';

export const customerKeys = {
  all: ['customers'] as const,
  list: ['customers', 'list'] as const,
  sitEnding: ['customers', 'sit-ending'] as const,
  one: (id: number) => ['customers', 'one', id] as const,
};

/** `enabled` false for a user whose role may not read the list, so nothing asks in vain. */
export function useCustomers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: customerKeys.list,
    queryFn: () => callApi(contract.listCustomers),
    enabled,
  });
}

export function useSitEnding(enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.sitEnding,
    queryFn: () => callApi(contract.listSitEnding),
    enabled,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => callApi(contract.getCustomer, { params: { id } }),
  });
}

export function useUpdateCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: contract.UpdateCustomerBody) =>
      callApi(contract.updateCustomer, { params: { id }, body }),
    // The list, the dashboard's SIT list and the report all read the record.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

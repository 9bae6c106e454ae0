import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/checklists';
import { callApi } from '../../../lib/api';
import { checklistKeys } from './query-keys';
import { updateChecklist } from './use-checklists';

/** The active checklist of the fill page: by company and slug, or by warehouse name alone. */
export function useActiveChecklist(companySlug: string | undefined, warehouse: string) {
  return useQuery({
    queryKey: checklistKeys.fill(companySlug, warehouse),
    queryFn: () =>
      companySlug
        ? callApi(contract.getActiveChecklistByCompany, {
            params: { companySlug, warehouseSlug: warehouse },
          })
        : callApi(contract.getActiveChecklistByWarehouse, { params: { warehouseName: warehouse } }),
    retry: false,
  });
}

export function useAnswerChecklist(companySlug: string | undefined, warehouse: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChecklist,
    onSuccess: (checklist) =>
      queryClient.setQueryData(checklistKeys.fill(companySlug, warehouse), checklist),
  });
}

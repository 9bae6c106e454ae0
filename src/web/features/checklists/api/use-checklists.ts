import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/checklists';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { callApi } from '../../../lib/api';
import { checklistKeys } from './query-keys';

export function useChecklists() {
  return useQuery({
    queryKey: checklistKeys.list(),
    queryFn: () => callApi(contract.listChecklists),
  });
}

export function useCreateChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof contract.createChecklist>) =>
      callApi(contract.createChecklist, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistKeys.list() }),
  });
}

/** The one update call: staff editing a checklist and a crew answering it both send it. */
export const updateChecklist = ({
  id,
  body,
}: {
  id: number;
  body: BodyInputOf<typeof contract.updateChecklist>;
}) => callApi(contract.updateChecklist, { params: { id }, body });

export function useEditChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChecklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistKeys.list() }),
  });
}

export function useDeleteChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(contract.deleteChecklist, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistKeys.list() }),
  });
}

/** A new token for the checklist's printed link; the old link stops working. */
export function useRenewChecklistLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(contract.renewChecklistLink, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistKeys.list() }),
  });
}

export function useChecklistSettings() {
  return useQuery({
    queryKey: checklistKeys.settings(),
    queryFn: () => callApi(contract.getChecklistSettings),
  });
}

export function useUpdateChecklistSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: contract.ChecklistSettings) =>
      callApi(contract.updateChecklistSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(checklistKeys.settings(), settings),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/checklists';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { buildPath, callApi } from '../../../lib/api';
import { checklistKeys, type FillAddress } from './query-keys';
import { updateChecklist } from './use-checklists';

/** A token link gives the list alone; the spec's name call also gives its ids. */
const fetchChecklist = (
  address: FillAddress,
): Promise<contract.LinkedChecklist | contract.PublicChecklist> =>
  'token' in address
    ? callApi(contract.getChecklistByToken, { params: { token: address.token } })
    : callApi(contract.getActiveChecklistByWarehouse, {
        params: { warehouseName: address.warehouse },
      });

export function useActiveChecklist(address: FillAddress) {
  return useQuery({
    queryKey: checklistKeys.fill(address),
    queryFn: () => fetchChecklist(address),
    retry: false,
  });
}

/** Where the page's answers and images go: under the link token, or by the checklist's id. */
export type FillTarget = { token: string } | { id: number };

const answerChecklist =
  (target: FillTarget) => (body: BodyInputOf<typeof contract.fillChecklistByToken>) =>
    'token' in target
      ? callApi(contract.fillChecklistByToken, { params: { token: target.token }, body })
      : updateChecklist({ id: target.id, body });

export function useAnswerChecklist(address: FillAddress, target: FillTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerChecklist(target),
    onSuccess: (checklist) => queryClient.setQueryData(checklistKeys.fill(address), checklist),
  });
}

export function imageUploadPath(target: FillTarget): string {
  return 'token' in target
    ? buildPath(contract.uploadChecklistImageByToken.path, { token: target.token })
    : buildPath(contract.uploadChecklistImage.path, { id: target.id });
}

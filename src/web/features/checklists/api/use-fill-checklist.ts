import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../contracts/checklists';
import type { BodyInputOf } from '../../../../contracts/endpoint';
import { buildPath, callApi } from '../../../lib/api';
import { checklistKeys, type FillAddress } from './query-keys';
import { updateChecklist } from './use-checklists';

export function useActiveChecklist(address: FillAddress) {
  return useQuery({
    queryKey: checklistKeys.fill(address),
    queryFn: () =>
      'token' in address
        ? callApi(contract.getChecklistByToken, { params: { token: address.token } })
        : callApi(contract.getActiveChecklistByWarehouse, {
            params: { warehouseName: address.warehouse },
          }),
    retry: false,
  });
}

/** A token page answers through its token; a name page through the checklist's id (spec §7). */
const answerChecklist =
  (address: FillAddress) =>
  ({ id, body }: { id: string; body: BodyInputOf<typeof contract.fillChecklistByToken> }) =>
    'token' in address
      ? callApi(contract.fillChecklistByToken, { params: { token: address.token }, body })
      : updateChecklist({ id, body });

export function useAnswerChecklist(address: FillAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerChecklist(address),
    onSuccess: (checklist) => queryClient.setQueryData(checklistKeys.fill(address), checklist),
  });
}

/** Where the page's image uploads go: under the token, or by the checklist's id. */
export function imageUploadPath(address: FillAddress, checklistId: string): string {
  return 'token' in address
    ? buildPath(contract.uploadChecklistImageByToken.path, { token: address.token })
    : buildPath(contract.uploadChecklistImage.path, { id: checklistId });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as auth from '../../../../contracts/auth';
import { callApi } from '../../../lib/api';
import { sessionQueryKey } from './use-session';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(auth.logout),
    onSettled: () => {
      // Nothing of the company may stay in memory after sign-out.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}

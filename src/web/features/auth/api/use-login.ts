import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as auth from '../../../../contracts/auth';
import { callApi } from '../../../lib/api';
import { sessionQueryKey } from './use-session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      callApi(auth.login, {
        body: { email: body.email.trim().toLowerCase(), password: body.password },
      }),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}

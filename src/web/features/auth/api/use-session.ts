import { useQuery } from '@tanstack/react-query';
import * as auth from '../../../../contracts/auth';
import { callApi } from '../../../lib/api';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null when signed out. Loaded once at start and on sign-in/out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async (): Promise<auth.SessionUser | null> => (await callApi(auth.sessionState)).user,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

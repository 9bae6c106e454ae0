import { useQuery } from '@tanstack/react-query';
import * as auth from '../../../../contracts/auth';
import type { Endpoint } from '../../../../contracts/endpoint';
import { roleAllows } from '../../../../domain/roles';
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

/**
 * Whether the signed-in user's role may make this call: screens hide what it may not, by the
 * same field the server enforces.
 */
export function useMayCall(endpoint: Pick<Endpoint, 'role'>): boolean {
  const role = useSession().data?.role;
  return role !== undefined && roleAllows(role, endpoint.role ?? 'crew');
}

import type { SessionUser } from '../../../../contracts/auth';
import { send } from '../../../lib/api';

/**
 * The paths of `sessionState` and `login` in contracts/auth.ts, written out: the signed-out
 * pages call them without the contract, whose schemas would bring zod onto the landing page
 * (decision 0062). A unit test holds them equal.
 */
export const SIGN_IN_PATHS = { session: '/api/auth/session', login: '/api/auth/login' } as const;

/** The signed-in user, or null when signed out or the server cannot say. */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const state = (await (await send(SIGN_IN_PATHS.session, {})).json()) as {
      user: SessionUser | null;
    };
    return state.user;
  } catch {
    return null;
  }
}

/** Signs in; an `ApiError` carries the server's sentences when it refuses. */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  const response = await send(SIGN_IN_PATHS.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: email.trim().toLowerCase(), password }),
  });
  return (await response.json()) as SessionUser;
}

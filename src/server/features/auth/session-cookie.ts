import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';

export const SESSION_COOKIE = 'vaultgrid_session';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure:
      deps.cookieSecure === 'always' ||
      (deps.cookieSecure === 'auto' && request.protocol === 'https'),
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

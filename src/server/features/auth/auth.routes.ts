import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contracts/auth';
import type { AppDeps } from '../../deps';
import { isCrossSite } from '../../http/cross-site';
import { AppError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import * as auth from './auth.service';
import {
  clearSessionCookie,
  readDeviceToken,
  SESSION_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from './session-cookie';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Resolves the session cookie once per request; routes read request.user.
  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const session = await auth.resolveSession(deps.db, token, deps.sessionDays);
    if (!session) return;
    request.user = session.user;
    if (session.renewedUntil) setSessionCookie(request, reply, deps, token, session.renewedUntil);
  });

  registerEndpoint(app, contract.login, async ({ body, request, reply }) => {
    const result = await auth.login(deps.db, {
      email: body.email,
      password: body.password,
      ip: request.ip,
      deviceToken: readDeviceToken(request),
      sessionDays: deps.sessionDays,
    });
    setSessionCookie(request, reply, deps, result.token, result.expiresAt);
    setDeviceCookie(request, reply, deps, result.deviceToken, auth.knownDeviceUntil());
    deps.onSignIn?.();
    return result.user;
  });

  registerEndpoint(app, contract.currentUser, async ({ user }) => user);
  registerEndpoint(app, contract.sessionState, async ({ user }) => ({ user }));

  // The spec keeps logout a GET, which a link or image on another site could fire; such a
  // request ends nothing (the reference client calls it with fetch from our own pages).
  registerEndpoint(app, contract.logout, async ({ request, reply }) => {
    if (isCrossSite(request)) {
      throw new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) await auth.logout(deps.db, token);
    clearSessionCookie(reply);
    return { ok: true as const };
  });
}

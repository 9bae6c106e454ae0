import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { isSecureCookie } from '../../http/secure-cookie';

export const SESSION_COOKIE = 'vaultgrid_session';
/** Marks a device an email signed in from; sent only to the sign-in call. */
const DEVICE_COOKIE = 'vaultgrid_device';
const DEVICE_COOKIE_PATH = '/api/auth/login';
const DEVICE_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Our cookies are HttpOnly and Lax; `Secure` follows the request (decision 0002). */
function setLaxCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  cookie: { name: string; value: string; path: string; expires: Date },
): void {
  reply.setCookie(cookie.name, cookie.value, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureCookie(request, deps),
    expires: cookie.expires,
  });
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  token: string,
  expires: Date,
): void {
  setLaxCookie(request, reply, deps, { name: SESSION_COOKIE, value: token, path: '/', expires });
}

/** The device token the browser sent, or null when it sent none or something we never made. */
export function readDeviceToken(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token && DEVICE_TOKEN_FORMAT.test(token) ? token : null;
}

export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  token: string,
  expires: Date,
): void {
  setLaxCookie(request, reply, deps, {
    name: DEVICE_COOKIE,
    value: token,
    path: DEVICE_COOKIE_PATH,
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';

/**
 * Whether a cookie we set gets `Secure`: always, never, or (auto) when this request came over
 * https, so the same server works on a LAN over plain http (`COOKIE_SECURE`). Every cookie
 * of ours follows this one rule.
 */
export function isSecureCookie(request: FastifyRequest, deps: AppDeps): boolean {
  return (
    deps.cookieSecure === 'always' || (deps.cookieSecure === 'auto' && request.protocol === 'https')
  );
}

import type { FastifyRequest } from 'fastify';

type Evidence = 'fetch-metadata' | 'origin' | 'referer';

function namesOtherHost(url: string | undefined, host: string): boolean {
  if (!url) return false;
  try {
    return new URL(url).host !== host;
  } catch {
    // An unreadable Origin or Referer cannot vouch for the request.
    return true;
  }
}

/**
 * Whether a browser says this request was started by another site. Clients without a
 * browser send none of these headers and are not cross-site. `Sec-Fetch-Site: none` is a
 * user typing the address, which is not another site either.
 */
export function isCrossSite(
  request: FastifyRequest,
  evidence: Evidence[] = ['fetch-metadata', 'origin', 'referer'],
): boolean {
  const site = request.headers['sec-fetch-site'];
  if (evidence.includes('fetch-metadata') && (site === 'cross-site' || site === 'same-site')) {
    return true;
  }
  const origin = request.headers.origin;
  if (evidence.includes('origin') && origin !== undefined && namesOtherHost(origin, request.host)) {
    return true;
  }
  return evidence.includes('referer') && namesOtherHost(request.headers.referer, request.host);
}

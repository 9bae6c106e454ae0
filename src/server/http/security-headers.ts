import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet does to a response, recorded once: headers to set, in order, and to remove. */
interface Recorded {
  set: [string, string][];
  removed: string[];
}

function record(options: HelmetOptions): Recorded {
  const recorded: Recorded = { set: [], removed: [] };
  const response = {
    setHeader(name: string, value: string) {
      recorded.set.push([name, value]);
    },
    removeHeader(name: string) {
      recorded.removed.push(name);
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return recorded;
}

/**
 * Headers a browser honours only on a potentially trustworthy origin (https, or the machine
 * itself). Elsewhere, as on plain http over a warehouse LAN name, the browser ignores them and
 * says so in the console of every page.
 */
const TRUSTWORTHY_ONLY = new Set(['cross-origin-opener-policy', 'origin-agent-cluster']);

/** Host names a browser treats as trustworthy over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * Helmet's security headers for every response. Its Fastify plugin built helmet's middleware
 * anew for each request (about 13 microseconds, in two hooks); our directives are fixed
 * strings, so the headers are worked out once and each response gets the same ones, set on
 * the raw response as helmet sets them (decision 0107). `upgrade` adds the content security
 * policy's `upgrade-insecure-requests`; `trustworthy` says whether the page's origin is one
 * where the opener and agent-cluster headers apply (decision 0460).
 */
export function securityHeaders(options: HelmetOptions) {
  const { set, removed } = record(options);
  const variant = (upgrade: boolean, trustworthy: boolean): [string, string][] =>
    set
      .filter(([name]) => trustworthy || !TRUSTWORTHY_ONLY.has(name.toLowerCase()))
      .map(([name, value]): [string, string] =>
        upgrade && name.toLowerCase() === 'content-security-policy'
          ? [name, `${value};upgrade-insecure-requests`]
          : [name, value],
      );
  const variants = [
    [variant(false, false), variant(false, true)],
    [variant(true, false), variant(true, true)],
  ] as const;
  return (response: ServerResponse, how: { upgrade: boolean; trustworthy: boolean }) => {
    for (const [name, value] of variants[how.upgrade ? 1 : 0][how.trustworthy ? 1 : 0]) {
      response.setHeader(name, value);
    }
    for (const name of removed) response.removeHeader(name);
  };
}

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
 * Helmet's security headers for every response. Its Fastify plugin built helmet's middleware
 * anew for each request (about 13 microseconds, in two hooks); our directives are fixed
 * strings, so the headers are worked out once and each response gets the same ones, set on
 * the raw response as helmet sets them (decision 0107). `upgraded` is the same set with the
 * content security policy's `upgrade-insecure-requests`, for requests over HTTPS.
 */
export function securityHeaders(options: HelmetOptions) {
  const { set, removed } = record(options);
  const upgraded = set.map(([name, value]): [string, string] =>
    name.toLowerCase() === 'content-security-policy'
      ? [name, `${value};upgrade-insecure-requests`]
      : [name, value],
  );
  const apply = (headers: [string, string][]) => (response: ServerResponse) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
  };
  return { plain: apply(set), upgraded: apply(upgraded) };
}

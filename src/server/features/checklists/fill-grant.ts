import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { isSecureCookie } from '../../http/secure-cookie';
import * as repo from './checklists.repository';

// The fill grant (decision 0015, amended): the spec's by-id fill calls take a guessable integer,
// so a stranger may use them only for a checklist they have just opened by its warehouse name.
// The name call leaves this proof in a cookie; the by-id calls look for it.

const FILL_GRANT_COOKIE = 'vaultgrid_fill';
/** Only the checklist calls need it, so no other request carries it. */
const FILL_GRANT_PATH = '/api/checklists';
/** Long enough for a shift; after that the crew opens the name page again. */
const FILL_GRANT_SECONDS = 12 * 60 * 60;
/** A phone may have a few warehouses' name pages open; the oldest grant drops out. */
const MAX_FILL_GRANTS = 5;
const GRANT_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const SEPARATOR = '.';

/** The grants a request's cookie carries. */
export type FillGrants = readonly string[];

/**
 * The grant for a checklist: a hash of its secret link token, never the token itself, so a
 * name-guesser holding it cannot use the token link once name links are off, and "New link"
 * (a new token) retires every grant at once.
 */
export function fillGrantOf(fillToken: string): string {
  return crypto.createHash('sha256').update(`fill-grant:${fillToken}`).digest('base64url');
}

/** Whether the caller's grants include this checklist's: each compared in constant time, all of them. */
export function holdsFillGrant(grants: FillGrants, fillToken: string): boolean {
  const expected = Buffer.from(fillGrantOf(fillToken));
  let found = false;
  for (const grant of grants) {
    const given = Buffer.from(grant);
    // Every grant we read has the expected length (GRANT_FORMAT), so no length leaks here.
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) found = true;
  }
  return found;
}

/** The grants the request carries: only well-formed ones, at most MAX_FILL_GRANTS. */
export function readFillGrants(request: FastifyRequest): FillGrants {
  const value = request.cookies[FILL_GRANT_COOKIE] ?? '';
  return value
    .split(SEPARATOR)
    .filter((grant) => GRANT_FORMAT.test(grant))
    .slice(0, MAX_FILL_GRANTS);
}

/** Adds a grant to the cookie: newest first, no repeats, the oldest dropped. */
export function setFillGrantCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  grant: string,
): void {
  const grants = [grant, ...readFillGrants(request).filter((g) => g !== grant)];
  reply.setCookie(FILL_GRANT_COOKIE, grants.slice(0, MAX_FILL_GRANTS).join(SEPARATOR), {
    path: FILL_GRANT_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureCookie(request, deps),
    maxAge: FILL_GRANT_SECONDS,
  });
}

/** How a filler names a checklist: by the token of its link, or by id with the grants it holds. */
export type FillerAccess = { token: string } | { id: number; grants: FillGrants };

/**
 * The active checklist a filler reaches: by its link token, or by id while its company allows
 * name links and the caller holds its grant. Anything else is not found, like a missing id.
 */
export async function findFillableChecklist(
  db: Db,
  access: FillerAccess,
  options: { forUpdate?: boolean } = {},
): Promise<repo.ChecklistRow | null> {
  const row = await repo.findActiveChecklistForFiller(db, access, options);
  if (!row) return null;
  return 'token' in access || holdsFillGrant(access.grants, row.fillToken) ? row : null;
}

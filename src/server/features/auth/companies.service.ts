import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { slugify } from '../../../domain/slug';
import type { SessionUser } from '../../../contracts/auth';
import type { SessionCache } from '../../lib/session-cache';
import * as repo from './auth.repository';
import { hashToken } from './auth.service';

/** Creates a company with a unique slug: "Acme Moving", then "acme-moving-2" for a namesake. */
export async function createCompany(db: Db, name: string) {
  const base = slugify(name) || 'company';
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (await repo.findCompanyBySlug(db, slug)) continue;
    try {
      return await repo.insertCompany(db, { name: name.trim(), slug });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`No free slug for company ${name}`);
}

export async function createUser(
  db: Db,
  params: { companyId: number; email: string; password: string },
) {
  const email = params.email.trim().toLowerCase();
  const passwordHash = await hashPassword(params.password);
  try {
    return await repo.insertUser(db, { companyId: params.companyId, email, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('EMAIL_TAKEN', `A user with the email ${email} already exists.`);
    throw error;
  }
}

/**
 * Adds a colleague to the company. Emails are unique across companies (they sign in), so a
 * taken email is refused with one sentence whether it belongs to this company or another:
 * the answer never says that, or where, the email exists (decision 0015).
 */
export async function addTeamMember(
  db: Db,
  params: { companyId: number; email: string; password: string },
) {
  try {
    return await createUser(db, params);
  } catch (error) {
    if (error instanceof AppError && error.code === 'EMAIL_TAKEN')
      throw new AppError('USER_NOT_ADDED', USER_NOT_ADDED_MESSAGE);
    throw error;
  }
}

const USER_NOT_ADDED_MESSAGE =
  'This user could not be added. Please check the email address or use another one.';

export async function setUserPassword(db: Db, email: string, password: string) {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw new AppError('NOT_FOUND', `No user has the email ${email}.`);
  await repo.updateUserPassword(db, user.id, await hashPassword(password));
  // A new password ends every open session of that user.
  await repo.deleteUserSessions(db, user.id);
}

export async function listTeam(db: Db, companyId: number) {
  const rows = await repo.listCompanyUsers(db, companyId);
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }));
}

/**
 * Removes a colleague; their sessions end on every instance (the sessions trigger tells the
 * others, this one forgets them now). A company keeps at least one user, so no one can lock
 * everybody out, themselves included.
 */
export async function removeTeamMember(
  db: Db,
  kept: SessionCache,
  user: SessionUser,
  id: number,
): Promise<void> {
  const ended = await db.transaction(async (tx) => {
    const ids = await repo.lockCompanyUsers(tx, user.companyId);
    if (!ids.includes(id)) throw notFound('User');
    if (ids.length === 1) {
      throw new AppError(
        'TEAM_LAST_USER',
        'The last user of a company cannot be removed. Add a colleague first.',
      );
    }
    const sessions = await repo.endUserSessions(tx, id, null);
    await repo.deleteCompanyUser(tx, user.companyId, id);
    return sessions;
  });
  kept.forget(ended);
}

/**
 * Sets a colleague's password and ends their sessions, as a new password should. Setting
 * one's own keeps the session it was set from, so the person at the screen stays signed in.
 */
export async function resetTeamPassword(
  db: Db,
  kept: SessionCache,
  user: SessionUser,
  params: { id: number; password: string; sessionToken: string | null },
): Promise<void> {
  const passwordHash = await hashPassword(params.password);
  const ended = await db.transaction(async (tx) => {
    const target = await repo.findCompanyUser(tx, user.companyId, params.id);
    if (!target) throw notFound('User');
    await repo.updateUserPassword(tx, target.id, passwordHash);
    const keepId =
      target.id === user.id && params.sessionToken ? hashToken(params.sessionToken) : null;
    return repo.endUserSessions(tx, target.id, keepId);
  });
  kept.forget(ended);
}

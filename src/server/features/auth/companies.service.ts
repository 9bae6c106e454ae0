import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { slugify } from '../../../domain/slug';
import type { SessionUser } from '../../../contracts/auth';
import { hashToken } from './auth.service';
import * as repo from './auth.repository';
import type { Role } from '../../../domain/roles';

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

/** A company's first user, made with the company, is its admin; colleagues get the role they are given. */
export async function createUser(
  db: Db,
  params: { companyId: number; email: string; password: string; role?: Role },
) {
  const email = params.email.trim().toLowerCase();
  const passwordHash = await hashPassword(params.password);
  const role = params.role ?? 'admin';
  try {
    return await repo.insertUser(db, { companyId: params.companyId, email, passwordHash, role });
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
  params: { companyId: number; email: string; password: string; role: Role },
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

function teamMember(row: { id: number; email: string; role: Role; createdAt: Date }) {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt.toISOString() };
}

export async function listTeam(db: Db, companyId: number) {
  return (await repo.listCompanyUsers(db, companyId)).map(teamMember);
}

const LAST_ADMIN_MESSAGE =
  'The company needs at least one admin: make another colleague an admin first.';

/** Changes a colleague's role; it takes effect on their next call, on every instance. */
export async function changeRole(
  db: Db,
  params: { companyId: number; userId: number; role: Role },
) {
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, params.companyId);
    const user = await repo.findCompanyUser(tx, params.companyId, params.userId);
    if (!user) throw new AppError('NOT_FOUND', 'This colleague was not found.');
    if (
      user.role === 'admin' &&
      params.role !== 'admin' &&
      (await repo.countAdmins(tx, params.companyId)) <= 1
    )
      throw new AppError('LAST_ADMIN', LAST_ADMIN_MESSAGE);
    await repo.updateUserRole(tx, user.id, params.role);
    return teamMember({ ...user, role: params.role });
  });
}

/**
 * Removes a colleague and ends their sessions. A company keeps at least one user, so no one
 * can lock everybody out, themselves included, and at least one admin. The company row is
 * held as a role change holds it, so a removal and a demotion at once cannot leave no admin.
 */
export async function removeTeamMember(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockCompany(tx, user.companyId);
    const ids = await repo.lockCompanyUsers(tx, user.companyId);
    const target = ids.includes(id) ? await repo.findCompanyUser(tx, user.companyId, id) : null;
    if (!target) throw notFound('User');
    if (ids.length === 1) {
      throw new AppError(
        'TEAM_LAST_USER',
        'The last user of a company cannot be removed. Add a colleague first.',
      );
    }
    if (target.role === 'admin' && (await repo.countAdmins(tx, user.companyId)) <= 1)
      throw new AppError('LAST_ADMIN', LAST_ADMIN_MESSAGE);
    await repo.endUserSessions(tx, id, null);
    await repo.deleteCompanyUser(tx, user.companyId, id);
  });
}

/**
 * Sets a colleague's password and ends their sessions, as a new password should. Setting
 * one's own keeps the session it was set from, so the person at the screen stays signed in.
 */
export async function resetTeamPassword(
  db: Db,
  user: SessionUser,
  params: { id: number; password: string; sessionToken: string | null },
): Promise<void> {
  const passwordHash = await hashPassword(params.password);
  await db.transaction(async (tx) => {
    const target = await repo.findCompanyUser(tx, user.companyId, params.id);
    if (!target) throw notFound('User');
    await repo.updateUserPassword(tx, target.id, passwordHash);
    const keepId =
      target.id === user.id && params.sessionToken ? hashToken(params.sessionToken) : null;
    await repo.endUserSessions(tx, target.id, keepId);
  });
}

import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { slugify } from '../../../domain/slug';
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

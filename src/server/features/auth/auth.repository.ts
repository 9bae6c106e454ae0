import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, loginAttempts, sessions, users } from '../../db/schema/auth';

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      companyId: users.companyId,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(
  db: Db,
  params: { id: string; userId: number; expiresAt: Date },
) {
  await db.insert(sessions).values(params);
}

export async function findSessionUser(db: Db, sessionId: string, now: Date) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      companyId: users.companyId,
      companyName: companies.name,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function countFailures(db: Db, params: { email: string; ip: string; since: Date }) {
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, params.email), gt(loginAttempts.attemptedAt, params.since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, params.ip), gt(loginAttempts.attemptedAt, params.since)));
  const [oldest] = await db
    .select({ at: sql<string>`min(${loginAttempts.attemptedAt})` })
    .from(loginAttempts)
    .where(
      and(
        sql`(${loginAttempts.email} = ${params.email} OR ${loginAttempts.ip} = ${params.ip})`,
        gt(loginAttempts.attemptedAt, params.since),
      ),
    );
  return {
    byEmail: byEmail?.n ?? 0,
    byIp: byIp?.n ?? 0,
    oldest: oldest?.at ? new Date(oldest.at) : null,
  };
}

export async function recordFailure(db: Db, params: { email: string; ip: string }) {
  await db.insert(loginAttempts).values(params);
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

export async function deleteOldFailures(db: Db, before: Date) {
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before));
}

export async function insertCompany(db: Db, params: { name: string; slug: string }) {
  const [row] = await db.insert(companies).values(params).returning();
  if (!row) throw new Error('Company insert returned nothing');
  return row;
}

export async function findCompanyByName(db: Db, name: string) {
  const rows = await db
    .select()
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findCompanyBySlug(db: Db, slug: string) {
  const rows = await db.select().from(companies).where(eq(companies.slug, slug)).limit(1);
  return rows[0] ?? null;
}

export async function countCompanies(db: Db) {
  const [row] = await db.select({ n: count() }).from(companies);
  return row?.n ?? 0;
}

export async function insertUser(
  db: Db,
  params: { companyId: number; email: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values(params)
    .returning({ id: users.id, email: users.email, createdAt: users.createdAt });
  if (!row) throw new Error('User insert returned nothing');
  return row;
}

export async function updateUserPassword(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function listCompanyUsers(db: Db, companyId: number) {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.email);
}

export async function listAllUsers(db: Db) {
  return db
    .select({ email: users.email, company: companies.name, createdAt: users.createdAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .orderBy(companies.name, users.email);
}

import { and, count, eq, gt, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { companies, sessions, signInCounters, signInDevices, users } from '../../db/schema/auth';
import type { Role } from '../../../domain/roles';

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      role: users.role,
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
      role: users.role,
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

/** Ends a user's sessions but `keepId` (null: all of them); answers the ids it ended. */
export async function endUserSessions(
  db: Db,
  userId: number,
  keepId: string | null,
): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(
      keepId === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepId)),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export interface SignInCounter {
  key: string;
  failures: number;
  lockedUntil: Date | null;
  lockouts: number;
}

/**
 * Counts one attempt against each key in a single statement, before the password is checked,
 * and returns each key's count including it: concurrent attempts each see their own number,
 * so no more than the limit are let through. A key under a running lock is not counted.
 */
export async function countAttempt(
  db: Db,
  keys: readonly string[],
  params: { now: Date; windowStart: Date },
): Promise<SignInCounter[]> {
  const now = params.now.toISOString();
  const windowStart = params.windowStart.toISOString();
  const values = sql.join(
    keys.map((key) => sql`(${key}, 1, ${now}::timestamptz, 0, ${now}::timestamptz)`),
    sql`, `,
  );
  const rows = await queryRows<{
    key: string;
    failures: number;
    locked_until: string | Date | null;
    lockouts: number;
  }>(
    db,
    sql`INSERT INTO sign_in_counters AS c (key, failures, window_started_at, lockouts, updated_at)
        VALUES ${values}
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE
            WHEN c.locked_until > ${now}::timestamptz THEN c.failures
            WHEN c.window_started_at <= ${windowStart}::timestamptz THEN 1
            ELSE c.failures + 1 END,
          window_started_at = CASE
            WHEN c.locked_until > ${now}::timestamptz THEN c.window_started_at
            WHEN c.window_started_at <= ${windowStart}::timestamptz THEN ${now}::timestamptz
            ELSE c.window_started_at END,
          updated_at = ${now}::timestamptz
        RETURNING key, failures, locked_until, lockouts`,
  );
  return rows.map((r) => ({
    key: r.key,
    failures: Number(r.failures),
    lockedUntil: r.locked_until === null ? null : new Date(r.locked_until),
    lockouts: Number(r.lockouts),
  }));
}

/**
 * Gives back the count of an attempt that was refused, or that succeeded, before its check.
 * One key per statement: `countAttempt` locks its keys in key order within one statement, and
 * an UPDATE over several keys locks them in whatever order the scan meets them, so the two
 * deadlocked under a burst of guesses on PostgreSQL (one of them answered 500).
 */
export async function uncountAttempt(db: Db, keys: readonly string[], now: Date) {
  for (const key of keys) {
    await db
      .update(signInCounters)
      .set({ failures: sql`greatest(${signInCounters.failures} - 1, 0)`, updatedAt: now })
      .where(eq(signInCounters.key, key));
  }
}

/**
 * Locks a key that reached its limit. Only the attempt that saw `lockouts` locks it, so two
 * failures landing together lock once, and a success that cleared the key in between wins.
 */
export async function lockCounter(
  db: Db,
  params: { key: string; limit: number; seenLockouts: number; until: Date; now: Date },
) {
  await db
    .update(signInCounters)
    .set({
      lockedUntil: params.until,
      lockouts: sql`${signInCounters.lockouts} + 1`,
      failures: 0,
      windowStartedAt: params.now,
      updatedAt: params.now,
    })
    .where(
      and(
        eq(signInCounters.key, params.key),
        gte(signInCounters.failures, params.limit),
        eq(signInCounters.lockouts, params.seenLockouts),
        or(isNull(signInCounters.lockedUntil), lte(signInCounters.lockedUntil, params.now)),
      ),
    );
}

/** One key per statement, for the reason `uncountAttempt` gives. */
export async function clearCounters(db: Db, keys: readonly string[]) {
  for (const key of keys) await db.delete(signInCounters).where(eq(signInCounters.key, key));
}

export async function deleteIdleCounters(db: Db, params: { idleSince: Date; now: Date }) {
  await db
    .delete(signInCounters)
    .where(
      and(
        lt(signInCounters.updatedAt, params.idleSince),
        or(isNull(signInCounters.lockedUntil), lt(signInCounters.lockedUntil, params.now)),
      ),
    );
}

export async function isKnownDevice(db: Db, tokenHash: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ email: signInDevices.email })
    .from(signInDevices)
    .where(and(eq(signInDevices.tokenHash, tokenHash), eq(signInDevices.email, email)))
    .limit(1);
  return rows.length > 0;
}

export async function rememberDevice(db: Db, tokenHash: string, email: string, now: Date) {
  await db
    .insert(signInDevices)
    .values({ tokenHash, email, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [signInDevices.tokenHash, signInDevices.email],
      set: { lastUsedAt: now },
    });
}

export async function deleteStaleDevices(db: Db, before: Date) {
  await db.delete(signInDevices).where(lt(signInDevices.lastUsedAt, before));
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
  params: { companyId: number; email: string; passwordHash: string; role: Role },
) {
  const [row] = await db
    .insert(users)
    .values(params)
    .returning({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt });
  if (!row) throw new Error('User insert returned nothing');
  return row;
}

export async function updateUserPassword(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The company's user ids, locked, so that two removals cannot both take its last users. */
export async function lockCompanyUsers(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function deleteCompanyUser(db: Db, companyId: number, id: number) {
  await db.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  await db.execute(
    sql`DELETE FROM live_presence WHERE company_id = ${companyId} AND user_id = ${id}`,
  );
}

export async function listCompanyUsers(db: Db, companyId: number) {
  return db
    .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.email);
}

/** Holds the company row, so that two role changes at once cannot both take its last admin. */
export async function lockCompany(db: Db, companyId: number) {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

export async function countAdmins(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin')));
  return row?.n ?? 0;
}

export async function findCompanyUser(db: Db, companyId: number, userId: number) {
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateUserRole(db: Db, userId: number, role: Role) {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

export async function listAllUsers(db: Db) {
  return db
    .select({ email: users.email, company: companies.name, createdAt: users.createdAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .orderBy(companies.name, users.email);
}

import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../../contracts/auth';
import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_EMAIL,
  LOGIN_WINDOW_MINUTES,
} from '../../../contracts/limits';
import { AppError } from '../../http/errors';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password';
import * as repo from './auth.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the hash of a session token is stored, so a database leak does not hand out sessions. */
function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export interface LoginResult {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

export async function login(
  db: Db,
  params: { email: string; password: string; ip: string; sessionDays: number; now?: Date },
): Promise<LoginResult> {
  const now = params.now ?? new Date();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const failures = await repo.countFailures(db, { email: params.email, ip: params.ip, since });
  if (
    failures.byEmail >= LOGIN_MAX_FAILURES_PER_EMAIL ||
    failures.byIp >= LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    const freeAt = (failures.oldest ?? now).getTime() + LOGIN_WINDOW_MINUTES * 60_000;
    const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  const user = await repo.findUserByEmail(db, params.email);
  const valid = await verifyPassword(params.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) {
    await repo.recordFailure(db, { email: params.email, ip: params.ip });
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
  }

  await repo.clearFailures(db, params.email);
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + params.sessionDays * DAY_MS);
  await repo.insertSession(db, { id: hashToken(token), userId: user.id, expiresAt });
  return {
    user: {
      id: user.id,
      email: user.email,
      companyId: user.companyId,
      companyName: user.companyName,
    },
    token,
    expiresAt,
  };
}

/**
 * The user behind a session token, or null. A session used past half its life is extended,
 * so staff who work every day are not signed out mid-shift.
 */
export async function resolveSession(
  db: Db,
  token: string,
  sessionDays: number,
  now = new Date(),
): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
  const id = hashToken(token);
  const row = await repo.findSessionUser(db, id, now);
  if (!row) return null;
  let renewedUntil: Date | null = null;
  if (row.expiresAt.getTime() - now.getTime() < (sessionDays * DAY_MS) / 2) {
    renewedUntil = new Date(now.getTime() + sessionDays * DAY_MS);
    await repo.extendSession(db, id, renewedUntil);
  }
  return {
    user: { id: row.id, email: row.email, companyId: row.companyId, companyName: row.companyName },
    renewedUntil,
  };
}

export async function logout(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}

/** Housekeeping run now and then: expired sessions and old failed attempts. */
export async function sweepAuthTables(db: Db, now = new Date()): Promise<void> {
  await repo.deleteExpiredSessions(db, now);
  await repo.deleteOldFailures(db, new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000));
}

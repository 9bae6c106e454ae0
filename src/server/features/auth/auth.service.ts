import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../../contracts/auth';
import {
  isAddressKey,
  KNOWN_DEVICE_DAYS,
  lockoutMinutes,
  retryMessage,
  SIGN_IN_COUNTER_IDLE_HOURS,
  SIGN_IN_WINDOW_MINUTES,
  signInLimits,
} from '../../../domain/sign-in-limits';
import { AppError } from '../../http/errors';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password';
import * as repo from './auth.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the hash of a session or device token is stored, so a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export interface LoginResult {
  user: SessionUser;
  token: string;
  expiresAt: Date;
  /** The device cookie to (re)set: it makes this device known for the email. */
  deviceToken: string;
}

/** When a device cookie set now runs out: as long as the server remembers the device. */
export function knownDeviceUntil(now = new Date()): Date {
  return new Date(now.getTime() + KNOWN_DEVICE_DAYS * DAY_MS);
}

const minutesUntil = (until: Date, now: Date) => (until.getTime() - now.getTime()) / 60_000;

/**
 * Counts the attempt first and refuses it, without hashing, when any of its keys is locked
 * or already full; otherwise checks the password. A failure locks each key it filled, for a
 * delay that doubles per lockout; a success clears the email's keys and gives the address
 * its count back (docs/decisions/0013-sign-in-limits.md).
 */
export async function login(
  db: Db,
  params: {
    email: string;
    password: string;
    ip: string;
    deviceToken: string | null;
    sessionDays: number;
    now?: Date;
  },
): Promise<LoginResult> {
  const now = params.now ?? new Date();
  const deviceHash = params.deviceToken ? hashToken(params.deviceToken) : null;
  const knownDevice =
    deviceHash !== null && (await repo.isKnownDevice(db, deviceHash, params.email))
      ? deviceHash
      : null;
  const limits = signInLimits({ email: params.email, ip: params.ip, knownDevice });
  const counters = await repo.countAttempt(
    db,
    limits.map((l) => l.key),
    { now, windowStart: new Date(now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000) },
  );
  const counted = counters.filter((c) => !(c.lockedUntil && c.lockedUntil > now));
  const refusals = limits.flatMap((limit) => {
    const c = counters.find((row) => row.key === limit.key);
    if (!c) return [];
    if (c.lockedUntil && c.lockedUntil > now) return [minutesUntil(c.lockedUntil, now)];
    // Over the limit but not locked yet: an attempt still being checked will lock it.
    return c.failures > limit.limit ? [lockoutMinutes(c.lockouts)] : [];
  });
  if (refusals.length > 0) {
    await repo.uncountAttempt(
      db,
      counted.map((c) => c.key),
      now,
    );
    throw new AppError('RATE_LIMITED', retryMessage(Math.max(...refusals)));
  }

  const user = await repo.findUserByEmail(db, params.email);
  const valid = await verifyPassword(params.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) {
    for (const limit of limits) {
      const c = counters.find((row) => row.key === limit.key);
      if (!c || c.failures < limit.limit) continue;
      await repo.lockCounter(db, {
        key: limit.key,
        limit: limit.limit,
        seenLockouts: c.lockouts,
        until: new Date(now.getTime() + lockoutMinutes(c.lockouts) * 60_000),
        now,
      });
    }
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
  }

  const keys = limits.map((l) => l.key);
  await repo.clearCounters(
    db,
    keys.filter((key) => !isAddressKey(key)),
  );
  await repo.uncountAttempt(db, keys.filter(isAddressKey), now);
  const deviceToken = params.deviceToken ?? crypto.randomBytes(32).toString('base64url');
  await repo.rememberDevice(db, hashToken(deviceToken), user.email, now);
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + params.sessionDays * DAY_MS);
  await repo.insertSession(db, { id: hashToken(token), userId: user.id, expiresAt });
  return {
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      companyId: user.companyId,
      companyName: user.companyName,
    },
    token,
    expiresAt,
    deviceToken,
  };
}

/**
 * The user behind a session token, or null. A session used past half its life is extended,
 * so staff who work every day are not signed out mid-shift. Read from the database on every
 * call, so a logout answered by any instance holds on all of them at once (decision 0411).
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
  if (row.expiresAt.getTime() < now.getTime() + (sessionDays * DAY_MS) / 2) {
    renewedUntil = new Date(now.getTime() + sessionDays * DAY_MS);
    await repo.extendSession(db, id, renewedUntil);
  }
  const user = {
    id: row.id,
    email: row.email,
    role: row.role,
    companyId: row.companyId,
    companyName: row.companyName,
  };
  return { user, renewedUntil };
}

export async function logout(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}

/**
 * Housekeeping run now and then: expired sessions, sign-in counters quiet for a day (which
 * also forgets how many lockouts they had), and devices long unused.
 */
export async function sweepAuthTables(db: Db, now = new Date()): Promise<void> {
  await repo.deleteExpiredSessions(db, now);
  await repo.deleteIdleCounters(db, {
    idleSince: new Date(now.getTime() - SIGN_IN_COUNTER_IDLE_HOURS * 60 * 60_000),
    now,
  });
  await repo.deleteStaleDevices(db, new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS));
}

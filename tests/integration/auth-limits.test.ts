import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMAIL_MAX_LENGTH } from '../../src/contracts/limits';
import {
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL,
  SIGN_IN_MAX_FAILURES_PER_EMAIL,
} from '../../src/domain/sign-in-limits';
import { countAttempt, uncountAttempt } from '../../src/server/features/auth/auth.repository';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import { TEST_PASSWORD } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  // Trusting X-Forwarded-For lets each test speak from addresses of its own.
  app = await startTestApp(inject('postgresUrl'), { trustProxy: true });
});
afterAll(async () => {
  await app?.close();
});

const unique = () => crypto.randomBytes(4).toString('hex');
let lastAddress = 0;
const freshAddress = () => {
  lastAddress += 1;
  return `10.20.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

async function makeUser(): Promise<string> {
  const email = `limits-${unique()}@example.com`;
  const company = await createCompany(app.deps.db, `Limits Co ${unique()}`);
  await createUser(app.deps.db, { companyId: company.id, email, password: TEST_PASSWORD });
  return email;
}

interface SignInReply {
  status: number;
  message: string;
  /** The device cookie the server set, if it set one. */
  device: string | null;
}

async function signIn(
  email: string,
  password: string,
  from: { address: string; device?: string | null },
): Promise<SignInReply> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': from.address,
  };
  if (from.device) headers.cookie = `vaultgrid_device=${from.device}`;
  const res = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { message?: string };
  const device = res.headers
    .getSetCookie()
    .map((c) => /^vaultgrid_device=([^;]+)/.exec(c)?.[1])
    .find((value) => value !== undefined);
  return { status: res.status, message: body.message ?? '', device: device ?? null };
}

function wrongGuesses(email: string, address: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () => signIn(email, 'wrong password', { address })),
  );
}

const statuses = (replies: SignInReply[]) => {
  const counts = new Map<number, number>();
  for (const r of replies) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return counts;
};

// Each wrong guess that is checked costs a full scrypt hash; some tests need dozens.
describe('sign-in limits', { timeout: 90_000 }, () => {
  it('checks no more than the limit of 100 wrong guesses fired at once', async () => {
    const email = await makeUser();
    const replies = await wrongGuesses(email, freshAddress(), 100);
    const counts = statuses(replies);
    expect([...counts.keys()].sort()).toEqual([401, 429]);
    expect(counts.get(401)).toBeLessThanOrEqual(SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL);
    expect(counts.get(429)).toBeGreaterThanOrEqual(
      100 - SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL,
    );
  });

  it('counts and gives back attempts on the same keys at once without a deadlock', async () => {
    // A refused guess gives its count back while others are being counted; on PostgreSQL the
    // two once took the same rows in opposite orders, and one guess in a burst answered 500.
    const email = `burst-${unique()}@example.com`;
    const keys = [`email:${email}`, `ip:${freshAddress()}`, `ip-email:x:${email}`];
    const failures: unknown[] = [];
    for (let round = 0; round < 60; round++) {
      const now = new Date();
      const settled = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? countAttempt(app.deps.db, keys, { now, windowStart: new Date(0) })
            : uncountAttempt(app.deps.db, keys, now),
        ),
      );
      for (const s of settled) if (s.status === 'rejected') failures.push(s.reason);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an over-long or malformed email with 400, however often it is sent', async () => {
    const address = freshAddress();
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`;
    // Far past what a database index entry can hold (it made recording the failure fail), and
    // just past the limit.
    const huge = `${crypto.randomBytes(6000).toString('hex')}@example.com`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(i % 2 ? long : huge, 'wrong password', { address }),
      ),
    );
    expect(statuses(replies)).toEqual(new Map([[400, 20]]));
    expect(replies[1]?.message).toBe(`Email must be at most ${EMAIL_MAX_LENGTH} characters.`);
    const malformed = await signIn('not an email', 'x', { address });
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe('Email must be an email address.');
  });

  it('lets the real user in from a known device while strangers are locked out', async () => {
    const email = await makeUser();
    const home = await signIn(email, TEST_PASSWORD, { address: freshAddress() });
    expect(home.status).toBe(200);
    expect(home.device).not.toBeNull();

    // Strangers from several addresses, each under its own limit, fill the email's limit.
    const addresses = SIGN_IN_MAX_FAILURES_PER_EMAIL / SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL;
    for (let i = 0; i < addresses; i++) {
      await wrongGuesses(email, freshAddress(), SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL);
    }
    const stranger = await signIn(email, TEST_PASSWORD, { address: freshAddress() });
    expect(stranger.status).toBe(429);
    expect(stranger.message).toMatch(/Try again in \d+ minutes?\./);

    const user = await signIn(email, TEST_PASSWORD, {
      address: freshAddress(),
      device: home.device,
    });
    expect(user.status).toBe(200);
    // The device is known for this email only.
    const other = await makeUser();
    const borrowed = await signIn(other, 'wrong password', {
      address: freshAddress(),
      device: home.device,
    });
    expect(borrowed.status).toBe(401);
  });

  it("does not lock a colleague out of the attacker's address below its ceiling", async () => {
    const colleague = await makeUser();
    const router = freshAddress();
    // Six emails guessed to their limit: 60 failures, more than a crew ever mistypes.
    const victims = Array.from({ length: 6 }, () => `victim-${unique()}@example.com`);
    expect(victims.length * SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL).toBeLessThan(
      SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    );
    const attacks = await Promise.all(
      victims.map((victim) =>
        wrongGuesses(victim, router, SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL),
      ),
    );
    for (const attack of attacks) {
      expect(statuses(attack)).toEqual(
        new Map([[401, SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL]]),
      );
    }
    for (const victim of victims) {
      expect((await signIn(victim, 'wrong password', { address: router })).status).toBe(429);
    }

    expect((await signIn(colleague, TEST_PASSWORD, { address: router })).status).toBe(200);
  });

  it('locks for longer each time the limit is reached again', async () => {
    const email = await makeUser();
    const address = freshAddress();
    const waits: string[] = [];
    for (let round = 0; round < 3; round++) {
      await wrongGuesses(email, address, SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL);
      waits.push((await signIn(email, TEST_PASSWORD, { address })).message);
      // The lock runs out, as if its minutes had passed.
      await app.deps.db.execute(
        sql`UPDATE sign_in_counters SET locked_until = now() - interval '1 second'
            WHERE key LIKE ${`%${address}:%`} AND locked_until IS NOT NULL`,
      );
    }
    expect(waits).toEqual(
      [1, 2, 4].map((n) => expect.stringContaining(`Try again in ${n} minute`)),
    );
  });
});

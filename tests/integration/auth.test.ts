import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompany, createUser } from '../../src/server/features/auth/companies.service';
import { SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL } from '../../src/domain/sign-in-limits';
import { HttpClient } from '../support/http-client';
import { makeCompanyWithUser, TEST_PASSWORD } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function makeUser(email: string) {
  const company = await createCompany(app.deps.db, `Auth Co ${email}`);
  await createUser(app.deps.db, { companyId: company.id, email, password: TEST_PASSWORD });
  return company;
}

describe('sign-in', () => {
  it('returns the user with its company and sets an HttpOnly, SameSite=Lax cookie', async () => {
    const company = await makeUser('ada@example.com');
    const res = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ADA@example.com', password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const user = (await res.json()) as { email: string; companyId: number; companyName: string };
    expect(user).toMatchObject({
      email: 'ada@example.com',
      companyId: company.id,
      companyName: company.name,
    });
    const cookie = res.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/vaultgrid_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a wrong password with 401 and an errors list, and sets no cookie', async () => {
    await makeUser('bob@example.com');
    const client = new HttpClient(app.baseUrl);
    const res = await client.post('/api/auth/login', {
      email: 'bob@example.com',
      password: 'wrong password',
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errors: ['Invalid email or password.'] });
    expect(client.hasSession()).toBe(false);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await new HttpClient(app.baseUrl).post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'x',
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errors: ['Invalid email or password.'] });
  });

  it('lists every missing field with status 400', async () => {
    const res = await new HttpClient(app.baseUrl).post('/api/auth/login', {});
    expect(res.status).toBe(400);
    expect((res.body as { errors: string[] }).errors).toEqual([
      'Email is required.',
      'Password is required.',
    ]);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
  });

  it('limits failed attempts per email from one address and says when to retry', async () => {
    await makeUser('carol@example.com');
    const client = new HttpClient(app.baseUrl);
    for (let i = 0; i < SIGN_IN_MAX_FAILURES_PER_ADDRESS_AND_EMAIL; i++) {
      const res = await client.post('/api/auth/login', {
        email: 'carol@example.com',
        password: 'nope',
      });
      expect(res.status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', {
      email: 'carol@example.com',
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect((blocked.body as { message: string }).message).toMatch(/Try again in \d+ minutes?\./);
  });

  it('reports the current user, and 401 once logged out', async () => {
    const staff = await makeCompanyWithUser(app);
    const me = await staff.client.get('/api/auth/');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: staff.email });

    const out = await staff.client.get('/api/auth/logout');
    expect(out.status).toBe(200);
    const after = await staff.client.get('/api/auth/');
    expect(after.status).toBe(401);
  });

  it("answers our client's session question with 200 signed in or out, while the spec's call keeps its 401", async () => {
    const staff = await makeCompanyWithUser(app);
    const signedIn = await staff.client.get('/api/auth/session');
    expect([signedIn.status, signedIn.body]).toEqual([200, { user: staff.user }]);
    await staff.client.get('/api/auth/logout');
    const signedOut = await staff.client.get('/api/auth/session');
    expect([signedOut.status, signedOut.body]).toEqual([200, { user: null }]);
    expect((await new HttpClient(app.baseUrl).get('/api/auth/session')).body).toEqual({
      user: null,
    });
    expect((await staff.client.get('/api/auth/')).status).toBe(401);
  });

  it('deletes the session on logout, so the old cookie no longer works', async () => {
    const staff = await makeCompanyWithUser(app);
    const copy = Object.assign(
      Object.create(Object.getPrototypeOf(staff.client)),
      staff.client,
    ) as HttpClient;
    await staff.client.get('/api/auth/logout');
    const res = await copy.get('/api/auth/');
    expect(res.status).toBe(401);
  });

  it('refuses unsafe requests from another site', async () => {
    const staff = await makeCompanyWithUser(app);
    const res = await staff.client.request('POST', '/api/warehouse/add-warehouse', {
      json: { name: 'X', rows: 1, cols: 1, field_capacity: 1, length: 1, width: 1 },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('sends security headers', async () => {
    const res = await fetch(`${app.baseUrl}/api/auth/`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('without a session', () => {
  const calls: [string, string][] = [
    ['GET', '/api/auth/'],
    ['GET', '/api/warehouse/summaries'],
    ['GET', `/api/warehouse/company/${MISSING_ID}`],
    ['GET', `/api/warehouse/${MISSING_ID}`],
    ['POST', '/api/warehouse/add-warehouse'],
    ['DELETE', `/api/warehouse/${MISSING_ID}`],
    ['GET', '/api/team/users'],
    ['POST', '/api/team/users'],
  ];
  it.each(calls)('%s %s answers 401', async (method, path) => {
    const res = await new HttpClient(app.baseUrl).request(method, path, { json: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('team', () => {
  it('lists colleagues and adds one to the same company only', async () => {
    const staff = await makeCompanyWithUser(app);
    const added = await staff.client.post('/api/team/users', {
      email: 'New.Hire@Example.com',
      password: 'long enough',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ email: 'new.hire@example.com' });

    const list = await staff.client.get('/api/team/users');
    expect((list.body as { email: string }[]).map((u) => u.email).sort()).toEqual(
      [staff.email, 'new.hire@example.com'].sort(),
    );

    const colleague = new HttpClient(app.baseUrl);
    const login = await colleague.post('/api/auth/login', {
      email: 'new.hire@example.com',
      password: 'long enough',
    });
    expect((login.body as { companyId: number }).companyId).toBe(staff.user.companyId);
  });

  it('refuses a taken email and a short password', async () => {
    const staff = await makeCompanyWithUser(app);
    const taken = await staff.client.post('/api/team/users', {
      email: staff.email,
      password: 'long enough',
    });
    expect(taken.status).toBe(409);
    const short = await staff.client.post('/api/team/users', {
      email: 'short@example.com',
      password: 'abc',
    });
    expect(short.status).toBe(400);
    expect((short.body as { message: string }).message).toBe(
      'Password must be at least 8 characters.',
    );
  });
});

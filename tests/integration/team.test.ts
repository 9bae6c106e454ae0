import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEAM_ADDS_PER_HOUR } from '../../src/server/features/auth/team.routes';
import type { Role } from '../../src/domain/roles';
import { makeCompanyWithUser, type SignedInStaff } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe('adding a team member', () => {
  it("answers another company's email exactly like a colleague's, revealing neither the email nor the company", async () => {
    const staff = await makeCompanyWithUser(app);
    const colleague = 'colleague@example.com'.replace('@', `-${Date.now()}@`);
    expect(
      (await staff.client.post('/api/team/users', { email: colleague, password: 'long enough' }))
        .status,
    ).toBe(200);
    const elsewhere = await makeCompanyWithUser(app);

    const own = await staff.client.post('/api/team/users', {
      email: colleague,
      password: 'long enough',
    });
    const foreign = await staff.client.post('/api/team/users', {
      email: elsewhere.email,
      password: 'long enough',
    });
    expect(foreign.status).toBe(409);
    expect(foreign.body).toEqual({
      code: 'USER_NOT_ADDED',
      message: 'This user could not be added. Please check the email address or use another one.',
      errors: ['This user could not be added. Please check the email address or use another one.'],
      error: 'This user could not be added. Please check the email address or use another one.',
    });
    expect(own.status).toBe(foreign.status);
    expect(own.body).toEqual(foreign.body);

    const team = (await staff.client.get('/api/team/users')).body as { email: string }[];
    expect(team.map((u) => u.email)).not.toContain(elsewhere.email);
  });

  it(`takes at most ${TEAM_ADDS_PER_HOUR} adds per user and hour, so taken emails cannot be looked up in bulk`, async () => {
    const staff = await makeCompanyWithUser(app);
    const elsewhere = await makeCompanyWithUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < TEAM_ADDS_PER_HOUR; i++) {
      const res = await staff.client.post('/api/team/users', {
        email: elsewhere.email,
        password: 'long enough',
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 409)).toBe(true);
    const limited = await staff.client.post('/api/team/users', {
      email: elsewhere.email,
      password: 'long enough',
    });
    expect([limited.status, (limited.body as { message: string }).message]).toEqual([
      429,
      'Too many team members were added in the last hour. Please try again later.',
    ]);
    // Another user's count is their own.
    const added = await elsewhere.client.post('/api/team/users', {
      email: `fresh-${Date.now()}@example.com`,
      password: 'long enough',
    });
    expect(added.status).toBe(200);
  });

  it('answers 401 to adds without a session, however many, without spending any limit', async () => {
    const anonymous = new HttpClient(app.baseUrl);
    const statuses = new Set<number>();
    for (let i = 0; i < TEAM_ADDS_PER_HOUR + 5; i++) {
      const res = await anonymous.post('/api/team/users', {
        email: `nobody-${i}@example.com`,
        password: 'long enough',
      });
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([401]);
  });
});

const messageOf = (body: unknown) => (body as { message: string }).message;

/** A colleague added through the Team call, signed in on their own phone. */
/** A colleague signed in on a phone of their own; crew unless told, as the spec's add makes them. */
async function addColleague(staff: SignedInStaff, role: Role = 'crew') {
  const password = 'first password';
  const email = `colleague-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const added = await staff.client.post('/api/team/users', { email, password, role });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const phone = new HttpClient(app.baseUrl);
  expect((await phone.post('/api/auth/login', { email, password })).status).toBe(200);
  expect((await phone.get('/api/auth/')).status).toBe(200);
  return { id: (added.body as { id: number }).id, email, phone };
}

describe('removing a team member', () => {
  it('removes a colleague and ends their sessions at once', async () => {
    const staff = await makeCompanyWithUser(app);
    const colleague = await addColleague(staff);
    const res = await staff.client.delete(`/api/team/users/${colleague.id}`);
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect((await colleague.phone.get('/api/auth/')).status).toBe(401);
    const signIn = await new HttpClient(app.baseUrl).post('/api/auth/login', {
      email: colleague.email,
      password: 'first password',
    });
    expect(signIn.status).toBe(401);
    const team = (await staff.client.get('/api/team/users')).body as { email: string }[];
    expect(team.map((u) => u.email)).toEqual([staff.email]);
  });

  it("keeps the company's last user, and lets a user leave while a colleague stays", async () => {
    const staff = await makeCompanyWithUser(app);
    const alone = await staff.client.delete(`/api/team/users/${staff.user.id}`);
    expect([alone.status, messageOf(alone.body)]).toEqual([
      409,
      'The last user of a company cannot be removed. Add a colleague first.',
    ]);
    expect((await staff.client.get('/api/auth/')).status).toBe(200);

    const colleague = await addColleague(staff, 'admin');
    const both = await Promise.all([
      staff.client.delete(`/api/team/users/${staff.user.id}`),
      colleague.phone.delete(`/api/team/users/${colleague.id}`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const left = await Promise.all([
      staff.client.get('/api/auth/'),
      colleague.phone.get('/api/auth/'),
    ]);
    expect(left.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("treats another company's user as missing", async () => {
    const staff = await makeCompanyWithUser(app);
    await addColleague(staff);
    const other = await makeCompanyWithUser(app);
    const otherColleague = await addColleague(other);
    const res = await staff.client.delete(`/api/team/users/${otherColleague.id}`);
    expect([res.status, messageOf(res.body)]).toEqual([404, 'User not found.']);
    const reset = await staff.client.put(`/api/team/users/${otherColleague.id}/password`, {
      password: 'taken over now',
    });
    expect(reset.status).toBe(404);
    expect((await otherColleague.phone.get('/api/auth/')).status).toBe(200);
  });
});

describe("resetting a colleague's password", () => {
  it('sets the new password and ends their sessions', async () => {
    const staff = await makeCompanyWithUser(app);
    const colleague = await addColleague(staff);
    const res = await staff.client.put(`/api/team/users/${colleague.id}/password`, {
      password: 'second password',
    });
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect((await colleague.phone.get('/api/auth/')).status).toBe(401);
    const login = (password: string) =>
      new HttpClient(app.baseUrl).post('/api/auth/login', { email: colleague.email, password });
    expect((await login('first password')).status).toBe(401);
    expect((await login('second password')).status).toBe(200);
  });

  it("keeps the session one's own reset was sent from, and ends the others", async () => {
    const staff = await makeCompanyWithUser(app);
    const colleague = await addColleague(staff, 'admin');
    const laptop = new HttpClient(app.baseUrl);
    await laptop.post('/api/auth/login', { email: colleague.email, password: 'first password' });
    const res = await colleague.phone.put(`/api/team/users/${colleague.id}/password`, {
      password: 'second password',
    });
    expect(res.status).toBe(200);
    expect((await colleague.phone.get('/api/auth/')).status).toBe(200);
    expect((await laptop.get('/api/auth/')).status).toBe(401);
  });

  it('refuses a short password with a sentence', async () => {
    const staff = await makeCompanyWithUser(app);
    const colleague = await addColleague(staff);
    const res = await staff.client.put(`/api/team/users/${colleague.id}/password`, {
      password: 'short',
    });
    expect([res.status, messageOf(res.body)]).toEqual([
      400,
      'Password must be at least 8 characters.',
    ]);
    expect((await colleague.phone.get('/api/auth/')).status).toBe(200);
  });
});

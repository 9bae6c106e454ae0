import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEAM_ADDS_PER_HOUR } from '../../src/server/features/auth/team.routes';
import { makeCompanyWithUser } from '../support/factories';
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

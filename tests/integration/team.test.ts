import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeCompanyWithUser } from '../support/factories';
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
    });
    expect(own.status).toBe(foreign.status);
    expect(own.body).toEqual(foreign.body);

    const team = (await staff.client.get('/api/team/users')).body as { email: string }[];
    expect(team.map((u) => u.email)).not.toContain(elsewhere.email);
  });
});

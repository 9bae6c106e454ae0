import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PORTAL_CALLS_PER_MINUTE } from '../../src/server/features/requests/requests.routes';
import { makeCompanyWithUser } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

// Its own server: the limit counts per address, and every test here calls from 127.0.0.1.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe("the customer's link", () => {
  it('is rate-limited per address, as the checklist links are, and the office is not', async () => {
    const anonymous = new HttpClient(app.baseUrl);
    const guess = '/api/portal/AAAAAAAAAAAAAAAAAAAAAA';
    const statuses: number[] = [];
    for (let i = 0; i < PORTAL_CALLS_PER_MINUTE; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, PORTAL_CALLS_PER_MINUTE - i) }, () =>
          anonymous.get(guess),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    const limited = await anonymous.get(guess);
    expect(limited.status).toBe(429);
    expect((limited.body as { message: string }).message).toBe(
      'Too many requests from this address. Please wait a minute and try again.',
    );

    const staff = await makeCompanyWithUser(app);
    expect((await staff.client.get('/api/requests')).status).toBe(200);
  });
});

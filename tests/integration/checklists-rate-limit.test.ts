import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_CALLS_PER_MINUTE } from '../../src/server/features/checklists/checklists.routes';
import { HttpClient } from '../support/http-client';
import { makeCompanyWithUser } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

// Its own server: the limit counts per address, and every test here calls from 127.0.0.1.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe('the public checklist calls', () => {
  it('are rate-limited per address, and the staff calls are not', async () => {
    const anonymous = new HttpClient(app.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_CALLS_PER_MINUTE; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, PUBLIC_CALLS_PER_MINUTE - i) }, () =>
          anonymous.get('/api/checklists/warehouse/nowhere'),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 404)).toBe(true);
    const limited = await anonymous.get('/api/checklists/warehouse/nowhere');
    expect(limited.status).toBe(429);
    expect((limited.body as { message: string }).message).toBe(
      'Too many requests from this address. Please wait a minute and try again.',
    );
    const image = await anonymous.get(`/api/checklists/proxy-drive-image/${MISSING_ID}`);
    expect(image.status).toBe(429);

    const staff = await makeCompanyWithUser(app);
    expect((await staff.client.get('/api/checklists/')).status).toBe(200);
  });
});

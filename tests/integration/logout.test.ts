import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { makeCompanyWithUser } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function signedInClient(): Promise<HttpClient> {
  const { client } = await makeCompanyWithUser(app);
  expect((await client.get('/api/auth/')).status).toBe(200);
  return client;
}

describe('logout', () => {
  it('from our own pages ends the session', async () => {
    const client = await signedInClient();
    const res = await client.request('GET', '/api/auth/logout', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/')).status).toBe(401);
  });

  it('started by another site (Sec-Fetch-Site: cross-site) leaves the session working', async () => {
    const client = await signedInClient();
    const res = await client.request('GET', '/api/auth/logout', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect((await client.get('/api/auth/')).status).toBe(200);
  });

  it('with an Origin or Referer naming another host leaves the session working', async () => {
    const client = await signedInClient();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page.html' },
    ];
    for (const headers of foreign) {
      expect((await client.request('GET', '/api/auth/logout', { headers })).status).toBe(403);
    }
    expect((await client.get('/api/auth/')).status).toBe(200);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setUserPassword } from '../../src/server/features/auth/companies.service';
import { makeCompanyWithUser } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { serveTestApp, startTestApp, type TestApp } from '../support/test-app';

// Two servers over one database: a session ended through either ends on both at once
// (decision 0411).
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp(inject('postgresUrl'));
  second = await serveTestApp(first.database, first.filesDir, async () => undefined, {}, first);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A client of the second instance carrying the cookies a client of the first holds. */
function sameBrowserOnSecond(client: HttpClient): (path: string) => Promise<number> {
  return async (path) => {
    const res = await fetch(second.baseUrl + path, { headers: { cookie: client.cookieHeader() } });
    return res.status;
  };
}

describe('sessions across instances', () => {
  it('end on the other instance when staff log out on one', async () => {
    const staff = await makeCompanyWithUser(first);
    const onSecond = sameBrowserOnSecond(staff.client);
    expect((await staff.client.get('/api/auth/')).status).toBe(200);
    expect(await onSecond('/api/auth/')).toBe(200);
    const cookie = staff.client.cookieHeader();

    const out = await staff.client.request('GET', '/api/auth/logout', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(200);
    const withOldCookie = async (base: string) =>
      (await fetch(`${base}/api/auth/`, { headers: { cookie } })).status;
    expect(await withOldCookie(first.baseUrl)).toBe(401);
    expect(await withOldCookie(second.baseUrl)).toBe(401);
  });

  it('end on every instance when the password is set anew', async () => {
    const staff = await makeCompanyWithUser(first);
    const onSecond = sameBrowserOnSecond(staff.client);
    expect((await staff.client.get('/api/auth/')).status).toBe(200);
    expect(await onSecond('/api/auth/')).toBe(200);

    // What `vaultgrid user password` does, from outside either server.
    await setUserPassword(first.deps.db, staff.email, 'another correct horse');
    expect((await staff.client.get('/api/auth/')).status).toBe(401);
    expect(await onSecond('/api/auth/')).toBe(401);
  });

  it('end on every instance when the user is removed', async () => {
    const staff = await makeCompanyWithUser(first);
    const onSecond = sameBrowserOnSecond(staff.client);
    expect((await staff.client.get('/api/warehouse/summaries')).status).toBe(200);
    expect(await onSecond('/api/warehouse/summaries')).toBe(200);

    // A repair by hand: the sessions go by the foreign key's cascade.
    await first.deps.db.execute(sql`DELETE FROM users WHERE id = ${staff.user.id}`);
    expect((await staff.client.get('/api/warehouse/summaries')).status).toBe(401);
    expect(await onSecond('/api/warehouse/summaries')).toBe(401);
  });
});

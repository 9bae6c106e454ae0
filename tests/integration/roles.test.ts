import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TeamMember } from '../../src/contracts/team';
import { ROLES, roleAllows, roleRefusal, type Role } from '../../src/domain/roles';
import { registeredEndpoints } from '../../src/server/http/route';
import {
  makeCompanyWithUser,
  makeWarehouse,
  signedInColleague,
  TEST_PASSWORD,
  type SignedInStaff,
} from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: SignedInStaff;
const clients = new Map<Role, HttpClient>();

const colleague = (role: Role) => signedInColleague(app, admin, role);

beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  admin = await makeCompanyWithUser(app, 'Roles Moving');
  clients.set('admin', admin.client);
  clients.set('office', await colleague('office'));
  clients.set('crew', await colleague('crew'));
});
afterAll(async () => {
  await app?.close();
});

/** A path with every parameter filled by a value that names nothing of this company. */
function pathOf(template: string): string {
  return template.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '987654321' : 'x'));
}

/** Only the status and, for a refusal, the sentence: the body of a stream is never read. */
async function call(client: HttpClient, method: string, path: string) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { cookie: client.cookieHeader(path), 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
  });
  if (response.status !== 403) {
    await response.body?.cancel();
    return { status: response.status, message: null };
  }
  return { status: 403, message: ((await response.json()) as { message: string }).message };
}

describe('every call of the API, for every role', () => {
  const sessionCalls = () =>
    registeredEndpoints.filter((e, i, all) => e.access === 'session' && all.indexOf(e) === i);

  it('covers the calls that need a role beyond crew', () => {
    const needing = sessionCalls().filter((e) => e.role && e.role !== 'crew');
    expect(needing.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining([
        'DELETE /api/warehouse/:id',
        'POST /api/imports',
        'GET /api/team/users',
        'POST /api/requests',
        'POST /api/requests/:id/confirm',
        'POST /api/requests/:id/cancel',
        'POST /api/customers/:id/portal-link',
      ]),
    );
  });

  it('leaves the pull list to the crew: reading it, confirming steps, completing requests', () => {
    const crewCalls = sessionCalls()
      .filter((e) => (e.role ?? 'crew') === 'crew')
      .map((e) => `${e.method} ${e.path}`);
    expect(crewCalls).toEqual(
      expect.arrayContaining([
        'GET /api/pull-lists/:date',
        'POST /api/pull-lists/:date/steps',
        'POST /api/requests/:id/complete',
      ]),
    );
  });

  for (const role of ROLES) {
    it(`answers ${role} as its role allows: the call is made, or 403 with a sentence`, async () => {
      const client = clients.get(role);
      if (!client) throw new Error(`no ${role} signed in`);
      const wrong: string[] = [];
      for (const endpoint of sessionCalls()) {
        const needed = endpoint.role ?? 'crew';
        const { status, message } = await call(client, endpoint.method, pathOf(endpoint.path));
        const name = `${endpoint.method} ${endpoint.path}`;
        if (roleAllows(role, needed)) {
          if (status === 401 || status === 403) wrong.push(`${name}: ${status}, expected allowed`);
        } else if (status !== 403 || message !== roleRefusal(role, needed)) {
          wrong.push(`${name}: ${status} ${message ?? ''}, expected 403`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('receiving by release date is floor work', () => {
  it('lets every role ask for a suggested place and the release outlook', async () => {
    const warehouse = await makeWarehouse(admin, { rows: 1, cols: 1 });
    for (const role of ROLES) {
      const client = clients.get(role);
      if (!client) throw new Error(`no ${role} signed in`);
      const base = `/api/warehouses/${warehouse.id}`;
      const place = await client.get(`${base}/suggested-place?expected_release=2026-12-16`);
      expect(place.body, role).toMatchObject({ field_name: 'A1', position: 1 });
      expect((await client.get(`${base}/release-outlook`)).body, role).toEqual({ weeks: [] });
    }
  });
});

describe('the team keeps roles', () => {
  it('gives a colleague added without a role the least one, and lists every role', async () => {
    const email = `norole-${Date.now()}@example.com`;
    const added = await admin.client.post('/api/team/users', { email, password: TEST_PASSWORD });
    expect((added.body as TeamMember).role).toBe('crew');
    const team = (await admin.client.get('/api/team/users')).body as TeamMember[];
    expect(team.find((m) => m.email === admin.email)?.role).toBe('admin');
    expect(team.find((m) => m.email === email)?.role).toBe('crew');
  });

  it('changes a role, and the colleague has it on their next call', async () => {
    const crew = await colleague('crew');
    const me = (await crew.get('/api/auth/')).body as { id: number; role: Role };
    expect(me.role).toBe('crew');
    expect((await crew.get('/api/imports')).status).toBe(403);
    const changed = await admin.client.patch(`/api/team/users/${me.id}/role`, { role: 'office' });
    expect(changed.status).toBe(200);
    expect((await crew.get('/api/auth/')).body).toMatchObject({ role: 'office' });
    expect((await crew.get('/api/imports')).status).toBe(200);
  });

  it('keeps the last admin, even when two admins demote each other at once', async () => {
    const solo = await makeCompanyWithUser(app, 'Solo Storage');
    const last = await solo.client.patch(`/api/team/users/${solo.user.id}/role`, { role: 'crew' });
    expect(last.status).toBe(409);
    expect((last.body as { message: string }).message).toMatch(/at least one admin/);

    const email = `second-admin-${Date.now()}@example.com`;
    const second = (
      await solo.client.post('/api/team/users', { email, password: TEST_PASSWORD, role: 'admin' })
    ).body as TeamMember;
    const other = new HttpClient(app.baseUrl);
    await other.post('/api/auth/login', { email, password: TEST_PASSWORD });
    const [a, b] = await Promise.all([
      solo.client.patch(`/api/team/users/${second.id}/role`, { role: 'office' }),
      other.patch(`/api/team/users/${solo.user.id}/role`, { role: 'office' }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
  });

  it("answers another company's colleague as if they did not exist", async () => {
    const stranger = await makeCompanyWithUser(app, 'Stranger Moving');
    const res = await admin.client.patch(`/api/team/users/${stranger.user.id}/role`, {
      role: 'crew',
    });
    expect(res.status).toBe(404);
  });

  it('refuses a role it does not know with a sentence', async () => {
    const res = await admin.client.patch(`/api/team/users/${admin.user.id}/role`, {
      role: 'owner',
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'Role must be one of crew, office or admin.',
    );
  });
});

describe('removing keeps an admin', () => {
  it('refuses to remove the last admin while crew stay, with a sentence', async () => {
    const company = await makeCompanyWithUser(app, 'Last Admin Storage');
    const email = `crew-left-${Date.now()}@example.com`;
    await company.client.post('/api/team/users', { email, password: TEST_PASSWORD });
    const res = await company.client.delete(`/api/team/users/${company.user.id}`);
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(
      'The company needs at least one admin: make another colleague an admin first.',
    );
    expect((await company.client.get('/api/auth/')).status).toBe(200);
  });
});

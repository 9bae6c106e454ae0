import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  PORTAL_ASKED_MAX,
  type PortalAnswer,
  type PortalRequest,
  type RequestAnswer,
  type RequestDetail,
} from '../../src/contracts/requests';
import { makeCompanyWithUser, signedInColleague, type SignedInStaff } from '../support/factories';
import { HttpClient } from '../support/http-client';
import {
  dayFromToday,
  makeCustomerWithVaults,
  makeRequest,
  type CustomerWithVaults,
} from '../support/requests-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf } from '../support/vault-factories';

let app: TestApp;
let tomorrow: string;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  tomorrow = await dayFromToday(app, 1);
});
afterAll(async () => {
  await app?.close();
});

/** A company whose customer SMITH has three vaults with tags, bottom V1 to top V3. */
async function smith(): Promise<{ staff: SignedInStaff; customer: CustomerWithVaults }> {
  const staff = await makeCompanyWithUser(app);
  const customer = await makeCustomerWithVaults(app, staff, 'SMITH', {
    V1: 'LOT 4471, tags 1-100',
    V2: 'LOT 4471, tags 101-200; LOT 4472, tags 1-10',
    V3: 'LOT 4471, tags 201-300',
  });
  return { staff, customer };
}

const idOf = (c: CustomerWithVaults, name: string) => {
  const vault = c.vaults[name];
  if (!vault) throw new Error(`No vault ${name}`);
  return vault.id;
};

describe('making requests', () => {
  it('finds the vaults holding the items of a release by tag when it is confirmed', async () => {
    const { staff, customer } = await smith();
    const made = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_items',
      due_on: tomorrow,
      items: 'LOT 4471, tags 37, 112; 4472: 5',
      note: 'Partial delivery',
    });
    expect(made).toMatchObject({
      customer_name: 'SMITH',
      kind: 'release_items',
      due_on: tomorrow,
      status: 'asked',
      note: 'Partial delivery',
      asked_by: staff.email,
      vaults: [],
      items: [
        { lot: '4471', tag: 37 },
        { lot: '4471', tag: 112 },
        { lot: '4472', tag: 5 },
      ],
    });

    const confirmed = await staff.client.post(`/api/requests/${made.id}/confirm`);
    expect(confirmed.status).toBe(200);
    const detail = confirmed.body as RequestDetail;
    expect(detail.status).toBe('confirmed');
    expect(detail.vaults.map((v) => v.name).sort()).toEqual(['V1', 'V2']);
    expect(detail.vaults.find((v) => v.name === 'V2')).toMatchObject({
      field_name: 'A1',
      position: 2,
      staged: false,
      released_on: null,
      pulled_at: null,
    });
    expect(detail.history.map((h) => [h.kind, h.actor])).toEqual([
      ['asked', staff.email],
      ['confirmed', staff.email],
    ]);
  });

  it('refuses an item no vault of the customer holds, naming it', async () => {
    const { staff, customer } = await smith();
    const res = await staff.client.post('/api/requests', {
      customer_id: customer.customerId,
      kind: 'release_items',
      due_on: tomorrow,
      items: 'LOT 4471, tags 37, 405',
    });
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toBe(
      'No vault of SMITH in storage holds LOT 4471, tag 405. Check the tag numbers on the inventory.',
    );
    const list = (await staff.client.get('/api/requests')).body as { requests: unknown[] };
    expect(list.requests).toEqual([]);
  });

  it('takes every vault in storage for a release of everything, not the released ones', async () => {
    const { staff, customer } = await smith();
    expect((await staff.client.post(`/api/vaults/${idOf(customer, 'V3')}/release`)).status).toBe(
      200,
    );
    expect((await staff.client.post(`/api/stage/vaults/${idOf(customer, 'V2')}`)).status).toBe(200);
    const made = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_all',
      due_on: tomorrow,
    });
    const detail = (await staff.client.post(`/api/requests/${made.id}/confirm`))
      .body as RequestDetail;
    expect(detail.vaults.map((v) => [v.name, v.staged, v.field_name])).toEqual([
      ['V1', false, 'A1'],
      ['V2', true, null],
    ]);
  });

  it('keeps the chosen vaults of a partial release and of an access', async () => {
    const { staff, customer } = await smith();
    const release = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_vaults',
      due_on: tomorrow,
      vault_ids: [idOf(customer, 'V2')],
    });
    expect(release.asked_vaults).toEqual([{ id: idOf(customer, 'V2'), name: 'V2' }]);
    const access = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'access',
      due_on: tomorrow,
      vault_ids: [idOf(customer, 'V1'), idOf(customer, 'V3')],
    });
    const detail = (await staff.client.post(`/api/requests/${access.id}/confirm`))
      .body as RequestDetail;
    expect(detail.vaults.map((v) => v.name)).toEqual(['V3', 'V1']);
  });

  it('refuses what a kind cannot take, a past date and released vaults, with sentences', async () => {
    const { staff, customer } = await smith();
    const base = { customer_id: customer.customerId, due_on: tomorrow };
    const refusals = [
      [{ ...base, kind: 'access' }, 400, 'Choose the vaults to bring to the dock.'],
      [{ ...base, kind: 'release_items' }, 400, /Name the items/],
      [{ ...base, kind: 'release_all', vault_ids: [idOf(customer, 'V1')] }, 400, /every vault/],
      [
        {
          ...base,
          kind: 'release_vaults',
          due_on: await dayFromToday(app, -1),
          vault_ids: [idOf(customer, 'V1')],
        },
        400,
        /today .* or later/,
      ],
      [{ ...base, kind: 'collect' }, 400, /Kind must be one of/],
      [{ ...base, kind: 'release_all', due_on: '2026-02-30' }, 400, /real date/],
    ] as const;
    for (const [body, status, message] of refusals) {
      const res = await staff.client.post('/api/requests', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(errorOf(res).message).toMatch(message);
    }
    await staff.client.post(`/api/vaults/${idOf(customer, 'V3')}/release`);
    const released = await staff.client.post('/api/requests', {
      ...base,
      kind: 'release_vaults',
      vault_ids: [idOf(customer, 'V3')],
    });
    expect(released.status).toBe(409);
    expect(errorOf(released).message).toMatch(/^Vault V3 was released on \d{4}-\d\d-\d\d/);
  });

  it("refuses another customer's vault with a sentence", async () => {
    const { staff, customer } = await smith();
    const other = await makeCustomerWithVaults(app, staff, 'JONES', { J1: '' });
    const res = await staff.client.post('/api/requests', {
      customer_id: customer.customerId,
      kind: 'access',
      due_on: tomorrow,
      vault_ids: [idOf(other, 'J1')],
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe("Vault J1 is not SMITH's: choose among their vaults.");
  });
});

describe('status rules', () => {
  it('refuses a vault another open request takes, and frees it when that one is cancelled', async () => {
    const { staff, customer } = await smith();
    const first = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'access',
      due_on: tomorrow,
      vault_ids: [idOf(customer, 'V2')],
    });
    await staff.client.post(`/api/requests/${first.id}/confirm`);
    const second = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_items',
      due_on: tomorrow,
      items: 'LOT 4471, tag 150',
    });
    const refused = await staff.client.post(`/api/requests/${second.id}/confirm`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(
      `Vault V2 is already in request #${first.id} (Access to vaults on ${tomorrow}): finish or cancel that one first.`,
    );
    expect(
      ((await staff.client.get(`/api/requests/${second.id}`)).body as RequestDetail).status,
    ).toBe('asked');

    const cancelled = await staff.client.post(`/api/requests/${first.id}/cancel`);
    expect((cancelled.body as RequestDetail).history.map((h) => h.kind)).toEqual([
      'asked',
      'confirmed',
      'cancelled',
    ]);
    expect((await staff.client.post(`/api/requests/${second.id}/confirm`)).status).toBe(200);
  });

  it('lets one of two confirmations taking the same vault through', async () => {
    const { staff, customer } = await smith();
    const both = await Promise.all(
      [1, 2].map(() =>
        makeRequest(staff, {
          customer_id: customer.customerId,
          kind: 'release_vaults',
          due_on: tomorrow,
          vault_ids: [idOf(customer, 'V1')],
        }),
      ),
    );
    const answers = await Promise.all(
      both.map((r) => staff.client.post(`/api/requests/${r.id}/confirm`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('confirms only asked requests and cancels nothing finished', async () => {
    const { staff, customer } = await smith();
    const made = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_all',
      due_on: tomorrow,
    });
    await staff.client.post(`/api/requests/${made.id}/confirm`);
    const again = await staff.client.post(`/api/requests/${made.id}/confirm`);
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe('This request is already confirmed.');
    await staff.client.post(`/api/requests/${made.id}/cancel`);
    const twice = await staff.client.post(`/api/requests/${made.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(errorOf(twice).message).toBe('This request was cancelled; it cannot change any more.');
  });

  it('lists by date, status and customer', async () => {
    const { staff, customer } = await smith();
    const later = await dayFromToday(app, 3);
    const a = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'access',
      due_on: later,
      vault_ids: [idOf(customer, 'V1')],
    });
    const b = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_all',
      due_on: tomorrow,
    });
    await staff.client.post(`/api/requests/${b.id}/confirm`);
    const list = async (query: string) =>
      (
        (await staff.client.get(`/api/requests${query}`)).body as { requests: RequestAnswer[] }
      ).requests.map((r) => r.id);
    expect(await list('')).toEqual([b.id, a.id]);
    expect(await list(`?date=${later}`)).toEqual([a.id]);
    expect(await list('?status=confirmed')).toEqual([b.id]);
    expect(await list(`?customer_id=${customer.customerId}&status=asked`)).toEqual([a.id]);
    expect((await staff.client.get('/api/requests?status=lost')).status).toBe(400);
  });
});

describe('roles and companies', () => {
  it('lets the crew read requests but not make, confirm or cancel them', async () => {
    const { staff, customer } = await smith();
    const crew = await signedInColleague(app, staff, 'crew');
    const office = await signedInColleague(app, staff, 'office');
    const made = await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_all',
      due_on: tomorrow,
    });
    expect((await crew.get('/api/requests')).status).toBe(200);
    expect((await crew.get(`/api/requests/${made.id}`)).status).toBe(200);
    for (const path of [`/api/requests/${made.id}/confirm`, `/api/requests/${made.id}/cancel`]) {
      expect((await crew.post(path)).status).toBe(403);
    }
    expect(
      (
        await crew.post('/api/requests', {
          customer_id: customer.customerId,
          kind: 'release_all',
          due_on: tomorrow,
        })
      ).status,
    ).toBe(403);
    expect((await office.post(`/api/requests/${made.id}/confirm`)).status).toBe(200);
  });
});

describe("the customer's link", () => {
  async function linkOf(staff: SignedInStaff, customerId: number): Promise<string> {
    const res = await staff.client.post(`/api/customers/${customerId}/portal-link`);
    expect(res.status).toBe(200);
    const { url } = res.body as { url: string };
    expect(url).toMatch(/^http:\/\/.+\/portal\/[A-Za-z0-9_-]{22}$/);
    return new URL(url).pathname.split('/').pop() ?? '';
  }

  it('shows the customer their vaults, never where they stand, and their requests', async () => {
    const { staff, customer } = await smith();
    await staff.client.post(`/api/vaults/${idOf(customer, 'V3')}/release`);
    await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_items',
      due_on: tomorrow,
      items: 'LOT 4471, tag 37',
    });
    const token = await linkOf(staff, customer.customerId);
    const stranger = new HttpClient(app.baseUrl);
    const res = await stranger.get(`/api/portal/${token}`);
    expect(res.status).toBe(200);
    const answer = res.body as PortalAnswer;
    expect(answer.customer_name).toBe('SMITH');
    expect(answer.vaults.map((v) => v.name)).toEqual(['V1', 'V2']);
    expect(answer.requests).toMatchObject([{ kind: 'release_items', status: 'asked' }]);
    const keys = new Set<string>();
    JSON.parse(res.text, (key: string, value: unknown) => {
      keys.add(key);
      return value;
    });
    for (const hidden of [
      'warehouse_id',
      'warehouse_name',
      'field_name',
      'position',
      'field',
      'warehouse',
      'staged',
      'asked_by',
      'customer_id',
    ]) {
      expect(keys.has(hidden), hidden).toBe(false);
    }
  });

  it('takes a request as asked by the customer link, and the office confirms it', async () => {
    const { staff, customer } = await smith();
    const token = await linkOf(staff, customer.customerId);
    const stranger = new HttpClient(app.baseUrl);
    const asked = await stranger.post(`/api/portal/${token}/requests`, {
      kind: 'access',
      due_on: tomorrow,
      vault_ids: [idOf(customer, 'V2')],
      note: 'Need the winter coats',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const request = asked.body as PortalRequest;
    expect(request).toMatchObject({ status: 'asked', vaults: [{ name: 'V2' }] });
    const detail = (await staff.client.get(`/api/requests/${request.id}`)).body as RequestDetail;
    expect(detail.asked_by).toBe('customer link');
    expect(detail.history[0]).toMatchObject({ kind: 'asked', actor: 'customer link' });
    await staff.client.post(`/api/requests/${request.id}/confirm`);
    const after = (await stranger.get(`/api/portal/${token}`)).body as PortalAnswer;
    expect(after.requests).toMatchObject([{ id: request.id, status: 'confirmed' }]);
  });

  it("answers another customer's vault on the link as not found", async () => {
    const { staff, customer } = await smith();
    const other = await makeCustomerWithVaults(app, staff, 'JONES', { J1: '' });
    const token = await linkOf(staff, customer.customerId);
    const res = await new HttpClient(app.baseUrl).post(`/api/portal/${token}/requests`, {
      kind: 'release_vaults',
      due_on: tomorrow,
      vault_ids: [idOf(other, 'J1')],
    });
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toBe('Vault not found.');
  });

  it('stops the old link when it is renewed, and unknown links answer the same', async () => {
    const { staff, customer } = await smith();
    const old = await linkOf(staff, customer.customerId);
    const renewed = await linkOf(staff, customer.customerId);
    expect(renewed).not.toBe(old);
    const stranger = new HttpClient(app.baseUrl);
    const sentence =
      'This link does not work any more. Please ask your storage company for a new one.';
    for (const token of [old, 'nothing-like-a-token', 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await stranger.get(`/api/portal/${token}`);
      expect(res.status).toBe(404);
      expect(errorOf(res).message).toBe(sentence);
      const ask = await stranger.post(`/api/portal/${token}/requests`, {
        kind: 'release_all',
        due_on: tomorrow,
      });
      expect(ask.status).toBe(404);
    }
    expect((await stranger.get(`/api/portal/${renewed}`)).status).toBe(200);
    const shown = (await staff.client.get(`/api/customers/${customer.customerId}/portal-link`))
      .body as { url: string };
    expect(shown.url.endsWith(`/portal/${renewed}`)).toBe(true);
  });

  it('keeps a bound on what a link may leave waiting for the office', async () => {
    const { staff, customer } = await smith();
    const token = await linkOf(staff, customer.customerId);
    await app.deps.db.execute(
      sql`INSERT INTO storage_requests (company_id, customer_id, kind, due_on, asked_by)
          SELECT ${staff.user.companyId}, ${customer.customerId}, 'release_all', ${tomorrow}::date,
                 'customer link'
          FROM generate_series(1, ${PORTAL_ASKED_MAX})`,
    );
    const res = await new HttpClient(app.baseUrl).post(`/api/portal/${token}/requests`, {
      kind: 'release_all',
      due_on: tomorrow,
    });
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toBe(
      `${PORTAL_ASKED_MAX} requests are waiting for the office to confirm them; please wait for those, or call the office.`,
    );
    // The office's own requests do not count against the link.
    await makeRequest(staff, {
      customer_id: customer.customerId,
      kind: 'release_all',
      due_on: tomorrow,
    });
    const office = await staff.client.get(`/api/requests?customer_id=${customer.customerId}`);
    expect((office.body as { requests: unknown[] }).requests).toHaveLength(PORTAL_ASKED_MAX + 1);
  });
});

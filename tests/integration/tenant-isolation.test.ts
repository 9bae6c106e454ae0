import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Warehouse, WarehouseSummary } from '../../src/contracts/warehouses';
import type { PullList } from '../../src/contracts/pull-lists';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { makeVault } from '../support/vault-factories';
import type { RequestDetail } from '../../src/contracts/requests';
import {
  dayFromToday,
  makeConfirmedRequest,
  makeCustomerWithVaults,
  makeRequest,
} from '../support/requests-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let owner: SignedInStaff;
let intruder: SignedInStaff;
let warehouse: Warehouse;

beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  owner = await makeCompanyWithUser(app, 'Owner Moving');
  intruder = await makeCompanyWithUser(app, 'Intruder Storage');
  warehouse = await makeWarehouse(owner, { name: 'Private Warehouse' });
});
afterAll(async () => {
  await app?.close();
});

describe("another company's ids answer as if they did not exist", () => {
  it('cannot list the other company warehouses', async () => {
    const res = await intruder.client.get(`/api/warehouse/company/${owner.user.companyId}`);
    expect(res.status).toBe(404);
  });

  it('cannot read the warehouse by id or slug', async () => {
    expect((await intruder.client.get(`/api/warehouse/${warehouse.id}`)).status).toBe(404);
    expect((await intruder.client.get(`/api/warehouse/by-slug/${warehouse.slug}`)).status).toBe(
      404,
    );
  });

  it('cannot delete it, and it survives the attempt', async () => {
    expect((await intruder.client.delete(`/api/warehouse/${warehouse.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/warehouse/${warehouse.id}`)).status).toBe(200);
  });

  it('cannot ask where to place a vault in it, nor its release outlook', async () => {
    const base = `/api/warehouses/${warehouse.id}`;
    const place = await intruder.client.get(`${base}/suggested-place?expected_release=2026-12-16`);
    expect(place.status).toBe(404);
    expect((await intruder.client.get(`${base}/release-outlook`)).status).toBe(404);
    expect((await owner.client.get(`${base}/release-outlook`)).status).toBe(200);
  });

  it('sees none of it in its own lists', async () => {
    const summaries = (await intruder.client.get('/api/warehouse/summaries'))
      .body as WarehouseSummary[];
    expect(summaries).toEqual([]);
    const team = (await intruder.client.get('/api/team/users')).body as { email: string }[];
    expect(team.map((u) => u.email)).toEqual([intruder.email]);
  });

  it('can use the same warehouse name without touching the other', async () => {
    const own = await makeWarehouse(intruder, { name: 'Private Warehouse' });
    expect(own.id).not.toBe(warehouse.id);
    const owners = (await owner.client.get(`/api/warehouse/company/${owner.user.companyId}`))
      .body as Warehouse[];
    expect(owners.map((w) => w.id)).toEqual([warehouse.id]);
  });

  it("cannot see the other company's pull list, confirm its steps or complete its requests", async () => {
    const vault = await makeVault(owner, {
      field_id: fieldByName(warehouse, 'A1').id,
      position: 1,
    });
    const day = await dayFromToday(app, 2);
    const request = (await makeConfirmedRequest(owner, { dueOn: day }, [vault])).id;
    const theirs = (await intruder.client.get(`/api/pull-lists/${day}`)).body as PullList;
    expect([theirs.requests, theirs.steps]).toEqual([[], []]);
    const step = await intruder.client.post(`/api/pull-lists/${day}/steps`, {
      vault_id: vault.id,
      code: 'T-1',
    });
    expect(step.status).toBe(409);
    expect((await intruder.client.post(`/api/requests/${request}/complete`, {})).status).toBe(404);
    const own = (await owner.client.get(`/api/pull-lists/${day}`)).body as PullList;
    expect(own.steps.map((s) => [s.kind, s.vault_id, s.done])).toEqual([['pull', vault.id, false]]);
  });
});

describe("another company's customers, requests and vaults answer as if they did not exist", () => {
  it('cannot read, confirm, cancel or ask with them, and they survive the attempts', async () => {
    const tomorrow = await dayFromToday(app, 1);
    const customer = await makeCustomerWithVaults(app, owner, 'PRIVATE', { P1: 'LOT 9, tags 1-5' });
    const vaultId = customer.vaults.P1?.id;
    const request = await makeRequest(owner, {
      customer_id: customer.customerId,
      kind: 'release_all',
      due_on: tomorrow,
    });
    const own = await makeCustomerWithVaults(app, intruder, 'PRIVATE', { I1: '' });
    const attempts = [
      await intruder.client.get(`/api/requests/${request.id}`),
      await intruder.client.post(`/api/requests/${request.id}/confirm`),
      await intruder.client.post(`/api/requests/${request.id}/cancel`),
      await intruder.client.get(`/api/customers/${customer.customerId}/portal-link`),
      await intruder.client.post(`/api/customers/${customer.customerId}/portal-link`),
      await intruder.client.post('/api/requests', {
        customer_id: customer.customerId,
        kind: 'release_all',
        due_on: tomorrow,
      }),
      await intruder.client.post('/api/requests', {
        customer_id: own.customerId,
        kind: 'access',
        due_on: tomorrow,
        vault_ids: [vaultId],
      }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const listed = (await intruder.client.get(`/api/requests?customer_id=${customer.customerId}`))
      .body as { requests: unknown[] };
    expect(listed.requests).toEqual([]);
    const kept = (await owner.client.get(`/api/requests/${request.id}`)).body as RequestDetail;
    expect(kept.status).toBe('asked');
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Warehouse, WarehouseSummary } from '../../src/contracts/warehouses';
import { makeCompanyWithUser, makeWarehouse, type SignedInStaff } from '../support/factories';
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
});

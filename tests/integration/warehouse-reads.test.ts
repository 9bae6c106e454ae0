// Whole-warehouse answers: every kind of write, including one made straight in the database
// (another instance, an import), is seen at the next read.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Warehouse, WarehouseSummary } from '../../src/contracts/warehouses';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { makePallet, makeRack } from '../support/racks-factories';
import { sqlPlaceVault } from '../support/sql-builders';
import { makeVault } from '../support/vault-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { warehousesBuilt } from '../../src/server/features/warehouses/warehouses.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

function read(staff: SignedInStaff, path: string) {
  return staff.client.request('GET', path);
}

const vaultNames = (w: Warehouse) =>
  Object.values(w.fields).flatMap((f) => Object.values(f.vaults).map((v) => v.name));

describe('a warehouse of another company', () => {
  it('answers 404, by id and by slug', async () => {
    const owner = await makeCompanyWithUser(app);
    const stranger = await makeCompanyWithUser(app);
    const w = await makeWarehouse(owner);
    expect((await read(stranger, `/api/warehouse/${w.id}`)).status).toBe(404);
    expect((await read(stranger, `/api/warehouse/by-slug/${w.slug}`)).status).toBe(404);
  });
});

describe('after a write', () => {
  it('a vault added through the API is in the next answer', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await read(staff, `/api/warehouse/${w.id}`);
    await makeVault(staff, { vault_id: '5101', field_id: fieldByName(w, 'A1').id, position: 1 });
    const after = await read(staff, `/api/warehouse/${w.id}`);
    expect(after.status).toBe(200);
    expect(vaultNames(after.body as Warehouse)).toEqual(['5101']);
    expect((after.body as Warehouse).customers).toEqual(['SMITH']);
  });

  it('a vault written straight into the database is seen by every whole-warehouse read', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const other = await makeWarehouse(staff);
    // Read everything first, so anything kept would be served stale.
    await read(staff, `/api/warehouse/${w.id}`);
    await read(staff, `/api/warehouse/company/${staff.user.companyId}`);
    await read(staff, '/api/warehouse/summaries');
    await sqlPlaceVault(app, staff.user.companyId, fieldByName(w, 'B2').id, 1, '5202');

    const one = await read(staff, `/api/warehouse/${w.id}`);
    expect(one.status).toBe(200);
    expect(vaultNames(one.body as Warehouse)).toEqual(['5202']);
    const company = (await read(staff, `/api/warehouse/company/${staff.user.companyId}`))
      .body as Warehouse[];
    expect(vaultNames(company.find((x) => x.id === w.id) as Warehouse)).toEqual(['5202']);
    expect(vaultNames(company.find((x) => x.id === other.id) as Warehouse)).toEqual([]);
    const summaries = (await read(staff, '/api/warehouse/summaries')).body as WarehouseSummary[];
    expect(summaries.find((s) => s.id === w.id)?.vaultCount).toBe(1);
    expect(summaries.find((s) => s.id === other.id)?.vaultCount).toBe(0);
  });

  it('a moved field grid, racks and pallets and a renamed customer are seen', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const path = `/api/warehouse/${w.id}`;
    await read(staff, path);
    const moved = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 1, y: 2 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(((await read(staff, path)).body as Warehouse).fieldgridLocation).toEqual({ x: 1, y: 2 });

    const rack = await makeRack(staff, w.id);
    const withRack = (await read(staff, path)).body as Warehouse;
    expect(withRack.racks.map((r) => r.name)).toEqual(['Rack A']);

    const shelfId = rack.shelves[0]?.id ?? 0;
    await makePallet(staff, shelfId, { customer_name: 'Jones' });
    const withPallet = (await read(staff, path)).body as Warehouse;
    expect(withPallet.racks[0]?.shelves[0]?.pallets.map((p) => p.customerName)).toEqual(['JONES']);
    expect(withPallet.customers).toEqual(['JONES']);

    await app.deps.db.execute(
      sql`UPDATE customers SET name = 'JONES BROS' WHERE company_id = ${staff.user.companyId}`,
    );
    const renamed = (await read(staff, path)).body as Warehouse;
    expect(renamed.customers).toEqual(['JONES BROS']);
  });

  it('a deleted warehouse is gone from the company call and answers 404', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await read(staff, `/api/warehouse/${w.id}`);
    await read(staff, `/api/warehouse/company/${staff.user.companyId}`);
    expect((await staff.client.delete(`/api/warehouse/${w.id}`)).status).toBe(200);
    expect((await read(staff, `/api/warehouse/${w.id}`)).status).toBe(404);
    const company = (await read(staff, `/api/warehouse/company/${staff.user.companyId}`))
      .body as Warehouse[];
    expect(company.map((x) => x.id)).not.toContain(w.id);
  });
});

describe('compressed answers', () => {
  it('are sent as Brotli or gzip as the client accepts, and decode to the same JSON', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 20, cols: 10 });
    const path = `/api/warehouse/${w.id}`;
    const plain = await staff.client.request('GET', path, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(app.baseUrl + path, {
        headers: { cookie: staff.client.cookieHeader(path), 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.json()).toEqual(plain.body);
    }
  });
});

describe('the company call', () => {
  it('is every warehouse answer in one array, in each encoding', async () => {
    const staff = await makeCompanyWithUser(app);
    // More warehouses than one statement reads when the company call builds them.
    const warehouses: Warehouse[] = [];
    for (let i = 0; i < 6; i++) warehouses.push(await makeWarehouse(staff, { rows: 2, cols: 2 }));
    for (const [i, w] of warehouses.entries()) {
      if (i % 2 === 0) continue;
      await makeVault(staff, { field_id: fieldByName(w, 'A1').id, position: 1 });
    }
    const path = `/api/warehouse/company/${staff.user.companyId}`;
    const identity = { 'accept-encoding': 'identity' };
    const built = await staff.client.request('GET', path, { headers: identity });
    expect(built.status).toBe(200);
    const company = built.body as Warehouse[];
    expect(company.map((w) => w.id).sort((a, b) => a - b)).toEqual(
      warehouses.map((w) => w.id).sort((a, b) => a - b),
    );
    for (const w of company) {
      const own = await staff.client.request('GET', `/api/warehouse/${w.id}`, {
        headers: identity,
      });
      expect(w).toEqual(own.body);
    }
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(app.baseUrl + path, {
        headers: { cookie: staff.client.cookieHeader(path), 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toBe(built.text);
    }
  });
});

describe('the kept warehouse answers (decision 0401)', () => {
  it('answer unchanged warehouses without building them, and a write rebuilds the one written', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await makeWarehouse(staff);
    const company = `/api/warehouse/company/${staff.user.companyId}`;
    expect((await read(staff, company)).status).toBe(200);
    const built = warehousesBuilt(app.deps.db);
    expect((await read(staff, company)).status).toBe(200);
    expect((await read(staff, `/api/warehouse/${w.id}`)).status).toBe(200);
    expect(warehousesBuilt(app.deps.db)).toBe(built);

    await makeVault(staff, { vault_id: '5301', field_id: fieldByName(w, 'A1').id, position: 1 });
    const after = (await read(staff, company)).body as Warehouse[];
    expect(vaultNames(after.find((x) => x.id === w.id) as Warehouse)).toEqual(['5301']);
    expect(warehousesBuilt(app.deps.db)).toBe(built + 1);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { SearchSuggestions } from '../../src/contracts/search';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe('search suggestions', () => {
  it('groups case-insensitive substring matches by customer, order and vault number', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await makeVault(staff, {
      field_id: fieldByName(w, 'A1').id,
      position: 1,
      customer_name: 'Johnson',
      order_name: 'JO-5',
      vault_id: 'V10',
    });
    await makeVault(staff, {
      field_id: fieldByName(w, 'A2').id,
      position: 1,
      customer_name: 'Bjorn',
      order_name: 'X-1',
      vault_id: 'JO7',
    });
    await makeVault(staff, {
      field_id: fieldByName(w, 'A3').id,
      position: 1,
      customer_name: 'Smith',
      order_name: 'S-1',
      vault_id: '42',
    });

    const res = await staff.client.get(`/api/search/suggestions?q=jo&warehouseId=${w.id}`);
    expect(res.status).toBe(200);
    expect(res.body as SearchSuggestions).toEqual({
      customers: ['JOHNSON', 'BJORN'],
      orders: ['JO-5'],
      vaults: ['JO7'],
    });
    expect((await staff.client.get('/api/search/suggestions?q=4')).body).toEqual({
      customers: [],
      orders: [],
      vaults: ['42'],
    });
    expect((await staff.client.get('/api/search/suggestions?q=%25')).body).toEqual({
      customers: [],
      orders: [],
      vaults: [],
    });
    expect((await staff.client.get('/api/search/suggestions?q=')).body).toEqual({
      customers: [],
      orders: [],
      vaults: [],
    });
  });

  it('keeps to the company and, when given, the warehouse', async () => {
    const staff = await makeCompanyWithUser(app);
    const w1 = await makeWarehouse(staff);
    const w2 = await makeWarehouse(staff);
    await makeVault(staff, {
      field_id: fieldByName(w1, 'A1').id,
      position: 1,
      customer_name: 'Garcia',
      order_name: 'G1',
    });
    await makeVault(staff, {
      field_id: fieldByName(w2, 'A1').id,
      position: 1,
      customer_name: 'Garner',
      order_name: 'G2',
    });
    const one = await staff.client.get(`/api/search/suggestions?q=gar&warehouseId=${w1.id}`);
    expect((one.body as SearchSuggestions).customers).toEqual(['GARCIA']);
    const all = await staff.client.get('/api/search/suggestions?q=gar');
    expect((all.body as SearchSuggestions).customers).toEqual(['GARCIA', 'GARNER']);

    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.get('/api/search/suggestions?q=gar')).body).toEqual({
      customers: [],
      orders: [],
      vaults: [],
    });
    expect(
      (await stranger.client.get(`/api/search/suggestions?q=gar&warehouseId=${w1.id}`)).body,
    ).toEqual({ customers: [], orders: [], vaults: [] });
    expect(
      (await stranger.client.get('/api/search/suggestions?q=gar&warehouseId=bad')).status,
    ).toBe(400);
    expect((await stranger.client.get('/api/search/suggestions')).status).toBe(400);
  });

  // A pending list is read through by every search until a vacuum, which the embedded engine
  // runs only for dead rows (migration 0015, decision 0074).
  it('matches on trigram indexes that keep no pending list of new names', async () => {
    const rows = await queryRows<{ index: string; options: string[] | null }>(
      app.deps.db,
      sql`SELECT relname AS index, reloptions AS options FROM pg_class
          WHERE relname IN ('customers_name_trgm_idx', 'orders_name_trgm_idx', 'vaults_name_trgm_idx')
          ORDER BY relname`,
    );
    expect(rows).toEqual(
      ['customers', 'orders', 'vaults'].map((table) => ({
        index: `${table}_name_trgm_idx`,
        options: ['fastupdate=off'],
      })),
    );
  });
});

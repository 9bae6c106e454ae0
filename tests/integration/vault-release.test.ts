import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CustomerDetail, CustomerSummary, StorageReport } from '../../src/contracts/customers';
import type { PrintVault } from '../../src/contracts/print';
import type { SearchSuggestions } from '../../src/contracts/search';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  signedInColleague,
} from '../support/factories';
import { currentDay } from '../../src/server/db/current-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault, postVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function setup() {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { rows: 2, cols: 2, field_capacity: 3 });
  const a1 = fieldByName(warehouse, 'A1');
  const bottom = await makeVault(staff, { field_id: a1.id, position: 1, vault_id: 'R-1' });
  const top = await makeVault(staff, {
    field_id: a1.id,
    position: 2,
    vault_id: 'R-2',
    customer_name: 'Okafor',
    order_name: 'OK-1',
  });
  return { staff, warehouse, a1, bottom, top };
}

const today = () => currentDay(app.deps.db);

describe('POST /api/vaults/:id/release', () => {
  it('takes the topmost vault off the floor with the day and who released it, and keeps its history', async () => {
    const { staff, warehouse, a1, top } = await setup();
    const res = await staff.client.post(`/api/vaults/${top.id}/release`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const day = await today();
    expect(res.body as Vault).toMatchObject({
      id: top.id,
      field_id: null,
      position: null,
      released_on: day,
      released_by: staff.user.email,
    });

    const wh = (await staff.client.get(`/api/warehouse/${warehouse.id}`)).body as Warehouse;
    expect(Object.keys(wh.fields[a1.id]?.vaults ?? {})).toHaveLength(1);
    const staged = (await staff.client.get('/api/stage/vaults')).body as Record<string, Vault>;
    expect(Object.keys(staged)).not.toContain(String(top.id));
    const print = (await staff.client.get('/api/vaults/all')).body as PrintVault[];
    expect(print.map((v) => v.name)).toEqual(['R-1']);
    expect((await staff.client.get('/api/status')).body).toMatchObject({
      company: { vaults: 1, stagedVaults: 0 },
    });

    const history = (await staff.client.get(`/api/vaults/${top.id}/history`)).body as VaultEvent[];
    expect(history[0]).toMatchObject({
      kind: 'released',
      actor_email: staff.user.email,
      details: { on: day, from: { warehouse: warehouse.name, field: 'A1', position: 2 } },
    });
    // Still found by its number, and shown as released.
    expect((await staff.client.get('/api/vaults/lookup/R-2')).body).toMatchObject({
      released_on: day,
    });
  });

  it('refuses a vault with vaults on top of it, as a move does, and a vault released already', async () => {
    const { staff, bottom, top } = await setup();
    const buried = await staff.client.post(`/api/vaults/${bottom.id}/release`);
    expect(buried.status).toBe(409);
    expect(errorOf(buried)).toMatchObject({
      code: 'VAULT_NOT_TOPMOST',
      message:
        'Vault R-1 is not the topmost vault of field A1: the vault at position 2 must be moved first.',
    });
    expect((await staff.client.post(`/api/vaults/${top.id}/release`)).status).toBe(200);
    const again = await staff.client.post(`/api/vaults/${top.id}/release`);
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('VAULT_RELEASED');
    const stage = await staff.client.post(`/api/stage/vaults/${top.id}`);
    expect(errorOf(stage).code).toBe('VAULT_RELEASED');
  });

  it('releases a staged vault too', async () => {
    const { staff, top } = await setup();
    expect((await staff.client.post(`/api/stage/vaults/${top.id}`)).status).toBe(200);
    const res = await staff.client.post(`/api/vaults/${top.id}/release`);
    expect(res.status).toBe(200);
    const staged = (await staff.client.get('/api/stage/vaults')).body as Record<string, Vault>;
    expect(staged).toEqual({});
    expect((await staff.client.get('/api/status')).body).toMatchObject({
      company: { vaults: 1, stagedVaults: 0 },
    });
  });

  it('keeps the number taken while the vault is in the records', async () => {
    const { staff, a1, top } = await setup();
    await staff.client.post(`/api/vaults/${top.id}/release`);
    const again = await postVault(staff, {
      field_id: a1.id,
      position: 2,
      vault_id: 'R-2',
      customer_name: 'SMITH',
      order_name: 'S-1',
    });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'VAULT_NAME_TAKEN',
      message: `Vault R-2 was released on ${await today()} and is still in the records: its number cannot be given to another vault.`,
    });
  });

  it('is found by "released YYYY-MM-DD" and by its number', async () => {
    const { staff, top } = await setup();
    await staff.client.post(`/api/vaults/${top.id}/release`);
    const day = await today();
    const byDay = await staff.client.get(
      `/api/search/suggestions?q=${encodeURIComponent(`released ${day}`)}`,
    );
    expect((byDay.body as SearchSuggestions).vaults).toEqual(['R-2']);
    const otherDay = await staff.client.get(
      `/api/search/suggestions?q=${encodeURIComponent('released 2001-01-01')}`,
    );
    expect((otherDay.body as SearchSuggestions).vaults).toEqual([]);
    const byNumber = await staff.client.get('/api/search/suggestions?q=R-2');
    expect((byNumber.body as SearchSuggestions).vaults).toEqual(['R-2']);
  });

  it('shows on the customer screen as released, and the report counts it to its release day', async () => {
    const { staff, top } = await setup();
    await staff.client.post(`/api/vaults/${top.id}/release`);
    await app.deps.db.execute(
      sql`UPDATE vaults SET date_in = '2026-09-21', released_on = '2026-10-05' WHERE id = ${top.id}`,
    );
    const customers = (await staff.client.get('/api/customers')).body as CustomerSummary[];
    const okafor = customers.find((c) => c.name === 'OKAFOR');
    if (!okafor) throw new Error('no customer OKAFOR');
    const detail = (await staff.client.get(`/api/customers/${okafor.id}`)).body as CustomerDetail;
    expect(detail.vaults).toEqual([
      expect.objectContaining({
        name: 'R-2',
        standing: { at: 'released', on: '2026-10-05' },
        daysInStorage: 15,
      }),
    ]);
    const report = (await staff.client.get('/api/storage-report?from=2026-09&to=2026-11'))
      .body as StorageReport;
    expect(
      report.rows
        .filter((r) => r.customerName === 'OKAFOR')
        .map((r) => [r.month, r.vaultDays, r.lastDay]),
    ).toEqual([
      ['2026-09', 10, '2026-09-30'],
      ['2026-10', 5, '2026-10-05'],
    ]);
  });

  it('is office work: crew gets 403 and the vault stays where it is', async () => {
    const { staff, warehouse, a1, top } = await setup();
    const crew = await signedInColleague(app, staff, 'crew');
    const refused = await crew.post(`/api/vaults/${top.id}/release`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toMatch(/office/i);
    const wh = (await staff.client.get(`/api/warehouse/${warehouse.id}`)).body as Warehouse;
    expect(Object.keys(wh.fields[a1.id]?.vaults ?? {})).toHaveLength(2);
    const office = await signedInColleague(app, staff, 'office');
    expect((await office.post(`/api/vaults/${top.id}/release`)).status).toBe(200);
  });

  it("answers another company's vault as if it did not exist", async () => {
    const { top } = await setup();
    const other = await makeCompanyWithUser(app);
    expect((await other.client.post(`/api/vaults/${top.id}/release`)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CustomerDetail, CustomerSummary, StorageReport } from '../../src/contracts/customers';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Vault } from '../../src/contracts/vaults';
import { addDays } from '../../src/domain/calendar-days';
import { currentDay } from '../../src/server/db/current-day';
import { fieldByName, makeCompanyWithUser, makeWarehouse } from '../support/factories';
import type { SignedInStaff } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, getField, makeVault, postVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function setup() {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
  return { staff, warehouse, a1: fieldByName(warehouse, 'A1') };
}

async function customerDetail(staff: SignedInStaff, name: string): Promise<CustomerDetail> {
  const list = (await staff.client.get('/api/customers')).body as CustomerSummary[];
  const found = list.find((c) => c.name === name);
  if (!found) throw new Error(`No customer ${name}`);
  const res = await staff.client.get(`/api/customers/${found.id}`);
  expect(res.status).toBe(200);
  return res.body as CustomerDetail;
}

describe('a vault’s date in', () => {
  it('is the day it was placed when the add leaves it out or blank', async () => {
    const { staff, a1 } = await setup();
    const today = await currentDay(app.deps.db);
    const absent = await makeVault(staff, { field_id: a1.id, position: 1 });
    expect(absent.date_in).toBe(today);
    const blank = await makeVault(staff, { field_id: a1.id, position: 2, date_in: ' ' });
    expect(blank.date_in).toBe(today);
  });

  it('is taken from the add, shown on every vault answer, and bills storage from that day', async () => {
    const { staff, warehouse, a1 } = await setup();
    const today = await currentDay(app.deps.db);
    const lastWeek = addDays(today, -9);
    const vault = await makeVault(staff, {
      vault_id: '701',
      customer_name: 'Okafor',
      field_id: a1.id,
      position: 1,
      date_in: lastWeek,
    });
    expect(vault.date_in).toBe(lastWeek);
    const lookup = await staff.client.get('/api/vaults/lookup/701');
    expect((lookup.body as Vault).date_in).toBe(lastWeek);
    expect((await getField(staff, warehouse.id, a1.id)).vaults[vault.id]?.date_in).toBe(lastWeek);

    const detail = await customerDetail(staff, 'OKAFOR');
    expect(detail.vaults).toEqual([
      expect.objectContaining({ name: '701', dateIn: lastWeek, daysInStorage: 10 }),
    ]);

    const res = await staff.client.get(
      `/api/storage-report?from=${lastWeek.slice(0, 7)}&to=${today.slice(0, 7)}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = (res.body as StorageReport).rows.filter((r) => r.customerName === 'OKAFOR');
    expect(rows[0]?.firstDay).toBe(lastWeek);
    expect(rows.reduce((days, r) => days + r.vaultDays, 0)).toBe(10);
  });

  it('refuses a day after the database’s today, and one that is not a real day', async () => {
    const { staff, a1 } = await setup();
    const today = await currentDay(app.deps.db);
    const future = await postVault(staff, {
      customer_name: 'SMITH',
      order_name: 'ORD-1',
      field_id: a1.id,
      position: 1,
      date_in: addDays(today, 1),
    });
    expect(future.status).toBe(400);
    expect(errorOf(future).message).toBe('Date in cannot be in the future.');
    const bad = await postVault(staff, {
      customer_name: 'SMITH',
      order_name: 'ORD-1',
      field_id: a1.id,
      position: 1,
      date_in: '2026-02-30',
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Date in must be a real date written YYYY-MM-DD.');
    // Nothing was added by either refusal.
    expect(Object.keys((await getField(staff, a1.warehouse_id, a1.id)).vaults)).toEqual([]);

    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    const futureEdit = await staff.client.put(`/api/vaults/${vault.id}`, {
      date_in: addDays(today, 3),
    });
    expect(futureEdit.status).toBe(400);
    expect(errorOf(futureEdit).message).toBe('Date in cannot be in the future.');
    const blankEdit = await staff.client.put(`/api/vaults/${vault.id}`, { date_in: '' });
    expect(blankEdit.status).toBe(400);
    expect(errorOf(blankEdit).message).toBe('Date in must be a real date written YYYY-MM-DD.');
    const kept = await staff.client.get(`/api/vaults/lookup/id-${vault.id}`);
    expect((kept.body as Vault).date_in).toBe(today);
  });

  it('is corrected by an edit, kept by an edit that leaves it out, and logged', async () => {
    const { staff, a1 } = await setup();
    const today = await currentDay(app.deps.db);
    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    const earlier = addDays(today, -30);
    const corrected = await staff.client.put(`/api/vaults/${vault.id}`, { date_in: earlier });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((corrected.body as Vault).date_in).toBe(earlier);
    const noteOnly = await staff.client.put(`/api/vaults/${vault.id}`, { note: 'by the door' });
    expect((noteOnly.body as Vault).date_in).toBe(earlier);
    // Turning the vault into an empty container keeps the day it came in.
    const emptied = await staff.client.put(`/api/vaults/${vault.id}`, { customer_name: 'EMPTY' });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect((emptied.body as Vault).date_in).toBe(earlier);

    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    const changes = history.flatMap((e) => (e.kind === 'edited' ? [e.details.changes] : []));
    expect(changes.map((c) => c.date_in)).toEqual([undefined, undefined, [today, earlier]]);
  });

  it('answers 404 for another company’s vault and leaves its date in alone', async () => {
    const { staff, a1 } = await setup();
    const other = await makeCompanyWithUser(app);
    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    const res = await other.client.put(`/api/vaults/${vault.id}`, { date_in: '2026-01-05' });
    expect(res.status).toBe(404);
    const kept = await staff.client.get(`/api/vaults/lookup/id-${vault.id}`);
    expect((kept.body as Vault).date_in).toBe(vault.date_in);
  });
});

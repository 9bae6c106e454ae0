import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { PrintVault } from '../../src/contracts/print';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { fieldByName, makeCompanyWithUser, makeWarehouse } from '../support/factories';
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

describe("a vault's weight", () => {
  it('is added, edited and cleared, and its history says so', async () => {
    const { staff, warehouse, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1, weight: '1250.5' });
    expect(vault.weight).toBe(1250.5);
    const field = await getField(staff, warehouse.id, a1.id);
    expect(field.vaults[vault.id]?.weight).toBe(1250.5);

    const warehouseWeight = async () =>
      ((await staff.client.get(`/api/warehouse/${warehouse.id}`)).body as Warehouse).fields[a1.id]
        ?.vaults[vault.id]?.weight;
    // Read once before the edit, so a kept warehouse answer exists to go stale.
    expect(await warehouseWeight()).toBe(1250.5);

    const edited = await staff.client.put(`/api/vaults/${vault.id}`, { weight: 980 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body as Vault).weight).toBe(980);
    expect(await warehouseWeight()).toBe(980);
    // An edit that leaves the weight out keeps it.
    const kept = await staff.client.put(`/api/vaults/${vault.id}`, { note: 'top shelf' });
    expect((kept.body as Vault).weight).toBe(980);

    const cleared = await staff.client.put(`/api/vaults/${vault.id}`, { weight: '' });
    expect((cleared.body as Vault).weight).toBeNull();

    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    const weightChanges = history.flatMap((e) =>
      e.kind === 'edited' && 'weight' in e.details.changes ? [e.details.changes.weight] : [],
    );
    expect(weightChanges).toEqual([
      [980, null],
      [1250.5, 980],
    ]);
  });

  it('is optional: a vault added without one has none', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    expect(vault.weight).toBeNull();
  });

  it.each([
    [-1, 'Weight must be 0 pounds or more.'],
    ['heavy', 'Weight must be a number.'],
    [100_001, 'Weight must be at most 100,000 pounds.'],
    ['12.25', 'Weight must be in pounds with at most one decimal place.'],
  ])('refuses %j with 400 "%s" on add and on edit, changing nothing', async (weight, message) => {
    const { staff, warehouse, a1 } = await setup();
    const refusedAdd = await postVault(staff, {
      customer_name: 'SMITH',
      order_name: 'ORD-1',
      field_id: a1.id,
      position: 1,
      weight,
    });
    expect(refusedAdd.status).toBe(400);
    expect(errorOf(refusedAdd).message).toBe(message);
    expect((await getField(staff, warehouse.id, a1.id)).vaults).toEqual({});

    const vault = await makeVault(staff, { field_id: a1.id, position: 1, weight: 500 });
    const refusedEdit = await staff.client.put(`/api/vaults/${vault.id}`, { weight });
    expect(refusedEdit.status).toBe(400);
    expect(errorOf(refusedEdit).message).toBe(message);
    const field = await getField(staff, warehouse.id, a1.id);
    expect(field.vaults[vault.id]?.weight).toBe(500);
  });

  it('shows in the print list and as the last CSV column, "Weight"', async () => {
    const { staff, a1 } = await setup();
    await makeVault(staff, { vault_id: '1', field_id: a1.id, position: 1, weight: 1200 });
    await makeVault(staff, { vault_id: '2', field_id: a1.id, position: 2 });

    const list = (await staff.client.get('/api/vaults/all')).body as PrintVault[];
    expect(list.map((v) => [v.name, v.weight])).toEqual([
      ['1', 1200],
      ['2', null],
    ]);
    const rows = parse((await staff.client.get('/api/print/vaults.csv')).text, {
      bom: true,
    }) as string[][];
    expect(rows.map((r) => r.at(-1))).toEqual(['Weight', '1200', '']);
  });
});

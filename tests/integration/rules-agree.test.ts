import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PrintVault } from '../../src/contracts/print';
import type { WarehouseStatistics } from '../../src/contracts/statistics';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse, WarehouseSummary } from '../../src/contracts/warehouses';
import {
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
  fieldByName,
} from '../support/factories';
import { makePallet, makeRack } from '../support/racks-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault, postVault } from '../support/vault-factories';

// One test per business rule of src/domain: every screen that applies it gives the same answer.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function dashboardOf(staff: SignedInStaff, id: number): Promise<WarehouseSummary> {
  const res = await staff.client.get('/api/warehouse/summaries');
  expect(res.status).toBe(200);
  const found = (res.body as WarehouseSummary[]).find((w) => w.id === id);
  if (!found) throw new Error(`Warehouse ${id} is not on the dashboard`);
  return found;
}

async function statisticsOf(staff: SignedInStaff, id: number): Promise<WarehouseStatistics> {
  const res = await staff.client.get('/api/statistics');
  expect(res.status).toBe(200);
  const found = (res.body as WarehouseStatistics[]).find((w) => w.warehouseId === id);
  if (!found) throw new Error(`Warehouse ${id} is not in Statistics`);
  return found;
}

async function printList(staff: SignedInStaff): Promise<PrintVault[]> {
  const res = await staff.client.get('/api/vaults/all');
  expect(res.status).toBe(200);
  return res.body as PrintVault[];
}

async function warehouseOf(staff: SignedInStaff, id: number): Promise<Warehouse> {
  const res = await staff.client.get(`/api/warehouse/${id}`);
  expect(res.status).toBe(200);
  return res.body as Warehouse;
}

describe('an empty vault is exactly EMPTY {TYPE}', () => {
  it('counts "Empty Nest Movers" as a regular customer on the dashboard, in Statistics, the print list and the vault service', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 2, field_capacity: 3 });
    const a1 = fieldByName(w, 'A1');
    const nest = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      customer_name: 'Empty Nest Movers',
      order_name: 'ORD-7',
      note: 'fragile',
    });
    await makeVault(staff, { field_id: a1.id, position: 2, customer_name: 'EMPTY', type: 'vault' });

    const dashboard = await dashboardOf(staff, w.id);
    expect(dashboard).toMatchObject({ vaultCount: 2, nonEmptyVaultCount: 1, occupancy: 17 });

    const stats = await statisticsOf(staff, w.id);
    expect(stats).toMatchObject({ vaultCount: 2, emptyVaults: 1, usedSpaces: 1 });
    expect(stats.usedSpaces).toBe(dashboard.nonEmptyVaultCount);

    const printed = (await printList(staff)).map((v) => v.customer_name).sort();
    expect(printed).toEqual(['EMPTY NEST MOVERS', 'EMPTY VAULT']);

    // The vault service keeps a regular vault's order and note when it is edited.
    const edited = await staff.client.put(`/api/vaults/${nest.id}`, {
      customer_name: 'Empty Nest Movers',
      order_name: 'ORD-7',
      note: 'fragile',
      type: 'vault',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body as Vault).toMatchObject({
      customer_name: 'EMPTY NEST MOVERS',
      order_name: 'ORD-7',
      note: 'fragile',
    });
  });
});

describe('customer names are normalised once, for vaults and pallets', () => {
  it('keeps one "JOHN SMITH" whether a vault or a pallet names it with a double space', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 1, field_capacity: 3, length: 100 });
    await makeVault(staff, {
      field_id: fieldByName(w, 'A1').id,
      position: 1,
      customer_name: 'john  smith',
    });
    const rack = await makeRack(staff, w.id);
    const shelf = rack.shelves[0];
    if (!shelf) throw new Error('The rack has no shelf');
    const pallet = await makePallet(staff, shelf.id, { customer_name: 'JOHN  SMITH ' });
    expect(pallet.customerName).toBe('JOHN SMITH');

    const full = await warehouseOf(staff, w.id);
    expect(full.customers).toEqual(['JOHN SMITH']);
    expect((await printList(staff)).map((v) => v.customer_name)).toEqual(['JOHN SMITH']);
    const suggestions = await staff.client.get(
      `/api/search/suggestions?warehouseId=${w.id}&q=john`,
    );
    expect(suggestions.status).toBe(200);
    expect(JSON.stringify(suggestions.body)).not.toContain('JOHN  SMITH');
  });
});

describe('a couchbox pair holds capacity + 1', () => {
  it('gives the dashboard, the warehouse, occupancy and Statistics the slots the grid offers', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 1, field_capacity: 3 });
    const a1 = fieldByName(w, 'A1');
    const a2 = fieldByName(w, 'A2');
    const paired = await staff.client.patch(`/api/fields/${a1.id}`, {
      type: 'couchbox',
      field2: a2.id,
      warehouseId: w.id,
    });
    expect(paired.status, JSON.stringify(paired.body)).toBe(200);

    // The grid offers 4 slots in the top half and none in the bottom half.
    for (let position = 1; position <= 4; position++)
      await makeVault(staff, { field_id: a1.id, position, customer_name: `C${position}` });
    const fifth = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a1.id,
      position: 5,
    });
    expect(errorOf(fifth).code).toBe('FIELD_FULL');

    expect((await warehouseOf(staff, w.id)).warehouseCapacity).toBe(4);
    expect(await dashboardOf(staff, w.id)).toMatchObject({
      warehouseCapacity: 4,
      nonEmptyVaultCount: 4,
      occupancy: 100,
    });
    expect(await statisticsOf(staff, w.id)).toMatchObject({
      warehouseCapacity: 4,
      potentialSpaces: 0,
      freeSpaces: 0,
    });
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WarehouseStatistics } from '../../src/contracts/statistics';
import { makeCompanyWithUser, makeWarehouse, fieldId } from '../support/factories';
import { sqlInsertVault } from '../support/sql-builders';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe('statistics', () => {
  it('counts potential spaces, empty vaults and empty couchboxes per warehouse', async () => {
    const staff = await makeCompanyWithUser(app);
    const main = await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2, field_capacity: 3 });
    const quiet = await makeWarehouse(staff, {
      name: 'Quiet',
      rows: 1,
      cols: 1,
      field_capacity: 2,
    });
    const f = (n: string) => fieldId(main, n);
    await sqlInsertVault(app, staff, { customer: 'JOHNSON', fieldId: f('A1'), position: 1 });
    await sqlInsertVault(app, staff, { customer: 'EMPTY VAULT', fieldId: f('A1'), position: 2 });
    await sqlInsertVault(app, staff, { customer: 'EMPTY VAULT', fieldId: f('A1'), position: 3 });
    await sqlInsertVault(app, staff, {
      customer: 'EMPTY COUCHBOX',
      type: 'couchbox',
      fieldId: f('A2'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      customer: 'EMPTY LIFTVAN',
      type: 'liftvan',
      fieldId: f('B1'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      customer: 'SMITH',
      type: 'couchbox',
      fieldId: f('B2'),
      position: 1,
    });
    // Staged vaults stand in no warehouse.
    await sqlInsertVault(app, staff, { customer: 'EMPTY VAULT', oldFieldId: f('B2') });

    const res = await staff.client.get('/api/statistics');
    expect(res.status).toBe(200);
    expect(res.body as WarehouseStatistics[]).toEqual([
      {
        warehouseId: main.id,
        warehouseName: 'Main',
        slug: 'main',
        warehouseCapacity: 12,
        vaultCount: 6,
        potentialSpaces: 6,
        emptyVaults: 3,
        emptyCouchboxes: 1,
        // JOHNSON and SMITH: the empty liftvan is no customer's goods (decision 0020).
        usedSpaces: 2,
        freeSpaces: 6,
      },
      {
        warehouseId: quiet.id,
        warehouseName: 'Quiet',
        slug: 'quiet',
        warehouseCapacity: 2,
        vaultCount: 0,
        potentialSpaces: 2,
        emptyVaults: 0,
        emptyCouchboxes: 0,
        usedSpaces: 0,
        freeSpaces: 2,
      },
    ]);
  });

  it("counts only the caller's company and needs a session", async () => {
    const staff = await makeCompanyWithUser(app);
    const other = await makeCompanyWithUser(app);
    const w = await makeWarehouse(other);
    await sqlInsertVault(app, other, {
      customer: 'EMPTY VAULT',
      fieldId: fieldId(w, 'A1'),
      position: 1,
    });
    expect((await staff.client.get('/api/statistics')).body).toEqual([]);
    expect((await new HttpClient(app.baseUrl).get('/api/statistics')).status).toBe(401);
  });
});

describe('GET /api/status', () => {
  it("reports the signed-in company's own totals, nothing installation-wide, and nothing to strangers", async () => {
    const own = await makeCompanyWithUser(app);
    await makeWarehouse(own, { rows: 2, cols: 3 });
    const before = await own.client.get('/api/status');
    expect([before.status, before.body]).toEqual([
      200,
      { company: { warehouses: 1, fields: 6, vaults: 0, stagedVaults: 0 } },
    ]);
    const other = await makeCompanyWithUser(app);
    await makeWarehouse(other, { rows: 5, cols: 5 });
    expect((await own.client.get('/api/status')).body).toEqual(before.body);
    const anonymous = await fetch(`${app.baseUrl}/api/status`);
    expect(anonymous.status).toBe(401);
  });
});

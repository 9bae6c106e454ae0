import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Warehouse } from '../../src/contracts/warehouses';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { makeRack, type ErrorReply } from '../support/racks-factories';
import { sqlPlaceVault, sqlSetFieldType } from '../support/sql-builders';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe('editing dimensions', () => {
  it('changes capacity, length and width and answers with the warehouse', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2, field_capacity: 3 });
    const res = await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, {
      field_capacity: '5',
      length: 120.5,
      width: 0,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { warehouse: Warehouse }).warehouse).toMatchObject({
      id: w.id,
      fieldCapacity: 5,
      length: 120.5,
      width: 0,
      warehouseCapacity: 20,
    });
  });

  it('changes only what it is sent', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { field_capacity: 3, length: 100, width: 60 });
    const res = await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, { width: 70 });
    expect((res.body as { warehouse: Warehouse }).warehouse).toMatchObject({
      fieldCapacity: 3,
      length: 100,
      width: 70,
    });
  });

  it.each([
    [{ field_capacity: 11 }, 'Field capacity must be at most 10.'],
    [{ field_capacity: -1 }, 'Field capacity must be at least 0.'],
    [{ field_capacity: 2.5 }, 'Field capacity must be a whole number.'],
    [{ length: -0.5 }, 'Length must be at least 0.'],
    [{ width: 'wide' }, 'Width must be a number.'],
    [{}, 'Send at least one of field_capacity, length and width.'],
  ])('refuses %o with "%s"', async (body, message) => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, body);
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).errors).toContain(message);
  });

  it('refuses lowering capacity below what a field holds', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2, field_capacity: 3 });
    const b2 = fieldByName(w, 'B2').id;
    await sqlPlaceVault(app, staff.user.companyId, b2, 1, 'L1');
    await sqlPlaceVault(app, staff.user.companyId, b2, 2, 'L2');
    const res = await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, {
      field_capacity: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'CAPACITY_BELOW_CONTENTS',
      message:
        'Field capacity cannot be lower than 2: field B2 holds 2 vaults. Move or remove vaults first.',
    });
    const ok = await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, {
      field_capacity: 2,
    });
    expect(ok.status).toBe(200);
  });

  it('counts the extra slot of a couchbox field', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 1, field_capacity: 3 });
    const top = fieldByName(w, 'A1').id;
    await sqlSetFieldType(app, top, 'couchbox-T');
    await sqlSetFieldType(app, fieldByName(w, 'A2').id, 'couchbox-B');
    for (const p of [1, 2, 3, 4]) await sqlPlaceVault(app, staff.user.companyId, top, p, `CB${p}`);
    expect(
      (await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, { field_capacity: 2 }))
        .status,
    ).toBe(409);
    expect(
      (await staff.client.patch(`/api/warehouse/${w.id}/edit-dimensions`, { field_capacity: 3 }))
        .status,
    ).toBe(200);
  });

  it("answers 404 for an unknown or another company's warehouse and leaves it alone", async () => {
    const owner = await makeCompanyWithUser(app);
    const w = await makeWarehouse(owner, { field_capacity: 3 });
    const intruder = await makeCompanyWithUser(app);
    for (const id of [MISSING_ID, w.id]) {
      const res = await intruder.client.patch(`/api/warehouse/${id}/edit-dimensions`, {
        field_capacity: 9,
      });
      expect(res.status).toBe(404);
    }
    expect(
      ((await owner.client.get(`/api/warehouse/${w.id}`)).body as Warehouse).fieldCapacity,
    ).toBe(3);
  });
});

describe('moving the VAULTS block', () => {
  it('moves it inside the warehouse', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 3, cols: 2 });
    const res = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 50, y: 85 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ warehouseId: w.id, fieldgridLocation: { x: 50, y: 85 } });
    expect(
      ((await staff.client.get(`/api/warehouse/${w.id}`)).body as Warehouse).fieldgridLocation,
    ).toEqual({
      x: 50,
      y: 85,
    });
  });

  it('refuses a place outside the walls or on a rack', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 3, cols: 2 });
    await makeRack(staff, w.id, { name: 'Blocker', position: { x: 30, y: 30 } });
    const outside = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 51, y: 0 },
    });
    expect(outside.status).toBe(409);
    expect(outside.body).toMatchObject({
      code: 'FIELD_GRID_POSITION_INVALID',
      message:
        'The VAULTS block (10 x 15 ft) at x 51, y 0 would not fit inside the warehouse (60 x 100 ft).',
    });
    const onRack = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 25, y: 25 },
    });
    expect(onRack.status).toBe(409);
    expect((onRack.body as ErrorReply).message).toBe(
      'The VAULTS block at x 25, y 25 would overlap rack "Blocker".',
    );
    const beside = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 20, y: 25 },
    });
    expect(beside.status).toBe(200);
  });

  it('refuses a missing location and other companies', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const missing = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 1 },
    });
    expect(missing.status).toBe(400);
    expect((missing.body as ErrorReply).errors).toContain('Position y is required.');
    const intruder = await makeCompanyWithUser(app);
    const res = await intruder.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 20, y: 20 },
    });
    expect(res.status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Field } from '../../src/contracts/fields';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
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
  const warehouse = await makeWarehouse(staff, { rows: 3, cols: 2, field_capacity: 3 });
  return {
    staff,
    warehouse,
    a1: fieldByName(warehouse, 'A1'),
    a2: fieldByName(warehouse, 'A2'),
    a3: fieldByName(warehouse, 'A3'),
  };
}

describe('reading a field', () => {
  it('returns the field with its vaults, only within its warehouse and company', async () => {
    const { staff, warehouse, a1 } = await setup();
    await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '9' });
    const res = await staff.client.get(`/api/warehouse/${warehouse.id}/${a1.id}`);
    expect(res.status).toBe(200);
    expect(res.body as Field).toMatchObject({
      id: a1.id,
      name: 'A1',
      type: 'vault',
      full: false,
      warehouse_id: warehouse.id,
    });
    expect(Object.values((res.body as Field).vaults).map((v) => v.name)).toEqual(['9']);

    const other = await makeWarehouse(staff);
    expect((await staff.client.get(`/api/warehouse/${other.id}/${a1.id}`)).status).toBe(404);
    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.get(`/api/warehouse/${warehouse.id}/${a1.id}`)).status).toBe(404);
  });
});

describe('the full flag', () => {
  it('is set and cleared by hand, and only by the company', async () => {
    const { staff, a1 } = await setup();
    const on = await staff.client.patch(`/api/fields/${a1.id}/full`, { full: true });
    expect((on.body as Field).full).toBe(true);
    const off = await staff.client.patch(`/api/fields/${a1.id}/full`, { full: false });
    expect((off.body as Field).full).toBe(false);
    const bad = await staff.client.patch(`/api/fields/${a1.id}/full`, { full: 'yes' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Full must be true or false.');
    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.patch(`/api/fields/${a1.id}/full`, { full: true })).status).toBe(
      404,
    );
  });
});

describe('couchbox toggle', () => {
  it('pairs a field with the one below, which then holds capacity plus one', async () => {
    const { staff, warehouse, a1, a2 } = await setup();
    const res = await staff.client.patch(`/api/fields/${a1.id}`, {
      type: 'couchbox',
      field2: a2.id,
      warehouseId: warehouse.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { field1: Field; field2: Field };
    expect(body.field1).toMatchObject({ id: a1.id, type: 'couchbox-T' });
    expect(body.field2).toMatchObject({ id: a2.id, type: 'couchbox-B' });

    for (let position = 1; position <= 4; position++) {
      await makeVault(staff, {
        field_id: a1.id,
        position,
        type: position === 1 ? 'couchbox' : 'vault',
      });
    }
    const fifth = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a1.id,
      position: 5,
    });
    expect(errorOf(fifth).message).toBe('Field A1 is full: it holds 4 vaults.');
    const intoBottom = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a2.id,
      position: 1,
    });
    expect(intoBottom.status).toBe(409);
    expect(errorOf(intoBottom).code).toBe('FIELD_FULL');
  });

  it('is refused while either field holds vaults, and turns back when empty', async () => {
    const { staff, a2, a3 } = await setup();
    const vault = await makeVault(staff, { field_id: a3.id, position: 1 });
    const refused = await staff.client.patch(`/api/fields/${a2.id}`, {
      type: 'couchbox',
      field2: a3.id,
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'FIELD_HAS_VAULTS',
      message: 'Field A3 holds vaults; empty it before changing its type.',
    });
    await staff.client.delete(`/api/vaults/${vault.id}`);
    expect(
      (await staff.client.patch(`/api/fields/${a2.id}`, { type: 'couchbox', field2: a3.id }))
        .status,
    ).toBe(200);
    const back = await staff.client.patch(`/api/fields/${a2.id}`, { type: 'vault', field2: a3.id });
    expect(back.status).toBe(200);
    const body = back.body as { field1: Field; field2: Field };
    expect([body.field1.type, body.field2.type]).toEqual(['vault', 'vault']);
  });

  it('is refused with a clear message where there is no field below, or the wrong one is named', async () => {
    const { staff, a1, a2, a3 } = await setup();
    const last = await staff.client.patch(`/api/fields/${a3.id}`, { type: 'couchbox' });
    expect(last.status).toBe(409);
    expect(errorOf(last)).toMatchObject({
      code: 'FIELD_NO_PARTNER',
      message: 'Field A3 has no field below it to pair with as a couchbox.',
    });
    const wrong = await staff.client.patch(`/api/fields/${a1.id}`, {
      type: 'couchbox',
      field2: a3.id,
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe('field2 must be the field below A1 (A2).');
    const wrongName = await staff.client.patch(`/api/fields/${a1.id}`, {
      type: 'couchbox',
      field2: 'A3',
    });
    expect(wrongName.status).toBe(400);
    await staff.client.patch(`/api/fields/${a1.id}`, { type: 'couchbox', field2: a2.id });
    const lower = await staff.client.patch(`/api/fields/${a2.id}`, {
      type: 'couchbox',
      field2: a3.id,
    });
    expect(errorOf(lower).message).toBe(
      'Field A2 is the lower half of a couchbox; change the field above it instead.',
    );
    const badType = await staff.client.patch(`/api/fields/${a1.id}`, { type: 'crate' });
    expect(errorOf(badType).message).toBe('Type must be vault or couchbox.');
    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.patch(`/api/fields/${a1.id}`, { type: 'vault' })).status).toBe(
      404,
    );
  });
});

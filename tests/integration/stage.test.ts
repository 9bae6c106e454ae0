import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MoveVaultResponse, Vault } from '../../src/contracts/vaults';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, getField, makeVault } from '../support/vault-factories';

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
  const a1 = fieldByName(warehouse, 'A1');
  const bottom = await makeVault(staff, { field_id: a1.id, position: 1, vault_id: 'B-1' });
  const top = await makeVault(staff, {
    field_id: a1.id,
    position: 2,
    vault_id: 'T-2',
    customer_name: 'Lee',
    order_name: 'L1',
  });
  return { staff, warehouse, a1, bottom, top };
}

describe('staging', () => {
  it('stages only the topmost vault and remembers the field it left', async () => {
    const { staff, warehouse, a1, bottom, top } = await setup();
    const refused = await staff.client.post(`/api/stage/vaults/${bottom.id}`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'VAULT_NOT_TOPMOST',
      message:
        'Vault B-1 is not the topmost vault of field A1: the vault at position 2 must be moved first.',
    });

    const res = await staff.client.post(`/api/stage/vaults/${top.id}`);
    expect(res.status).toBe(200);
    expect(res.body as Vault).toMatchObject({
      id: top.id,
      field_id: null,
      position: null,
      old_field_id: a1.id,
    });

    const staged = await staff.client.get('/api/stage/vaults');
    expect(Object.keys(staged.body as Record<string, Vault>)).toEqual([String(top.id)]);
    expect(Object.keys((await getField(staff, warehouse.id, a1.id)).vaults)).toEqual([
      String(bottom.id),
    ]);

    const twice = await staff.client.post(`/api/stage/vaults/${top.id}`);
    expect(twice.status).toBe(409);
    expect(errorOf(twice).message).toBe('Vault T-2 is already staged.');
  });

  it("keeps stage per company and answers 404 for another company's vault", async () => {
    const { top } = await setup();
    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.post(`/api/stage/vaults/${top.id}`)).status).toBe(404);
    expect((await stranger.client.get('/api/stage/vaults')).body).toEqual({});
  });

  it('deletes a staged vault from stage', async () => {
    const { staff, top } = await setup();
    await staff.client.post(`/api/stage/vaults/${top.id}`);
    const res = await staff.client.delete(`/api/vaults/${top.id}`);
    expect(res.body).toEqual({ vaultId: top.id, deleteFrom: 'stage' });
    expect((await staff.client.get('/api/stage/vaults')).body).toEqual({});
  });
});

describe('moving', () => {
  it('places a staged vault at the lowest free position of another field and logs where from and to', async () => {
    const { staff, warehouse, a1, top } = await setup();
    await staff.client.post(`/api/stage/vaults/${top.id}`);
    const b1 = fieldByName(warehouse, 'B1');
    const notLowest = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: b1.id,
      position: 2,
    });
    expect(notLowest.status).toBe(409);
    expect(errorOf(notLowest).code).toBe('VAULT_SLOT_NOT_LOWEST');

    const res = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: b1.id,
      position: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ vaultId: top.id, fieldId: b1.id, position: 1 });
    expect((res.body as MoveVaultResponse).vault).toMatchObject({
      id: top.id,
      field_id: b1.id,
      position: 1,
      field_name: 'B1',
      old_field_id: a1.id,
    });
    expect((await staff.client.get('/api/stage/vaults')).body).toEqual({});

    const history = await staff.client.get(`/api/vaults/${top.id}/history`);
    const events = history.body as { kind: string; details: Record<string, unknown> }[];
    expect(events.map((e) => e.kind)).toEqual(['moved', 'staged', 'created']);
    expect(events[0]?.details).toMatchObject({
      from: null,
      to: { warehouse: warehouse.name, field: 'B1', position: 1 },
    });
    expect(events[1]?.details).toMatchObject({ from: { field: 'A1', position: 2 } });
  });

  it('moves only the topmost vault out of a field, never into a full one', async () => {
    const { staff, warehouse, bottom, top } = await setup();
    const b1 = fieldByName(warehouse, 'B1');
    const buried = await staff.client.put('/api/vaults/move', {
      vaultId: bottom.id,
      fieldId: b1.id,
      position: 1,
    });
    expect(buried.status).toBe(409);
    expect(errorOf(buried).code).toBe('VAULT_NOT_TOPMOST');

    await staff.client.patch(`/api/fields/${b1.id}/full`, { full: true });
    const full = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: b1.id,
      position: 1,
    });
    expect(full.status).toBe(409);
    expect(errorOf(full).message).toBe('Field B1 is marked full.');

    const b2 = fieldByName(warehouse, 'B2');
    const moved = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: b2.id,
      position: 1,
    });
    expect(moved.status).toBe(200);
  });

  it('refuses bad input and foreign ids', async () => {
    const { staff, warehouse, top } = await setup();
    const bad = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: 'x',
      position: 1,
    });
    expect(bad.status).toBe(400);
    const noPosition = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: fieldByName(warehouse, 'B1').id,
    });
    expect(errorOf(noPosition).message).toBe('Position is required.');

    const other = await makeCompanyWithUser(app);
    const otherWarehouse = await makeWarehouse(other);
    const foreignField = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: fieldByName(otherWarehouse, 'A1').id,
      position: 1,
    });
    expect(foreignField.status).toBe(404);
    const foreignVault = await other.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: fieldByName(otherWarehouse, 'A1').id,
      position: 1,
    });
    expect(foreignVault.status).toBe(404);
  });

  it('lets only one of two simultaneous moves into one position succeed', async () => {
    const { staff, warehouse, a1, top } = await setup();
    const second = await makeVault(staff, {
      field_id: fieldByName(warehouse, 'A2').id,
      position: 1,
    });
    await staff.client.post(`/api/stage/vaults/${top.id}`);
    await staff.client.post(`/api/stage/vaults/${second.id}`);
    const b1 = fieldByName(warehouse, 'B1');
    const results = await Promise.all(
      [top.id, second.id].map((vaultId) =>
        staff.client.put('/api/vaults/move', { vaultId, fieldId: b1.id, position: 1 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(Object.keys((await getField(staff, warehouse.id, b1.id)).vaults)).toHaveLength(1);
    expect(a1.name).toBe('A1');
  });
});

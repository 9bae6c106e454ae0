import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { AddVaultResponse, MoveVaultResponse, Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { slotCount } from '../../src/domain/slots';
import {
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
  fieldByName,
} from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault, postVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

// Enough trials that an unlocked interleaving shows up on PostgreSQL every run, few enough
// that each engine finishes well within a minute.
const TRIALS = 50;

type Reply = Awaited<ReturnType<SignedInStaff['client']['request']>>;

const isOk = (res: Reply) => res.status >= 200 && res.status < 300;

function removeFields(staff: SignedInStaff, warehouseId: Warehouse['id'], direction: string) {
  return staff.client.request('DELETE', '/api/fields/', {
    json: { warehouse_id: warehouseId, direction, opperation: 'minus', count: 1 },
  });
}

/** Every acknowledged vault must still be there, in the field it was acknowledged into. */
async function expectPresent(staff: SignedInStaff, acknowledged: Vault[]) {
  const found = await Promise.all(
    acknowledged.map((vault) => staff.client.get(`/api/vaults/lookup/${vault.name ?? ''}`)),
  );
  acknowledged.forEach((vault, i) => {
    const res = found[i];
    expect(res?.status, `vault ${vault.name ?? ''} was acknowledged, then lost`).toBe(200);
    expect((res?.body as Vault).field_id).toBe(vault.field_id);
  });
}

/** No field over its slots, and each field's positions run 1..n without a gap. */
async function expectSoundFields(staff: SignedInStaff, warehouseId: Warehouse['id']) {
  const res = await staff.client.get(`/api/warehouse/${warehouseId}`);
  expect(res.status).toBe(200);
  const w = res.body as Warehouse;
  for (const field of Object.values(w.fields)) {
    const positions = Object.values(field.vaults)
      .map((v) => v.position ?? 0)
      .sort((a, b) => a - b);
    expect(positions.length, `field ${field.name} over capacity`).toBeLessThanOrEqual(
      slotCount(w.fieldCapacity, field.type),
    );
    expect(positions).toEqual(positions.map((_, i) => i + 1));
  }
}

describe('placements racing grid and capacity changes', () => {
  it(`loses no acknowledged vault and overfills no field in ${TRIALS} trials`, async () => {
    const staff = await makeCompanyWithUser(app);
    let acknowledgedPlacements = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const tag = (n: number) => String(1000 * (trial + 1) + n);
      const [rows, cols, capacity] = await Promise.all([
        makeWarehouse(staff, { rows: 3, cols: 2, field_capacity: 3 }),
        makeWarehouse(staff, { rows: 2, cols: 2, field_capacity: 3 }),
        makeWarehouse(staff, { rows: 2, cols: 2, field_capacity: 3 }),
      ]);
      // A staged vault to move into column B while column B is removed.
      const staged = await makeVault(staff, {
        vault_id: tag(1),
        field_id: fieldByName(cols, 'A1').id,
        position: 1,
      });
      expect((await staff.client.post(`/api/stage/vaults/${staged.id}`)).status).toBe(200);
      // Two vaults in A1, so a third fills it to the capacity that is being lowered to 2.
      for (const position of [1, 2]) {
        await makeVault(staff, {
          vault_id: tag(1 + position),
          field_id: fieldByName(capacity, 'A1').id,
          position,
        });
      }

      const [added, rowsRemoved, moved, colsRemoved, third, lowered] = await Promise.all([
        postVault(staff, {
          vault_id: tag(4),
          customer_name: 'SMITH',
          order_name: 'ORD-1',
          field_id: fieldByName(rows, 'A3').id,
          position: 1,
        }),
        removeFields(staff, rows.id, 'bottom'),
        staff.client.put('/api/vaults/move', {
          vaultId: staged.id,
          fieldId: fieldByName(cols, 'B1').id,
          position: 1,
        }),
        removeFields(staff, cols.id, 'right'),
        postVault(staff, {
          vault_id: tag(5),
          customer_name: 'SMITH',
          order_name: 'ORD-1',
          field_id: fieldByName(capacity, 'A1').id,
          position: 3,
        }),
        staff.client.patch(`/api/warehouse/${capacity.id}/edit-dimensions`, { field_capacity: 2 }),
      ]);
      for (const res of [added, rowsRemoved, moved, colsRemoved, third, lowered]) {
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      }

      const acknowledged: Vault[] = [];
      if (isOk(added)) acknowledged.push((added.body as AddVaultResponse).vault);
      if (isOk(moved)) acknowledged.push((moved.body as MoveVaultResponse).vault);
      if (isOk(third)) acknowledged.push((third.body as AddVaultResponse).vault);
      acknowledgedPlacements += acknowledged.length;
      await Promise.all([
        expectPresent(staff, acknowledged),
        ...[rows, cols, capacity].map((w) => expectSoundFields(staff, w.id)),
      ]);
    }
    expect(acknowledgedPlacements).toBeGreaterThan(0);
  }, 120_000);
});

/** Until some statement waits for a row lock another transaction holds. */
async function untilALockIsAwaited(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const result = (await app.deps.db.execute(
      sql`SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((result.rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('No statement came to wait for the lock.');
}

// Only PostgreSQL runs two transactions at once; on the embedded engine a write's locks and
// reads run in one call into the engine, so nothing can move the vault in between.
describe.runIf(inject('postgresUrl'))('a placement on a vault moved meanwhile', () => {
  it('stages a vault moved into another warehouse while the stage waited for it, from where it now stands', async () => {
    const staff = await makeCompanyWithUser(app);
    const [first, second] = await Promise.all([
      makeWarehouse(staff, { rows: 1, cols: 1, field_capacity: 3 }),
      makeWarehouse(staff, { rows: 1, cols: 1, field_capacity: 3 }),
    ]);
    const vault = await makeVault(staff, {
      vault_id: `M${Date.now()}`,
      field_id: fieldByName(first, 'A1').id,
      position: 1,
    });
    const target = fieldByName(second, 'A1');
    // The stage locks the first warehouse (where it reads the vault stands), then waits for
    // the vault; meanwhile the vault goes to the second warehouse.
    let staging: Promise<Reply> | null = null;
    await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM vaults WHERE id = ${vault.id} FOR UPDATE`);
      staging = staff.client.post(`/api/stage/vaults/${vault.id}`);
      await untilALockIsAwaited();
      await tx.execute(
        sql`UPDATE vaults SET field_id = ${target.id}, position = 1 WHERE id = ${vault.id}`,
      );
    });
    const staged = await (staging as Promise<Reply> | null);
    expect(staged?.status, JSON.stringify(staged?.body)).toBe(200);
    expect((staged?.body as Vault).old_field_id).toBe(target.id);
    const history = await staff.client.get(`/api/vaults/${vault.id}/history`);
    const event = (history.body as VaultEvent[]).find((e) => e.kind === 'staged');
    expect(event?.details).toMatchObject({ from: { warehouse: second.name, field: 'A1' } });
  });

  it('deletes a vault given a new customer while the delete waited for it, and records the new customer', async () => {
    const staff = await makeCompanyWithUser(app);
    const warehouse = await makeWarehouse(staff, { rows: 1, cols: 1, field_capacity: 3 });
    const vault = await makeVault(staff, {
      vault_id: `C${Date.now()}`,
      field_id: fieldByName(warehouse, 'A1').id,
      position: 1,
    });
    // The delete locks and reads the vault in one statement; after the wait PostgreSQL
    // re-reads only the vault row, so the new customer's name is read by starting over.
    let deleting: Promise<Reply> | null = null;
    await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM vaults WHERE id = ${vault.id} FOR UPDATE`);
      deleting = staff.client.delete(`/api/vaults/${vault.id}`);
      await untilALockIsAwaited();
      await tx.execute(
        sql`WITH c AS (INSERT INTO customers (company_id, name)
              SELECT company_id, 'NEWLY NAMED' FROM vaults WHERE id = ${vault.id} RETURNING id)
            UPDATE vaults SET customer_id = (SELECT id FROM c) WHERE id = ${vault.id}`,
      );
    });
    const deleted = await (deleting as Promise<Reply> | null);
    expect(deleted?.status, JSON.stringify(deleted?.body)).toBe(200);
    const history = await staff.client.get(`/api/vaults/${vault.id}/history`);
    const event = (history.body as VaultEvent[]).find((e) => e.kind === 'deleted');
    expect(event?.details).toMatchObject({ customer_name: 'NEWLY NAMED' });
  });
});

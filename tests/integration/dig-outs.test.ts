import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DigOut, DigOutPlan } from '../../src/contracts/dig-outs';
import type { Field } from '../../src/contracts/fields';
import type { VaultEvent } from '../../src/contracts/vault-events';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { MISSING_ID } from '../support/ids';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, getField, makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

/** Columns A and B, rows 1-3, three slots each. A1 holds 1 (bottom), 2, 3; A2 holds one vault. */
async function setup(options: { fillEverything?: boolean } = {}) {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { rows: 3, cols: 2, field_capacity: 3 });
  const a1 = fieldByName(warehouse, 'A1');
  const bottom = await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '1' });
  const middle = await makeVault(staff, { field_id: a1.id, position: 2, vault_id: '2' });
  const top = await makeVault(staff, { field_id: a1.id, position: 3, vault_id: '3' });
  const a2 = fieldByName(warehouse, 'A2');
  await makeVault(staff, { field_id: a2.id, position: 1, vault_id: 'A2-1' });
  if (options.fillEverything) {
    for (const f of Object.values(warehouse.fields)) {
      if (f.id === a1.id) continue;
      const from = f.id === a2.id ? 2 : 1;
      for (let p = from; p <= 3; p++)
        await makeVault(staff, { field_id: f.id, position: p, vault_id: `${f.name}-${p}` });
    }
  }
  return { staff, warehouse, a1, a2, bottom, middle, top };
}

const names = (field: Field) =>
  Object.values(field.vaults)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((v) => v.name);

async function step(staff: SignedInStaff, digOut: DigOut, index: number, toStage = false) {
  const res = await staff.client.post(`/api/dig-outs/${digOut.id}/steps/${index}`, { toStage });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DigOut;
}

describe('dig-out planning', () => {
  it('plans the vaults above into the nearest free slots, same column first', async () => {
    const { staff, bottom } = await setup();
    const res = await staff.client.get(`/api/dig-outs/plan/${bottom.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const plan = res.body as DigOutPlan;
    expect(plan.notice).toBeNull();
    expect(
      plan.steps.map((s) => [s.kind, s.vault_name, s.from?.field_name, s.from?.position, s.to]),
    ).toEqual([
      ['aside', '3', 'A1', 3, expect.objectContaining({ field_name: 'A2', position: 2 })],
      ['aside', '2', 'A1', 2, expect.objectContaining({ field_name: 'A2', position: 3 })],
      ['out', '1', 'A1', 1, null],
    ]);
  });

  it('carries the plan out move by move, then puts the others back in their old order', async () => {
    const { staff, warehouse, a1, a2, bottom, top } = await setup();
    const started = await staff.client.post('/api/dig-outs', { vaultId: bottom.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    let digOut = started.body as DigOut;

    const early = await staff.client.post(`/api/dig-outs/${digOut.id}/steps/1`, {});
    expect(early.status).toBe(409);
    expect(errorOf(early)).toMatchObject({
      code: 'DIG_OUT_STEP_OUT_OF_ORDER',
      message: 'Do the moves in order: move 1 comes first.',
    });
    const notOut = await staff.client.post(`/api/dig-outs/${digOut.id}/put-back`);
    expect(errorOf(notOut).code).toBe('DIG_OUT_TARGET_NOT_OUT');

    for (const index of [0, 1, 2]) digOut = await step(staff, digOut, index);
    expect(digOut.steps.every((s) => s.done_by === staff.email)).toBe(true);
    expect(names(await getField(staff, warehouse.id, a1.id))).toEqual([]);
    expect(names(await getField(staff, warehouse.id, a2.id))).toEqual(['A2-1', '3', '2']);
    const staged = await staff.client.get('/api/stage/vaults');
    expect(Object.keys(staged.body as object)).toEqual([String(bottom.id)]);

    const back = await staff.client.post(`/api/dig-outs/${digOut.id}/put-back`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    digOut = back.body as DigOut;
    expect(digOut.steps.slice(3).map((s) => [s.kind, s.vault_name, s.to?.field_name])).toEqual([
      ['back', '2', 'A1'],
      ['back', '3', 'A1'],
    ]);
    for (const index of [3, 4]) digOut = await step(staff, digOut, index);
    expect(names(await getField(staff, warehouse.id, a1.id))).toEqual(['2', '3']);

    const history = await staff.client.get(`/api/vaults/${top.id}/history`);
    const reasons = (history.body as VaultEvent[]).filter(
      (e) =>
        (e.kind === 'moved' || e.kind === 'staged') &&
        typeof e.details.reason === 'object' &&
        e.details.reason.kind === 'dig-out',
    );
    expect(reasons.map((e) => e.kind)).toEqual(['moved', 'moved']);
  });

  it('sends the vaults above to the stage when no field has room, and says so', async () => {
    const { staff, warehouse, bottom } = await setup({ fillEverything: true });
    const res = await staff.client.get(`/api/dig-outs/plan/${bottom.id}`);
    const plan = res.body as DigOutPlan;
    expect(plan.notice).toBe(
      `No field in ${warehouse.name} has a free slot: the 2 vaults above go to the stage.`,
    );
    expect(plan.steps.map((s) => s.to)).toEqual([null, null, null]);
  });

  it('offers the stage when the proposed field filled up meanwhile', async () => {
    const { staff, a2, bottom } = await setup();
    const digOut = (await staff.client.post('/api/dig-outs', { vaultId: bottom.id }))
      .body as DigOut;
    await makeVault(staff, { field_id: a2.id, position: 2, vault_id: 'X2' });
    await makeVault(staff, { field_id: a2.id, position: 3, vault_id: 'X3' });
    const full = await staff.client.post(`/api/dig-outs/${digOut.id}/steps/0`, {});
    expect(full.status).toBe(409);
    expect(errorOf(full)).toMatchObject({
      code: 'FIELD_FULL',
      message: 'Field A2 has no free slot any more. Put vault 3 on the stage instead.',
    });
    const staged = await step(staff, digOut, 0, true);
    expect(staged.steps[0]?.to).toBeNull();
    expect(staged.steps[0]?.done_at).not.toBeNull();
  });

  it('refuses a vault on top or on the stage, and hides other companies', async () => {
    const { staff, top, bottom } = await setup();
    const onTop = await staff.client.get(`/api/dig-outs/plan/${top.id}`);
    expect(onTop.status).toBe(409);
    expect(errorOf(onTop)).toMatchObject({
      code: 'DIG_OUT_NOT_NEEDED',
      message:
        'Vault 3 is on top of field A1: nothing stands on it, so take it straight to the stage.',
    });
    const digOut = (await staff.client.post('/api/dig-outs', { vaultId: bottom.id }))
      .body as DigOut;
    const other = await makeCompanyWithUser(app);
    for (const res of [
      await other.client.get(`/api/dig-outs/plan/${bottom.id}`),
      await other.client.post('/api/dig-outs', { vaultId: bottom.id }),
      await other.client.get(`/api/dig-outs/${digOut.id}`),
      await other.client.post(`/api/dig-outs/${digOut.id}/steps/0`, {}),
      await other.client.post(`/api/dig-outs/${digOut.id}/put-back`),
      await staff.client.get(`/api/dig-outs/${MISSING_ID}`),
    ]) {
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
    expect((await other.client.get('/api/dig-outs')).body).toEqual([]);
    const mine = await staff.client.get('/api/dig-outs');
    expect(mine.body).toMatchObject([
      { id: digOut.id, vault_name: '1', field_name: 'A1', step_count: 3, done_count: 0 },
    ]);
    const bad = await staff.client.post(`/api/dig-outs/${digOut.id}/steps/x`, {});
    expect(bad.status).toBe(400);
  });
});

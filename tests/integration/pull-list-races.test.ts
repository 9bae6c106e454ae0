import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PullList } from '../../src/contracts/pull-lists';
import type { AddVaultResponse, Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { slotCount } from '../../src/domain/slots';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  signedInColleague,
  type SignedInStaff,
} from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { dayFromToday, makeConfirmedRequest } from '../support/requests-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeVault, postVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

// Each trial races a whole pull list against staff adds and moves into the fields it parks
// on and digs in; enough trials for an interleaving to show, few enough for both engines.
const TRIALS = 12;
// The office asks for and confirms each trial's requests through the API first, which on a
// shared machine can outlast the default per-test limit.
const RACE_TIMEOUT_MS = 90_000;

type Reply = Awaited<ReturnType<HttpClient['request']>>;

/** The crew works the list to its end, each step by the vault's number, as a phone would. */
async function runList(crew: HttpClient, day: string, replies: Reply[]) {
  for (let turn = 0; turn < 12; turn++) {
    const read = await crew.get(`/api/pull-lists/${day}`);
    replies.push(read);
    const next = (read.body as PullList).steps.find((s) => !s.done);
    if (!next) return;
    replies.push(
      await crew.post(`/api/pull-lists/${day}/steps`, {
        vault_id: next.vault_id,
        code: next.vault_name ?? '',
      }),
    );
  }
}

async function expectSoundFields(staff: SignedInStaff, warehouseId: Warehouse['id']) {
  const w = (await staff.client.get(`/api/warehouse/${warehouseId}`)).body as Warehouse;
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

describe('pull-list steps racing staff moves and adds', { timeout: RACE_TIMEOUT_MS }, () => {
  it(`keeps every acknowledged vault, overfills no field and answers no 5xx in ${TRIALS} trials`, async () => {
    const staff = await makeCompanyWithUser(app);
    const crew = await signedInColleague(app, staff, 'crew');
    for (let trial = 0; trial < TRIALS; trial++) {
      const day = await dayFromToday(app, trial + 1);
      const tag = (n: number) => `${trial + 1}-${n}`;
      const w = await makeWarehouse(staff, { rows: 3, cols: 2, field_capacity: 3 });
      const [a1, a2, a3, b1] = ['A1', 'A2', 'A3', 'B1'].map((n) => fieldByName(w, n).id);
      if (!a1 || !a2 || !a3 || !b1) throw new Error('fields missing');
      const v1 = await makeVault(staff, { field_id: a1, position: 1, vault_id: tag(1) });
      const v2 = await makeVault(staff, { field_id: a1, position: 2, vault_id: tag(2) });
      const v3 = await makeVault(staff, { field_id: a1, position: 3, vault_id: tag(3) });
      const v4 = await makeVault(staff, { field_id: a3, position: 1, vault_id: tag(4) });
      await makeConfirmedRequest(staff, { dueOn: day }, [v1]);
      await makeConfirmedRequest(staff, { dueOn: day }, [v2]);

      const replies: Reply[] = [];
      const added: Vault[] = [];
      const add = async (fieldId: number, position: number, n: number) => {
        const res = await postVault(staff, {
          vault_id: tag(n),
          field_id: fieldId,
          position,
          customer_name: 'SMITH',
        });
        replies.push(res);
        if (res.status === 200) added.push((res.body as AddVaultResponse).vault);
      };
      const move = async (vaultId: number, fieldId: number, position: number) => {
        replies.push(await staff.client.post('/api/vaults/move', { vaultId, fieldId, position }));
      };
      await Promise.all([
        runList(crew, day, replies),
        // Into the field the list parks vault 3 on, onto the dug stack, and the blocker itself.
        add(a2, 1, 5),
        add(a2, 2, 6),
        move(v4.id, a2, 1 + (trial % 2)),
        move(v3.id, b1, 1),
        add(a1, 4 - (trial % 2), 7),
      ]);

      const errors = replies.filter((r) => r.status >= 500);
      expect(errors.map((r) => JSON.stringify(r.body))).toEqual([]);
      for (const v of [v1, v2, v3, v4, ...added]) {
        const res = await staff.client.get(`/api/vaults/lookup/${v.name ?? ''}`);
        expect(res.status, `vault ${v.name ?? ''} was acknowledged, then lost`).toBe(200);
      }
      await expectSoundFields(staff, w.id);
      // Whatever the interleaving, the list can still be finished.
      await runList(crew, day, replies);
      const end = (await crew.get(`/api/pull-lists/${day}`)).body as PullList;
      expect(end.steps.every((s) => s.done)).toBe(true);
      expect(end.requests.every((r) => r.status === 'in_progress')).toBe(true);
      await expectSoundFields(staff, w.id);
    }
  });
});

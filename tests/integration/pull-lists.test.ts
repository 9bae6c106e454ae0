import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PullList, PullListRequest } from '../../src/contracts/pull-lists';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Vault } from '../../src/contracts/vaults';
import { issueScanCodes } from '../../src/server/lib/scan-codes';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  signedInColleague,
} from '../support/factories';
import { MISSING_ID } from '../support/ids';
import { dayFromToday, makeConfirmedRequest, requestHistory } from '../support/requests-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault } from '../support/vault-factories';
import type { HttpClient } from '../support/http-client';

let app: TestApp;
// A day ahead: the office cannot ask for a day gone by.
let DAY: string;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
  DAY = await dayFromToday(app, 7);
});
afterAll(async () => {
  await app?.close();
});

/**
 * Columns A and B, rows 1-3, three slots each. A1 holds 1 (bottom), 2, 3; A2 holds A2-1.
 * Request one takes vault 1, request two vault 2: vault 3 blocks both.
 */
async function setup(kinds: { first?: 'release_vaults' | 'access' } = {}) {
  const staff = await makeCompanyWithUser(app);
  const crew = await signedInColleague(app, staff, 'crew');
  const warehouse = await makeWarehouse(staff, { rows: 3, cols: 2, field_capacity: 3 });
  const a1 = fieldByName(warehouse, 'A1');
  const a2 = fieldByName(warehouse, 'A2');
  const v1 = await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '1' });
  const v2 = await makeVault(staff, { field_id: a1.id, position: 2, vault_id: '2' });
  const v3 = await makeVault(staff, { field_id: a1.id, position: 3, vault_id: '3' });
  await makeVault(staff, { field_id: a2.id, position: 1, vault_id: 'A2-1' });
  const first = (await makeConfirmedRequest(staff, { kind: kinds.first, dueOn: DAY }, [v1])).id;
  const second = (await makeConfirmedRequest(staff, { dueOn: DAY }, [v2])).id;
  return { staff, crew, warehouse, a1, a2, v1, v2, v3, first, second };
}

async function readList(client: HttpClient): Promise<PullList> {
  const res = await client.get(`/api/pull-lists/${DAY}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PullList;
}

async function confirm(client: HttpClient, vaultId: number, code: string) {
  return client.post(`/api/pull-lists/${DAY}/steps`, { vault_id: vaultId, code });
}

async function confirmOk(client: HttpClient, vaultId: number, code: string): Promise<PullList> {
  const res = await confirm(client, vaultId, code);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PullList;
}

const stepWords = (list: PullList) =>
  list.steps.map(
    (s) =>
      `${s.done ? 'done ' : ''}${s.kind} ${s.vault_name} ${s.kind === 'aside' ? `to ${s.to?.field_name}/${s.to?.position}` : `for ${s.request_id}`}`,
  );

async function vaultOf(client: HttpClient, name: string): Promise<Vault> {
  const res = await client.get(`/api/vaults/lookup/${name}`);
  expect(res.status).toBe(200);
  return res.body as Vault;
}

describe("the day's pull list", () => {
  it('plans both requests as one job: the vault on top of both moves once', async () => {
    const { crew, first, second } = await setup();
    const list = await readList(crew);
    expect(list.requests.map((r) => [r.id, r.status, r.vaults.map((v) => v.name)])).toEqual([
      [first, 'confirmed', ['1']],
      [second, 'confirmed', ['2']],
    ]);
    expect(stepWords(list)).toEqual([
      'aside 3 to A2/2',
      `pull 2 for ${second}`,
      `pull 1 for ${first}`,
    ]);
    expect(list.steps[0]).toMatchObject({ from: { field_name: 'A1', position: 3 } });
    // Alone, the first request parks 3 and 2 on A2, and the second lifts 2 again.
    expect([list.moves, list.moves_one_by_one]).toEqual([3, 4]);
  });

  it('refuses a wrong vault with where the right one is, and moves nothing', async () => {
    const { crew, v3 } = await setup();
    const res = await confirm(crew, v3.id, 'A2-1');
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('PULL_WRONG_VAULT');
    expect(errorOf(res).message).toMatch(
      /field A2, position 1\. Next, move vault 3 aside from .*field A1, position 3\.$/,
    );
    const unknown = await confirm(crew, v3.id, 'NO-SUCH');
    expect(errorOf(unknown).message).toMatch(/^No vault has the code NO-SUCH\. Next, move vault 3/);
    expect((await vaultOf(crew, '3')).position).toBe(3);
    expect((await readList(crew)).steps.every((s) => !s.done)).toBe(true);
  });

  it('refuses a step the screen shows when the list has changed since', async () => {
    const { crew, v1 } = await setup();
    const res = await confirm(crew, v1.id, '1');
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('PULL_LIST_CHANGED');
    expect(errorOf(res).message).toMatch(/next, move vault 3 aside/);
  });

  it('runs the list by scanned and typed codes: moves aside, stages, records pulls and history', async () => {
    const { staff, crew, v1, v2, v3, first, second } = await setup();
    const codes = await issueScanCodes(app.deps.db, staff.user.companyId, 'vault', [v3.id]);
    let list = await confirmOk(crew, v3.id, codes.get(v3.id)?.toLowerCase() ?? '');
    expect(stepWords(list)[0]).toBe('done aside 3 to A2/2');
    expect((await vaultOf(crew, '3')).position).toBe(2);
    list = await confirmOk(crew, v2.id, ' 2 ');
    expect(list.requests.find((r) => r.id === second)?.status).toBe('in_progress');
    expect(list.requests.find((r) => r.id === first)?.status).toBe('confirmed');
    list = await confirmOk(crew, v1.id, '1');
    expect(stepWords(list)).toEqual([
      'done aside 3 to A2/2',
      `done pull 2 for ${second}`,
      `done pull 1 for ${first}`,
    ]);
    expect([list.moves, list.moves_one_by_one]).toEqual([3, 3]);
    const pulled = list.requests.flatMap((r) => r.vaults);
    expect(pulled.every((v) => v.staged && v.pulled_at !== null)).toBe(true);
    expect(pulled[0]?.pulled_by).toMatch(/^crew-/);
    expect((await requestHistory(crew, second)).map((e) => e.kind)).toEqual([
      'asked',
      'confirmed',
      'started',
      'pulled',
    ]);
    const history = (await crew.get(`/api/vaults/${v3.id}/history`)).body as VaultEvent[];
    expect(history.find((e) => e.kind === 'moved')).toMatchObject({
      kind: 'moved',
      details: { reason: { kind: 'request', id: second } },
    });
    const none = await confirm(crew, v1.id, '1');
    expect(errorOf(none).message).toBe(`Every step of the ${DAY} list is done.`);
  });

  it('completes a release once its vaults are pulled: released today, the request done', async () => {
    const { crew, v1, v2, v3, first, second } = await setup();
    const early = await crew.post(`/api/requests/${second}/complete`, {});
    expect(early.status).toBe(409);
    expect(errorOf(early).message).toBe(
      `Pull every vault of request ${second} first: vault 2 (field A1, position 2) is still to pull.`,
    );
    await confirmOk(crew, v3.id, '3');
    await confirmOk(crew, v2.id, '2');
    const res = await crew.post(`/api/requests/${second}/complete`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = res.body as PullListRequest;
    expect(done.status).toBe('done');
    expect(done.vaults[0]?.released_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await vaultOf(crew, '2')).released_on).toBe(done.vaults[0]?.released_on);
    expect((await requestHistory(crew, second)).map((e) => e.kind)).toEqual([
      'asked',
      'confirmed',
      'started',
      'pulled',
      'done',
    ]);
    const again = await crew.post(`/api/requests/${second}/complete`, {});
    expect(errorOf(again).message).toBe(
      `Request ${second} is done: only a confirmed or started request can be completed.`,
    );
    // The other request is untouched and its vault still waits.
    const list = await readList(crew);
    expect(list.requests.map((r) => r.status)).toEqual(['confirmed', 'done']);
    expect(stepWords(list).filter((s) => !s.startsWith('done'))).toEqual([`pull 1 for ${first}`]);
    expect(v1.name).toBe('1');
  });

  it('puts an access request back in its field and records the visit; staff may name another', async () => {
    const { crew, v1, v2, v3, first } = await setup({ first: 'access' });
    await confirmOk(crew, v3.id, '3');
    await confirmOk(crew, v2.id, '2');
    const list = await confirmOk(crew, v1.id, '1');
    const access = list.requests.find((r) => r.id === first);
    expect(access?.vaults[0]?.put_back).toMatchObject({ field_name: 'A1' });
    const wrong = await crew.post(`/api/requests/${first}/complete`, {
      put_back: [{ vault_id: v1.id, field_name: 'Z9' }],
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe('There is no field Z9 in the warehouse vault 1 came from.');
    const res = await crew.post(`/api/requests/${first}/complete`, {
      put_back: [{ vault_id: v1.id, field_name: 'b1' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const back = await vaultOf(crew, '1');
    expect([back.released_on, back.position]).toEqual([null, 1]);
    expect((res.body as PullListRequest).vaults[0]).toMatchObject({ field_name: 'B1' });
    const events = await requestHistory(crew, first);
    expect(events.map((e) => e.kind)).toEqual([
      'asked',
      'confirmed',
      'started',
      'pulled',
      'visit',
      'done',
    ]);
    expect(events.find((e) => e.kind === 'visit')?.details).toEqual({
      put_back: [{ vault: '1', field: 'B1', position: 1 }],
    });
  });

  it('records the pull of a vault already on the stage without a forklift move', async () => {
    const { staff, crew, v3, first, second } = await setup();
    expect((await staff.client.post(`/api/stage/vaults/${v3.id}`, {})).status).toBe(200);
    const extra = (await makeConfirmedRequest(staff, { dueOn: DAY }, [v3])).id;
    let list = await readList(crew);
    expect(stepWords(list)).toEqual([
      `pull 3 for ${extra}`,
      `pull 2 for ${second}`,
      `pull 1 for ${first}`,
    ]);
    expect(list.steps[0]?.from).toBeNull();
    expect(list.moves).toBe(2);
    list = await confirmOk(crew, v3.id, '3');
    expect(list.requests.find((r) => r.id === extra)).toMatchObject({
      status: 'in_progress',
      vaults: [{ name: '3', staged: true, pulled_by: expect.stringMatching(/^crew-/) as string }],
    });
  });

  it('answers a bad date with a sentence, and shows another company nothing', async () => {
    const { crew, first } = await setup();
    const bad = await crew.get('/api/pull-lists/2030-02-30');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toMatch(/real date written YYYY-MM-DD/);
    const stranger = await makeCompanyWithUser(app);
    const theirs = (await stranger.client.get(`/api/pull-lists/${DAY}`)).body as PullList;
    expect(theirs.requests).toEqual([]);
    expect((await stranger.client.post(`/api/requests/${first}/complete`, {})).status).toBe(404);
    expect((await crew.post(`/api/requests/${MISSING_ID}/complete`, {})).status).toBe(404);
  });
});

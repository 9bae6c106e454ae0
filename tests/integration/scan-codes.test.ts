import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ScanCodeResult } from '../../src/contracts/scan-codes';
import type { MoveVaultResponse } from '../../src/contracts/vaults';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { printedCodes } from '../support/pdf';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault } from '../support/vault-factories';
import { HttpClient } from '../support/http-client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

/** Prints labels and reads the codes printed under their QR codes, in label order. */
async function codesFor(staff: SignedInStaff, body: object): Promise<string[]> {
  const res = await fetch(`${app.baseUrl}/api/labels`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: staff.client.cookieHeader('/api/labels'),
    },
    body: JSON.stringify({ format: 'letter-5163', ...body }),
  });
  expect(res.status).toBe(200);
  return printedCodes(Buffer.from(await res.arrayBuffer()));
}

async function setUp() {
  const staff = await makeCompanyWithUser(app);
  const w = await makeWarehouse(staff, { name: 'Dock', rows: 2, cols: 2, field_capacity: 3 });
  const a1 = fieldByName(w, 'A1');
  const b2 = fieldByName(w, 'B2');
  const bottom = await makeVault(staff, { vault_id: '500', field_id: a1.id, position: 1 });
  const top = await makeVault(staff, { vault_id: '12034', field_id: a1.id, position: 2 });
  await makeVault(staff, { vault_id: '900', field_id: b2.id, position: 1 });
  const [bottomCode = '', topCode = ''] = await codesFor(staff, {
    of: 'vaults',
    vaultIds: [bottom.id, top.id],
  });
  const [b2Code = ''] = await codesFor(staff, { of: 'fields', fieldIds: [b2.id] });
  return { staff, w, bottom, top, bottomCode, topCode, b2, b2Code };
}

describe('scan codes', () => {
  it('name a vault, answered as the vault read call answers it', async () => {
    const { staff, top, topCode } = await setUp();
    const res = await staff.client.get(`/api/codes/${topCode}`);
    expect(res.status).toBe(200);
    const lookup = await staff.client.get('/api/vaults/lookup/12034');
    expect(res.body).toEqual({ kind: 'vault', vault: lookup.body });
    expect((res.body as ScanCodeResult).kind === 'vault' && top.id).toBe(top.id);
  });

  it('name a field with the one position a vault may go to, and that move succeeds', async () => {
    const { staff, w, top, b2, b2Code } = await setUp();
    const scanned = (await staff.client.get(`/api/codes/${b2Code.toLowerCase()}`))
      .body as ScanCodeResult;
    expect(scanned).toEqual({
      kind: 'field',
      warehouseId: w.id,
      warehouseName: 'Dock',
      warehouseSlug: w.slug,
      fieldId: b2.id,
      fieldName: 'B2',
      nextPosition: 2,
    });
    const moved = await staff.client.put('/api/vaults/move', {
      vaultId: top.id,
      fieldId: b2.id,
      position: scanned.kind === 'field' ? scanned.nextPosition : null,
    });
    expect(moved.status).toBe(200);
    expect((moved.body as MoveVaultResponse).vault.field_name).toBe('B2');
    const after = (await staff.client.get(`/api/codes/${b2Code}`)).body as ScanCodeResult;
    expect(after.kind === 'field' && after.nextPosition).toBe(3);
  });

  it('say a full field takes no vault', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 1, field_capacity: 1 });
    const a1 = fieldByName(w, 'A1');
    await makeVault(staff, { field_id: a1.id, position: 1 });
    const [code = ''] = await codesFor(staff, { of: 'fields', fieldIds: [a1.id] });
    const scanned = (await staff.client.get(`/api/codes/${code}`)).body as ScanCodeResult;
    expect(scanned.kind === 'field' && scanned.nextPosition).toBeNull();
  });

  it("answer another company's code exactly like one never issued", async () => {
    const { topCode, b2Code } = await setUp();
    const stranger = await makeCompanyWithUser(app);
    const never = await stranger.client.get('/api/codes/0000000000');
    expect(never.status).toBe(404);
    for (const code of [topCode, b2Code]) {
      const res = await stranger.client.get(`/api/codes/${code}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(never.body);
    }
    expect(errorOf(never)).toMatchObject({ code: 'NOT_FOUND', message: 'Code not found.' });
  });

  it('stop answering once the vault is deleted', async () => {
    const { staff, top, topCode } = await setUp();
    expect((await staff.client.delete(`/api/vaults/${top.id}`)).status).toBe(200);
    const res = await staff.client.get(`/api/codes/${topCode}`);
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
  });

  it('refuse text that is not a code, and callers without a session', async () => {
    const { staff, topCode } = await setUp();
    for (const bad of ['12034', 'ILOUILOUIL', 'ABCDEFGHJKM']) {
      const res = await staff.client.get(`/api/codes/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(errorOf(res).message).toMatch(/^A scan code is 10 letters and digits/);
    }
    const anonymous = await new HttpClient(app.baseUrl).get(`/api/codes/${topCode}`);
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Audit, AuditSummary } from '../../src/contracts/audits';
import type { Field } from '../../src/contracts/fields';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Warehouse } from '../../src/contracts/warehouses';
import { createUser } from '../../src/server/features/auth/companies.service';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  TEST_PASSWORD,
  type SignedInStaff,
} from '../support/factories';
import { HttpClient } from '../support/http-client';
import { MISSING_ID, expectId } from '../support/ids';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, getField, makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

/** A1: 100, 200, 300 (bottom to top). A2: 10, 20, 30. B1: 900. B2: 40, 50. */
async function setup() {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { rows: 3, cols: 2, field_capacity: 3 });
  const stack = async (fieldName: string, numbers: string[]) => {
    const field = fieldByName(warehouse, fieldName);
    for (const [i, vault_id] of numbers.entries())
      await makeVault(staff, { field_id: field.id, position: i + 1, vault_id });
    return field;
  };
  const a1 = await stack('A1', ['100', '200', '300']);
  const a2 = await stack('A2', ['10', '20', '30']);
  const b1 = await stack('B1', ['900']);
  const b2 = await stack('B2', ['40', '50']);
  return { staff, warehouse, a1, a2, b1, b2 };
}

async function startAudit(
  staff: SignedInStaff,
  warehouse: Warehouse,
  scope:
    | { scope: 'field'; fieldId: number }
    | { scope: 'column'; column: string }
    | { scope: 'warehouse' },
): Promise<Audit> {
  const res = await staff.client.post('/api/audits', { warehouseId: warehouse.id, ...scope });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Audit;
}

function check(staff: SignedInStaff, audit: Audit, field: Field, seen: string[]) {
  return staff.client.put(`/api/audits/${audit.id}/fields/${field.id}`, { seen });
}

function fix(staff: SignedInStaff, audit: Audit, field: Field, vaultId: number, toStage = false) {
  return staff.client.post(`/api/audits/${audit.id}/fields/${field.id}/fix`, { vaultId, toStage });
}

const positions = (field: Field) =>
  Object.values(field.vaults)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((v) => [v.name, v.position]);

async function vaultIdOf(staff: SignedInStaff, name: string): Promise<number> {
  const res = await staff.client.get(`/api/vaults/lookup/${name}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number }).id;
}

describe('floor audit', () => {
  it('starts on a field, a column or a whole warehouse, and lists what was started', async () => {
    const { staff, warehouse, a1 } = await setup();
    const one = await startAudit(staff, warehouse, { scope: 'field', fieldId: a1.id });
    expectId(one.id);
    expect(one).toMatchObject({ scope: 'field', scope_label: 'field A1', started_by: staff.email });
    expect(one.fields.map((f) => f.field_name)).toEqual(['A1']);
    const column = await startAudit(staff, warehouse, { scope: 'column', column: 'b' });
    expect(column.fields.map((f) => f.field_name)).toEqual(['B1', 'B2', 'B3']);
    const whole = await startAudit(staff, warehouse, { scope: 'warehouse' });
    expect(whole.fields).toHaveLength(6);

    const list = await staff.client.get('/api/audits');
    expect(list.status).toBe(200);
    const ids = (list.body as AuditSummary[]).map((a) => a.id);
    expect(ids).toEqual([whole.id, column.id, one.id]);

    const noColumn = await staff.client.post('/api/audits', {
      warehouseId: warehouse.id,
      scope: 'column',
      column: 'Q',
    });
    expect(noColumn.status).toBe(404);
    const noField = await staff.client.post('/api/audits', {
      warehouseId: warehouse.id,
      scope: 'field',
    });
    expect(noField.status).toBe(400);
    expect(errorOf(noField).message).toBe('Choose a field to audit.');
  });

  it('compares a field with the records and changes nothing until a fix is tapped', async () => {
    const { staff, warehouse, a1 } = await setup();
    const audit = await startAudit(staff, warehouse, { scope: 'field', fieldId: a1.id });
    const res = await check(staff, audit, a1, ['100', '200', '900', 'NOPE']);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const field = (res.body as Audit).fields[0];
    expect(field?.seen).toEqual(['100', '200', '900', 'NOPE']);
    expect(field?.findings.map((f) => [f.vault_name, f.status, f.recorded_place])).toEqual([
      ['100', 'in_place', null],
      ['200', 'in_place', null],
      ['900', 'elsewhere', `${warehouse.name}, field B1, position 1`],
      ['NOPE', 'unknown', null],
      ['300', 'missing', null],
    ]);
    expect((res.body as Audit).open_count).toBe(3);
    expect(positions(await getField(staff, warehouse.id, a1.id))).toEqual([
      ['100', 1],
      ['200', 2],
      ['300', 3],
    ]);
  });

  it('fixes a missing vault to the stage and a misplaced one into the field, with the audit in history', async () => {
    const { staff, warehouse, a1, b1 } = await setup();
    const audit = await startAudit(staff, warehouse, { scope: 'field', fieldId: a1.id });
    await check(staff, audit, a1, ['100', '200', '900']);
    const v900 = await vaultIdOf(staff, '900');
    const v300 = await vaultIdOf(staff, '300');

    // A1 is full in the records while 300 still stands there: say so, and offer the stage.
    const full = await fix(staff, audit, a1, v900);
    expect(full.status).toBe(409);
    expect(errorOf(full)).toMatchObject({
      code: 'AUDIT_FIX_NOT_POSSIBLE',
      message:
        'Field A1 has no free slot in the records (3 of 3 taken). Fix the vaults recorded here but not found first, or put vault 900 on the stage.',
    });

    const missing = await fix(staff, audit, a1, v300);
    expect(missing.status, JSON.stringify(missing.body)).toBe(200);
    expect((missing.body as { message: string }).message).toBe(
      'Vault 300 was not found in field A1 and is now recorded on the stage.',
    );
    const moved = await fix(staff, audit, a1, v900);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body as { message: string }).message).toBe(
      'Vault 900 is now recorded in field A1, position 3.',
    );
    const after = (moved.body as { audit: Audit }).audit;
    expect(after.open_count).toBe(0);
    expect(after.fields[0]?.findings.find((f) => f.vault_name === '900')?.fixed).toMatchObject({
      by: staff.email,
      action: 'moved here, position 3',
    });
    expect(positions(await getField(staff, warehouse.id, a1.id))).toEqual([
      ['100', 1],
      ['200', 2],
      ['900', 3],
    ]);
    expect(Object.keys((await getField(staff, warehouse.id, b1.id)).vaults)).toEqual([]);

    const history = await staff.client.get(`/api/vaults/${v900}/history`);
    expect((history.body as VaultEvent[])[0]).toMatchObject({
      kind: 'moved',
      details: { reason: { kind: 'audit', id: audit.id }, to: { field: 'A1', position: 3 } },
    });
    const staged = await staff.client.get(`/api/vaults/${v300}/history`);
    expect((staged.body as VaultEvent[])[0]).toMatchObject({
      kind: 'staged',
      details: { reason: { kind: 'audit', id: audit.id } },
    });

    const again = await fix(staff, audit, a1, v900);
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('AUDIT_NOTHING_TO_FIX');
  });

  it('restacks the records in the order seen, through the stage', async () => {
    const { staff, warehouse, a2 } = await setup();
    const audit = await startAudit(staff, warehouse, { scope: 'field', fieldId: a2.id });
    const checked = await check(staff, audit, a2, ['10', '30', '20']);
    expect(
      (checked.body as Audit).fields[0]?.findings.map((f) => [f.vault_name, f.status]),
    ).toEqual([
      ['10', 'in_place'],
      ['30', 'order_differs'],
      ['20', 'order_differs'],
    ]);
    const res = await fix(staff, audit, a2, await vaultIdOf(staff, '30'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { audit: Audit }).audit.open_count).toBe(0);
    expect(positions(await getField(staff, warehouse.id, a2.id))).toEqual([
      ['10', 1],
      ['30', 2],
      ['20', 3],
    ]);
  });

  it('says why a vault under others cannot move, and stages a topmost one on request', async () => {
    const { staff, warehouse, b2 } = await setup();
    const a3 = fieldByName(warehouse, 'A3');
    const audit = await startAudit(staff, warehouse, { scope: 'field', fieldId: a3.id });
    await check(staff, audit, a3, ['40', '50']);
    const buried = await fix(staff, audit, a3, await vaultIdOf(staff, '40'));
    expect(buried.status).toBe(409);
    expect(errorOf(buried)).toMatchObject({
      code: 'AUDIT_FIX_NOT_POSSIBLE',
      message: `Vault 40 is recorded in ${warehouse.name}, field B2, position 1, under other vaults, and only the topmost vault of a field moves. Audit field B2 and fix the vaults above it first.`,
    });
    const v50 = await vaultIdOf(staff, '50');
    const staged = await fix(staff, audit, a3, v50, true);
    expect(staged.status, JSON.stringify(staged.body)).toBe(200);
    expect((staged.body as { message: string }).message).toBe(
      'Vault 50 is now recorded on the stage.',
    );
    expect(positions(await getField(staff, warehouse.id, b2.id))).toEqual([['40', 1]]);
  });

  it('lets two people check different fields of one warehouse audit at once', async () => {
    const { staff, warehouse, a1, a2 } = await setup();
    const email = `second-${Date.now()}@example.com`;
    await createUser(app.deps.db, {
      companyId: staff.user.companyId,
      email,
      password: TEST_PASSWORD,
    });
    const second = new HttpClient(app.baseUrl);
    expect((await second.post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const audit = await startAudit(staff, warehouse, { scope: 'warehouse' });
    const [one, two] = await Promise.all([
      check(staff, audit, a1, ['100', '200', '300']),
      second.put(`/api/audits/${audit.id}/fields/${a2.id}`, { seen: ['10', '20', '30'] }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const res = await staff.client.get(`/api/audits/${audit.id}`);
    const fields = (res.body as Audit).fields;
    expect(fields.find((f) => f.field_name === 'A1')?.checked_by).toBe(staff.email);
    expect(fields.find((f) => f.field_name === 'A2')?.checked_by).toBe(email);
    expect((res.body as Audit).checked_count).toBe(2);
  });

  it('exports an audit as CSV and PDF', async () => {
    const { staff, warehouse, a1 } = await setup();
    const audit = await startAudit(staff, warehouse, { scope: 'column', column: 'A' });
    await check(staff, audit, a1, ['100', '=cmd', '300']);
    const csv = await staff.client.get(`/api/audits/${audit.id}/audit.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="audit-${audit.id}.csv"`,
    );
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Field,Status,Vault,Seen at position,Recorded at position,Recorded elsewhere at,Fixed,Fixed by,Fixed at',
      'A1,Found in place,100,1,1,,,,',
      "A1,Not in the records,'=cmd,2,,,,,",
      'A1,Found in place,300,3,3,,,,',
      'A1,"Recorded here, not found",200,,2,,,,',
      'A2,Not checked',
      'A3,Not checked',
    ]);
    const pdf = await staff.client.get(`/api/audits/${audit.id}/audit.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 for another company, a missing audit or a field outside the audit', async () => {
    const { staff, warehouse, a1, a2 } = await setup();
    const audit = await startAudit(staff, warehouse, { scope: 'field', fieldId: a1.id });
    const other = await makeCompanyWithUser(app);
    const v100 = await vaultIdOf(staff, '100');
    for (const res of [
      await other.client.get(`/api/audits/${audit.id}`),
      await other.client.put(`/api/audits/${audit.id}/fields/${a1.id}`, { seen: ['100'] }),
      await other.client.post(`/api/audits/${audit.id}/fields/${a1.id}/fix`, { vaultId: v100 }),
      await other.client.get(`/api/audits/${audit.id}/audit.csv`),
      await other.client.get(`/api/audits/${audit.id}/audit.pdf`),
      await other.client.post('/api/audits', { warehouseId: warehouse.id, scope: 'warehouse' }),
      await staff.client.get(`/api/audits/${MISSING_ID}`),
      await staff.client.put(`/api/audits/${audit.id}/fields/${a2.id}`, { seen: [] }),
    ]) {
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
    expect((await other.client.get('/api/audits')).body).toEqual([]);
    // The other company's scan of the same numbers finds none of this company's vaults.
    const theirs = await makeWarehouse(other);
    const theirAudit = await startAudit(other, theirs, { scope: 'warehouse' });
    const field = theirAudit.fields[0];
    const res = await other.client.put(`/api/audits/${theirAudit.id}/fields/${field?.field_id}`, {
      seen: ['100'],
    });
    expect((res.body as Audit).fields[0]?.findings[0]?.status).toBe('unknown');
  });

  it('refuses bad scans with a sentence, and fixes before a check', async () => {
    const { staff, warehouse, a1 } = await setup();
    const audit = await startAudit(staff, warehouse, { scope: 'field', fieldId: a1.id });
    const bad = await check(staff, audit, a1, ['100', ' ']);
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('A vault number cannot be blank.');
    const early = await fix(staff, audit, a1, await vaultIdOf(staff, '100'));
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe('AUDIT_FIELD_NOT_CHECKED');
  });
});

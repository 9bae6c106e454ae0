import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PrintVault } from '../../src/contracts/print';
import type { Vault, VaultEvent } from '../../src/contracts/vaults';
import { makeCompanyWithUser, makeWarehouse } from '../support/factories';
import { csvText, previewImport, runImport, uploadImport } from '../support/import-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const HEADER = ['Vault', 'Customer', 'Order', 'Type', 'Warehouse', 'Field', 'Position', 'Note'];

async function printList(staff: Awaited<ReturnType<typeof makeCompanyWithUser>>) {
  const res = await staff.client.get('/api/vaults/all');
  expect(res.status).toBe(200);
  return res.body as PrintVault[];
}

describe('importing vaults from a spreadsheet', () => {
  it('places vaults, stages rows without a place, and records an imported event per vault', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2, field_capacity: 3 });
    const file = csvText([
      HEADER,
      ['101', 'smith ', 'o-1', 'vault', 'Main', 'A1', 1, 'fragile'],
      ['102', 'Smith', 'o-1', 'liftvan', 'main', 'a1', 2, ''],
      ['103', 'Jones', '', '', 'Main', 'B2', '', ''],
      ['104', 'Jones', '', '', '', '', '', 'no place'],
    ]);
    const job = await runImport(staff, file);
    expect(job.status, job.message ?? '').toBe('done');
    expect(job.result).toEqual({ created: 4, updated: 0, unchanged: 0, refused: 0 });
    const list = await printList(staff);
    const byName = new Map(list.map((v) => [v.name, v]));
    expect(byName.get('101')).toMatchObject({
      customer_name: 'SMITH',
      field_name: 'A1',
      position: 1,
      warehouse_name: 'Main',
      note: 'fragile',
    });
    expect(byName.get('102')).toMatchObject({ type: 'liftvan', field_name: 'A1', position: 2 });
    expect(byName.get('103')).toMatchObject({ field_name: 'B2', position: 1 });
    expect(byName.get('104')).toMatchObject({ field_name: 'staged', position: null });

    const vault = (await staff.client.get('/api/vaults/lookup/101')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history).toHaveLength(1);
    expect(history[0]?.kind).toBe('imported');
    expect(history[0]?.details).toMatchObject({
      import_id: job.id,
      file_name: 'vaults.csv',
      action: 'created',
      to: { warehouse: 'Main', field: 'A1', position: 1 },
    });
  });

  it('changes nothing when the same file is imported twice', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    const file = csvText([
      HEADER,
      ['201', 'Smith', 'O1', 'vault', 'Main', 'A1', 1, ''],
      ['202', 'Smith', 'O1', 'vault', 'Main', 'A1', 2, ''],
      ['203', 'Lee', '', 'vault', '', '', '', ''],
    ]);
    const first = await runImport(staff, file);
    expect(first.result).toMatchObject({ created: 3 });
    const before = await printList(staff);
    const second = await runImport(staff, file);
    expect(second.status).toBe('done');
    expect(second.result).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
    expect(await printList(staff)).toEqual(before);
    const vault = (await staff.client.get('/api/vaults/lookup/201')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history).toHaveLength(1);
  });

  it("maps the Print Studio export's own columns and reimports it unchanged", async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    await runImport(
      staff,
      csvText([
        HEADER,
        ['301', 'Smith', 'O1', 'vault', 'Main', 'A1', 1, '-fragile-'],
        ['302', 'Smith', '', 't2', 'Main', 'B1', 1, ''],
        ['303', 'EMPTY', '', 'vault', '', '', '', ''],
      ]),
    );
    const exported = await staff.client.get('/api/print/vaults.csv');
    expect(exported.status).toBe(200);
    const job = await uploadImport(staff, exported.text);
    expect(job.suggested_mapping).toMatchObject({
      vault_number: 0,
      customer: 1,
      type: 2,
      position: 3,
      field: 4,
      warehouse: 5,
      note: 6,
      order: null,
    });
    const preview = await previewImport(staff, job);
    expect(preview.counts).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
  });

  it('moves a vault named again to its new place and keeps who stands where in order', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
    await runImport(
      staff,
      csvText([
        HEADER,
        ['401', 'Smith', '', '', 'Main', 'A1', 1, ''],
        ['402', 'Smith', '', '', 'Main', 'A1', 2, ''],
      ]),
    );
    const job = await runImport(
      staff,
      csvText([HEADER, ['402', 'Smith', '', '', 'Main', 'B1', 1, '']]),
    );
    expect(job.result).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    const byName = new Map((await printList(staff)).map((v) => [v.name, v]));
    expect(byName.get('402')).toMatchObject({ field_name: 'B1', position: 1 });
    const vault = (await staff.client.get('/api/vaults/lookup/402')).body as Vault;
    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    expect(history[0]?.details).toMatchObject({
      action: 'moved',
      from: { warehouse: 'Main', field: 'A1', position: 2 },
      to: { warehouse: 'Main', field: 'B1', position: 1 },
    });

    // 401 is below nothing now, but a vault under another cannot be lifted out.
    const blocked = await runImport(
      staff,
      csvText([HEADER, ['403', 'Smith', '', '', 'Main', 'A1', 2, '']]),
    );
    expect(blocked.status).toBe('done');
    const refused = await runImport(
      staff,
      csvText([HEADER, ['401', 'Smith', '', '', 'Main', 'B2', 1, '']]),
    );
    expect(refused.status).toBe('refused');
    expect(refused.rows_refused).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { PrintVault } from '../../src/contracts/print';
import { makeCompanyWithUser, makeWarehouse, fieldId } from '../support/factories';
import { sqlInsertVault } from '../support/sql-builders';
import { makeVault } from '../support/vault-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

describe('the print list', () => {
  it('sorts by warehouse, then field as the grid orders it, then position; staged vaults show field "staged"', async () => {
    const staff = await makeCompanyWithUser(app);
    const b = await makeWarehouse(staff, { name: 'Warehouse B', rows: 10, cols: 28 });
    const a = await makeWarehouse(staff, { name: 'warehouse a', rows: 2, cols: 1 });
    await sqlInsertVault(app, staff, {
      name: '7',
      customer: 'SMITH',
      fieldId: fieldId(b, 'A10'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      name: '6',
      customer: 'SMITH',
      fieldId: fieldId(b, 'AA1'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      name: '5',
      customer: 'SMITH',
      fieldId: fieldId(b, 'B1'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      name: '4',
      customer: 'SMITH',
      fieldId: fieldId(b, 'A2'),
      position: 3,
    });
    await sqlInsertVault(app, staff, {
      name: '3',
      customer: 'SMITH',
      fieldId: fieldId(b, 'A2'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      name: '2',
      customer: 'JONES',
      fieldId: fieldId(a, 'A1'),
      position: 2,
    });
    await sqlInsertVault(app, staff, {
      name: '10',
      customer: 'STAGED ONE',
      oldFieldId: fieldId(b, 'A2'),
    });
    await sqlInsertVault(app, staff, {
      name: '9',
      customer: 'STAGED TWO',
      oldFieldId: fieldId(b, 'A1'),
    });
    await sqlInsertVault(app, staff, { name: '11', customer: null, type: 'liftvan' });

    const res = await staff.client.get('/api/vaults/all');
    expect(res.status).toBe(200);
    const rows = (res.body as PrintVault[]).map((v) => [
      v.warehouse_name,
      v.field_name,
      v.position,
      v.name,
    ]);
    expect(rows).toEqual([
      ['warehouse a', 'A1', 2, '2'],
      ['Warehouse B', 'A2', 1, '3'],
      ['Warehouse B', 'A2', 3, '4'],
      ['Warehouse B', 'A10', 1, '7'],
      ['Warehouse B', 'B1', 1, '5'],
      ['Warehouse B', 'AA1', 1, '6'],
      ['Warehouse B', 'staged', null, '9'],
      ['Warehouse B', 'staged', null, '10'],
      ['', 'staged', null, '11'],
    ]);
    expect((res.body as PrintVault[])[8]).toMatchObject({ customer_name: '', type: 'liftvan' });
  });

  it("shows only the caller's company and needs a session", async () => {
    const staff = await makeCompanyWithUser(app);
    const other = await makeCompanyWithUser(app);
    const w = await makeWarehouse(other);
    await sqlInsertVault(app, other, {
      name: '1',
      customer: 'OTHER',
      fieldId: fieldId(w, 'A1'),
      position: 1,
    });
    expect((await staff.client.get('/api/vaults/all')).body).toEqual([]);
    // fetch's text() drops the byte-order mark; the header row alone is left.
    expect((await staff.client.get('/api/print/vaults.csv')).text.replace(/^\uFEFF/, '')).toBe(
      'Vault Name,Customer Name,Vault Type,Position,Field Name,Warehouse Name,Notes,Weight\r\n',
    );
    const { HttpClient } = await import('../support/http-client');
    const anonymous = new HttpClient(app.baseUrl);
    expect((await anonymous.get('/api/vaults/all')).status).toBe(401);
    expect((await anonymous.get('/api/print/vaults.csv')).status).toBe(401);
  });

  it('lists every held vault once when the company holds more than one statement reads', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 1 });
    const held = 10_007;
    // Staged vaults: no field has room for ten thousand. A released vault stays off the list.
    await app.deps.db.execute(sql`
      INSERT INTO vaults (company_id, name, old_field_id, released_on)
      SELECT ${staff.user.companyId}, 'P' || g, ${fieldId(w, 'A1')},
             CASE WHEN g > ${held} THEN current_date END
        FROM generate_series(1, ${held + 3}) g`);
    const names = ((await staff.client.get('/api/vaults/all')).body as PrintVault[]).map(
      (v) => v.name,
    );
    expect(names).toHaveLength(held);
    expect(new Set(names).size).toBe(held);
    expect(names).toContain(`P${held}`);
    expect(names).not.toContain(`P${held + 1}`);
  });
});

describe('the print list after writes', () => {
  it('follows every write, to staged vaults too, in the list and in the CSV', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'Main' });
    const vault = await makeVault(staff, {
      vault_id: '1',
      field_id: fieldId(w, 'A1'),
      position: 1,
    });
    const list = async () => (await staff.client.get('/api/vaults/all')).body as PrintVault[];
    const csvNotes = async () =>
      (parse((await staff.client.get('/api/print/vaults.csv')).text, { bom: true }) as string[][])
        .slice(1)
        .map((row) => row[6]);
    expect(await list()).toMatchObject([{ name: '1', field_name: 'A1', note: '' }]);

    expect((await staff.client.post(`/api/stage/vaults/${vault.id}`)).status).toBe(200);
    expect(await list()).toMatchObject([
      { name: '1', field_name: 'staged', warehouse_name: 'Main' },
    ]);

    // A staged vault belongs to no warehouse, so no warehouse version tells of this edit.
    const edit = await staff.client.put(`/api/vaults/${vault.id}`, {
      name: '1',
      customer_name: 'JONES',
      note: 'fragile',
    });
    expect(edit.status).toBe(200);
    expect(await list()).toMatchObject([
      { name: '1', field_name: 'staged', customer_name: 'JONES', note: 'fragile' },
    ]);
    expect(await csvNotes()).toEqual(['fragile']);

    await sqlInsertVault(app, staff, { name: '2', customer: 'BROWN', type: 'liftvan' });
    expect((await list()).map((v) => v.name)).toEqual(['1', '2']);
    expect(await csvNotes()).toEqual(['fragile', '']);
  });
});

describe('the CSV export', () => {
  it('downloads vaults.csv whose cells survive a CSV parser and never run as formulas', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'Naglee, "Main"' });
    await sqlInsertVault(app, staff, {
      name: '1',
      customer: '=HYPERLINK("HTTP://EVIL")',
      fieldId: fieldId(w, 'A1'),
      position: 1,
      note: 'Fragile, "handle" with care\nsecond line',
    });
    await sqlInsertVault(app, staff, {
      name: '2',
      customer: '+SUM(1)',
      fieldId: fieldId(w, 'A1'),
      position: 2,
      note: '@cmd',
    });
    await sqlInsertVault(app, staff, {
      name: '3',
      customer: '-2',
      fieldId: fieldId(w, 'A1'),
      position: 3,
      note: '\tTAB',
    });

    const res = await staff.client.get('/api/print/vaults.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="vaults.csv"');
    const rows = parse(res.text, { bom: true }) as string[][];
    expect(rows).toEqual([
      [
        'Vault Name',
        'Customer Name',
        'Vault Type',
        'Position',
        'Field Name',
        'Warehouse Name',
        'Notes',
        'Weight',
      ],
      [
        '1',
        `'=HYPERLINK("HTTP://EVIL")`,
        'vault',
        '1',
        'A1',
        'Naglee, "Main"',
        'Fragile, "handle" with care\nsecond line',
        '',
      ],
      ['2', "'+SUM(1)", 'vault', '2', 'A1', 'Naglee, "Main"', "'@cmd", ''],
      ['3', "'-2", 'vault', '3', 'A1', 'Naglee, "Main"', "'\tTAB", ''],
    ]);
  });
});

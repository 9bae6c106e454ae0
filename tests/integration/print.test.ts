import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { PrintVault } from '../../src/contracts/print';
import { printListGroups, printListParts } from '../../src/server/features/print/print.repository';
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
      'Vault Name,Customer Name,Vault Type,Position,Field Name,Warehouse Name,Notes\r\n',
    );
    const { HttpClient } = await import('../support/http-client');
    const anonymous = new HttpClient(app.baseUrl);
    expect((await anonymous.get('/api/vaults/all')).status).toBe(401);
    expect((await anonymous.get('/api/print/vaults.csv')).status).toBe(401);
  });
});

describe('the kept print list', () => {
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
  it('redoes only the warehouse a write touched, and the kept list always equals one read from nothing', async () => {
    const staff = await makeCompanyWithUser(app);
    const north = await makeWarehouse(staff, { name: 'North' });
    const south = await makeWarehouse(staff, { name: 'south' });
    const middle = await makeWarehouse(staff, { name: 'Middle' });
    const add = (w: typeof north, id: string, position: number) =>
      makeVault(staff, { vault_id: id, field_id: fieldId(w, 'A1'), position });
    await add(north, 'N1', 1);
    await add(north, 'N2', 2);
    await add(south, 'S1', 1);
    const m1 = await add(middle, 'M1', 1);
    const list = async () => (await staff.client.get('/api/vaults/all')).body as PrintVault[];
    // Every group read by the statement itself, nothing kept: what the list must equal.
    const fromNothing = async () => {
      const groups = await printListGroups(app.deps.db, staff.user.companyId);
      const parts = await printListParts(
        app.deps.db,
        staff.user.companyId,
        groups.map((g) => g.warehouseId),
      );
      const texts = groups.flatMap((g) => {
        const text = parts.find((p) => p.warehouseId === g.warehouseId)?.json ?? '';
        return text === '' ? [] : [text];
      });
      return JSON.parse(`[${texts.join(',')}]`) as PrintVault[];
    };
    const names = (vaults: PrintVault[]) => vaults.map((v) => `${v.warehouse_name}/${v.name}`);

    expect(names(await list())).toEqual(['Middle/M1', 'North/N1', 'North/N2', 'south/S1']);
    expect(await list()).toEqual(await fromNothing());

    await add(south, 'S2', 2);
    expect(names(await list())).toEqual([
      'Middle/M1',
      'North/N1',
      'North/N2',
      'south/S1',
      'south/S2',
    ]);
    expect(await list()).toEqual(await fromNothing());

    // Staged from Middle: it prints under Middle, and only a digest of staged vaults tells.
    expect((await staff.client.post(`/api/stage/vaults/${m1.id}`)).status).toBe(200);
    const staged = await list();
    expect(staged[0]).toMatchObject({ name: 'M1', field_name: 'staged', warehouse_name: 'Middle' });
    expect(staged).toEqual(await fromNothing());
    const edit = await staff.client.put(`/api/vaults/${m1.id}`, {
      name: 'M1',
      customer_name: 'JONES',
      note: 'by the door',
    });
    expect(edit.status).toBe(200);
    expect((await list())[0]).toMatchObject({ name: 'M1', note: 'by the door' });
    expect(await list()).toEqual(await fromNothing());

    // A staged vault whose field is gone prints last, in a group of its own.
    await sqlInsertVault(app, staff, { name: 'LOOSE', customer: 'BROWN' });
    expect(names(await list()).at(-1)).toBe('/LOOSE');
    expect(await list()).toEqual(await fromNothing());

    expect((await staff.client.delete(`/api/warehouse/${north.id}`)).status).toBe(200);
    expect(names(await list())).not.toContain('North/N1');
    expect(await list()).toEqual(await fromNothing());
  });
});

describe('the print list on the wire', () => {
  it('is sent in gzip as kept, even to a client that prefers Brotli, with an ETag that follows writes', async () => {
    const staff = await makeCompanyWithUser(app);
    const north = await makeWarehouse(staff, { name: 'North' });
    const south = await makeWarehouse(staff, { name: 'South' });
    // Enough vaults that the answer is compressed at all (over 1 KB).
    for (let i = 1; i <= 20; i++) {
      await sqlInsertVault(app, staff, {
        name: String(i),
        customer: `CUSTOMER ${i}`,
        fieldId: fieldId(i % 2 ? north : south, 'A1'),
        position: Math.ceil(i / 2),
      });
    }
    const get = (headers: Record<string, string>) =>
      staff.client.request('GET', '/api/vaults/all', { headers });
    const names = (body: unknown) => (body as PrintVault[]).map((v) => v.name);

    const preferred = await get({ 'accept-encoding': 'br, gzip' });
    expect(preferred.headers.get('content-encoding')).toBe('gzip');
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(preferred.body).toEqual(plain.body);
    expect(names(plain.body)).toHaveLength(20);
    const onlyBrotli = await get({ 'accept-encoding': 'br' });
    expect(onlyBrotli.headers.get('content-encoding')).toBe('br');
    expect(onlyBrotli.body).toEqual(plain.body);

    const etag = preferred.headers.get('etag') ?? '';
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
    const vault = (plain.body as PrintVault[])[0];
    if (!vault) throw new Error('a vault');
    const edit = await staff.client.put(`/api/vaults/${vault.id}`, {
      name: vault.name,
      customer_name: vault.customer_name,
      note: 'moved to the front',
    });
    expect(edit.status).toBe(200);
    const changed = await get({ 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(changed.status).toBe(200);
    expect((changed.body as PrintVault[])[0]?.note).toBe('moved to the front');
    expect(changed.headers.get('etag')).not.toBe(etag);
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
      ],
      [
        '1',
        `'=HYPERLINK("HTTP://EVIL")`,
        'vault',
        '1',
        'A1',
        'Naglee, "Main"',
        'Fragile, "handle" with care\nsecond line',
      ],
      ['2', "'+SUM(1)", 'vault', '2', 'A1', 'Naglee, "Main"', "'@cmd"],
      ['3', "'-2", 'vault', '3', 'A1', 'Naglee, "Main"', "'\tTAB"],
    ]);
  });
});

import crypto from 'node:crypto';
import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Warehouse, WarehouseSummary } from '../../src/contracts/warehouses';
import type { VaultEvent } from '../../src/contracts/vault-events';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { makeVault } from '../support/vault-factories';
import { attachmentKeysOf, isOnDisk } from '../support/files';
import { startTestApp, type TestApp } from '../support/test-app';
import { queryRows } from '../../src/server/db/client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

const fieldNames = (w: Warehouse) =>
  Object.values(w.fields)
    .map((f) => f.name)
    .sort();

describe('adding a warehouse', () => {
  it('creates rows x cols fields named by column letters and row numbers', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, {
      name: 'Naglee Main Warehouse',
      rows: 12,
      cols: 2,
      field_capacity: 3,
    });
    expect(w).toMatchObject({
      name: 'Naglee Main Warehouse',
      slug: 'naglee-main-warehouse',
      rows: 12,
      cols: 2,
      fieldCapacity: 3,
      warehouseCapacity: 72,
      fieldgridLocation: { x: 0, y: 0 },
      racks: [],
      customers: [],
      orders: [],
    });
    const names = fieldNames(w);
    expect(names).toHaveLength(24);
    expect(names).toContain('A1');
    expect(names).toContain('A12');
    expect(names).toContain('B12');
    expect(
      Object.values(w.fields).every(
        (f) => f.type === 'vault' && !f.full && f.warehouse_id === w.id,
      ),
    ).toBe(true);
  });

  it('names columns past Z', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 28 });
    expect(fieldNames(w)).toEqual(expect.arrayContaining(['Z1', 'AA1', 'AB1']));
  });

  it.each([
    [{ rows: 0 }, 'Rows must be at least 1.'],
    [{ cols: 1.5 }, 'Columns must be a whole number.'],
    [{ field_capacity: 11 }, 'Field capacity must be at most 10.'],
    [{ length: -1 }, 'Length must be greater than 0.'],
    [{ width: 'wide' }, 'Width must be a number.'],
    [{ name: '   ' }, 'Name is required.'],
  ])('refuses %o with "%s"', async (override, message) => {
    const staff = await makeCompanyWithUser(app);
    const res = await staff.client.post('/api/warehouse/add-warehouse', {
      name: 'Bad',
      rows: 2,
      cols: 2,
      field_capacity: 3,
      length: 10,
      width: 10,
      ...override,
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: string[] }).errors).toContain(message);
  });

  it('refuses a missing field and lists it', async () => {
    const staff = await makeCompanyWithUser(app);
    const res = await staff.client.post('/api/warehouse/add-warehouse', { name: 'No size' });
    expect(res.status).toBe(400);
    expect((res.body as { errors: string[] }).errors).toEqual(
      expect.arrayContaining(['Rows is required.', 'Width is required.']),
    );
  });

  it('refuses a name already used in the company, ignoring case, but allows it in another company', async () => {
    const staff = await makeCompanyWithUser(app);
    await makeWarehouse(staff, { name: 'Warehouse 1' });
    const again = await staff.client.post('/api/warehouse/add-warehouse', {
      name: 'WAREHOUSE 1',
      rows: 1,
      cols: 1,
      field_capacity: 3,
      length: 10,
      width: 10,
    });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(
      'A warehouse named "WAREHOUSE 1" already exists.',
    );

    const other = await makeCompanyWithUser(app);
    await makeWarehouse(other, { name: 'Warehouse 1' });
  });
});

describe('reading warehouses', () => {
  it('lists the company warehouses in full, by id, slug and company', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: 'Warehouse 3' });
    const byCompany = await staff.client.get(`/api/warehouse/company/${staff.user.companyId}`);
    expect(byCompany.status).toBe(200);
    expect((byCompany.body as Warehouse[]).map((x) => x.name)).toEqual(['Warehouse 3']);

    const byId = await staff.client.get(`/api/warehouse/${w.id}`);
    expect((byId.body as Warehouse).id).toBe(w.id);
    const bySlug = await staff.client.get('/api/warehouse/by-slug/warehouse-3');
    expect((bySlug.body as Warehouse).id).toBe(w.id);
  });

  it('sends a warehouse compressed to a client that accepts it, and plain to one that does not', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 20, cols: 10 });
    const plain = await staff.client.request('GET', `/api/warehouse/${w.id}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const packed = await staff.client.request('GET', `/api/warehouse/${w.id}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(packed.body).toEqual(plain.body);
    }
  });

  it('sends the large answers a write builds (a vault delete, a dimension change) compressed, equal to the plain ones', async () => {
    const staff = await makeCompanyWithUser(app);
    // 1,000 fields: these answers pass 64 KB, where compressing leaves the HTTP thread.
    const w = await makeWarehouse(staff, { rows: 40, cols: 25, field_capacity: 3 });
    const [first, second] = Object.values(w.fields);
    if (!first || !second) throw new Error('The warehouse has no fields');
    const plainWarehouse = async () =>
      (
        await staff.client.request('GET', `/api/warehouse/${w.id}`, {
          headers: { 'accept-encoding': 'identity' },
        })
      ).body;
    const plainField = async (fieldId: number) =>
      (await staff.client.get(`/api/warehouse/${w.id}/${fieldId}`)).body;
    for (const [encoding, field] of [
      ['br', first],
      ['gzip', second],
    ] as const) {
      const vault = await makeVault(staff, { field_id: field.id, position: 1 });
      const deleted = await staff.client.request('DELETE', `/api/vaults/${vault.id}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(deleted.status).toBe(200);
      expect(deleted.headers.get('content-encoding')).toBe(encoding);
      expect(deleted.body).toEqual({
        vaultId: vault.id,
        field: await plainField(field.id),
        warehouse: await plainWarehouse(),
      });
    }
    const changed = await staff.client.request('PATCH', `/api/warehouse/${w.id}/edit-dimensions`, {
      json: { length: 300 },
      headers: { 'accept-encoding': 'br' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-encoding')).toBe('br');
    expect(changed.body).toEqual({ warehouse: await plainWarehouse() });
    expect((changed.body as { warehouse: Warehouse }).warehouse.length).toBe(300);
  });

  it('summarises occupancy from non-empty vaults, counted in the database', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 1, field_capacity: 3 });
    const fieldId = Object.keys(w.fields)[0];
    const companyId = staff.user.companyId;
    await app.deps.db.execute(sql`
      WITH c AS (INSERT INTO customers (company_id, name) VALUES (${companyId}, 'JOHNSON') RETURNING id),
           e AS (INSERT INTO customers (company_id, name) VALUES (${companyId}, 'EMPTY VAULT') RETURNING id)
      INSERT INTO vaults (company_id, name, customer_id, field_id, position)
      VALUES (${companyId}, 'S1', (SELECT id FROM c), ${fieldId}, 1),
             (${companyId}, 'S2', (SELECT id FROM e), ${fieldId}, 2)`);
    const res = await staff.client.get('/api/warehouse/summaries');
    const summary = (res.body as WarehouseSummary[])[0];
    expect(summary).toMatchObject({
      vaultCount: 2,
      nonEmptyVaultCount: 1,
      warehouseCapacity: 3,
      occupancy: 33,
    });

    const full = (await staff.client.get(`/api/warehouse/${w.id}`)).body as Warehouse;
    expect(full.customers).toEqual(['EMPTY VAULT', 'JOHNSON']);
    const vaults = Object.values(full.fields[fieldId ?? '']?.vaults ?? {});
    expect(vaults.map((v) => v.name).sort()).toEqual(['S1', 'S2']);
  });

  it('answers an unknown id or slug with 404', async () => {
    const staff = await makeCompanyWithUser(app);
    expect((await staff.client.get(`/api/warehouse/${MISSING_ID}`)).status).toBe(404);
    expect((await staff.client.get('/api/warehouse/by-slug/nowhere')).status).toBe(404);
    expect((await staff.client.get('/api/warehouse/not-a-uuid')).status).toBe(400);
  });

  it('refuses an id that is not a positive whole number with a sentence, never a 5xx', async () => {
    const staff = await makeCompanyWithUser(app);
    const uuid = crypto.randomUUID();
    for (const id of ['abc', '1.5', '-3', '0', '9007199254740993', '99999999999999999999', uuid]) {
      const res = await staff.client.get(`/api/warehouse/${id}`);
      expect(res.status, id).toBe(400);
      expect((res.body as { message: string }).message).toBe(
        'An id must be a positive whole number.',
      );
    }
  });
});

describe('deleting a warehouse', () => {
  it('removes it with its fields, vaults and their files, and keeps the vaults history', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { name: `Gone ${crypto.randomBytes(3).toString('hex')}` });
    const a1 = fieldByName(w, 'A1');
    const vault = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      vault_id: 'D1',
      attachment: { name: 'list.txt', type: 'text/plain', data: 'inventory' },
    });
    const [key] = await attachmentKeysOf(app, staff.user.companyId, vault.id);
    if (!key) throw new Error('The attachment was not stored');
    expect(isOnDisk(app, key)).toBe(true);
    const res = await staff.client.delete(`/api/warehouse/${w.id}`);
    expect(res.status).toBe(200);
    expect((await staff.client.get(`/api/warehouse/${w.id}`)).status).toBe(404);
    const left = await queryRows(
      app.deps.db,
      sql`SELECT count(*)::int AS n FROM fields WHERE warehouse_id = ${w.id}`,
    );
    expect(left).toEqual([{ n: 0 }]);
    expect(isOnDisk(app, key)).toBe(false);
    const history = await staff.client.get(`/api/vaults/${vault.id}/history`);
    expect(history.status).toBe(200);
    expect((history.body as VaultEvent[]).map((e) => [e.kind, e.details])).toEqual([
      [
        'deleted',
        { reason: 'warehouse deleted', from: { warehouse: w.name, field: 'A1', position: 1 } },
      ],
      ['created', expect.objectContaining({ to: { warehouse: w.name, field: 'A1', position: 1 } })],
    ]);
    expect((await staff.client.delete(`/api/warehouse/${w.id}`)).status).toBe(404);
  });
});

describe('names a URL path would misread', () => {
  it('give a warehouse a slug a link can carry, by which the warehouse is found', async () => {
    const staff = await makeCompanyWithUser(app);
    const cases: [string, string][] = [
      ['Main #2', 'main-2'],
      ['Dock? North', 'dock-north'],
      ['100% Storage', '100-storage'],
      ['A & B', 'a-b'],
      ['North\\East', 'north-east'],
      ['South\u2044West', 'south-west'],
    ];
    for (const [name, slug] of cases) {
      const w = await makeWarehouse(staff, { name });
      expect(w.slug).toBe(slug);
      const found = await staff.client.get(`/api/warehouse/by-slug/${encodeURIComponent(w.slug)}`);
      expect(found.status).toBe(200);
      expect((found.body as Warehouse).name).toBe(name);
    }
  });

  it('answer a malformed escape in a path like an unknown path', async () => {
    const staff = await makeCompanyWithUser(app);
    const res = await staff.client.get('/api/warehouse/by-slug/100%-storage');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('give a company a slug without double hyphens', async () => {
    const staff = await makeCompanyWithUser(
      app,
      `A & B Moving ${crypto.randomBytes(3).toString('hex')}`,
    );
    const rows = await queryRows<{ slug: string }>(
      app.deps.db,
      sql`SELECT slug FROM companies WHERE id = ${staff.user.companyId}`,
    );
    expect(rows[0]?.slug).toMatch(/^a-b-moving-[0-9a-f]{6}$/);
  });
});

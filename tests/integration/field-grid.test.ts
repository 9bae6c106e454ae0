import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddFieldsResponse, RemoveFieldsResponse } from '../../src/contracts/field-grid';
import type { Warehouse } from '../../src/contracts/warehouses';
import {
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
  fieldByName,
} from '../support/factories';
import { type ErrorReply } from '../support/racks-factories';
import { sqlPlaceVault, sqlSetFieldType } from '../support/sql-builders';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

type Change = Record<string, string | number | undefined>;

const formEntries = (change: Change): [string, string][] =>
  Object.entries(change).flatMap(([k, v]) =>
    v === undefined ? [] : [[k, String(v)] as [string, string]],
  );

/** Sends the spec's form data, the way the browser's FormData does. */
function asForm(change: Change): FormData {
  const form = new FormData();
  for (const [k, v] of formEntries(change)) form.append(k, v);
  return form;
}

const names = (fields: AddFieldsResponse['fields'] | Warehouse['fields']) =>
  Object.values(fields)
    .map((f) => f.name)
    .sort();

const grid = (rows: number, cols: number, letters: string[]) =>
  letters.flatMap((l) => Array.from({ length: rows }, (_, i) => `${l}${i + 1}`)).sort();

type Encoding = 'multipart' | 'urlencoded' | 'json';

async function change(
  staff: SignedInStaff,
  method: 'POST' | 'DELETE',
  body: Change,
  encoding: Encoding = 'multipart',
) {
  const sent =
    encoding === 'json'
      ? { json: body }
      : { form: encoding === 'multipart' ? asForm(body) : new URLSearchParams(formEntries(body)) };
  return staff.client.request(method, '/api/fields/', sent);
}

describe('adding fields', () => {
  it('adds columns on the right with the next letters', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2 });
    const res = await change(staff, 'POST', {
      warehouse_id: w.id,
      direction: 'right',
      opperation: 'plus',
      warehouse_cols: 2,
      warehouse_rows: 2,
      count: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as AddFieldsResponse;
    expect(body).toMatchObject({
      warehouseId: w.id,
      newWarehouseRowsCount: 2,
      newWarehouseColsCount: 4,
    });
    // Only the new fields, as a list a client merges by id.
    expect(Array.isArray(body.fields)).toBe(true);
    expect(names(body.fields)).toEqual(grid(2, 2, ['C', 'D']));
    const after = (await staff.client.get(`/api/warehouse/${w.id}`)).body as Warehouse;
    expect(after).toMatchObject({ rows: 2, cols: 4, warehouseCapacity: 24 });
  });

  it('adds columns on the left and shifts the existing letters, vaults and all', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2 });
    const a1 = fieldByName(w, 'A1');
    const b2 = fieldByName(w, 'B2');
    await sqlPlaceVault(app, staff.user.companyId, a1.id, 1, 'V-100');
    const res = await change(
      staff,
      'POST',
      { warehouse_id: w.id, direction: 'left', count: 2 },
      'json',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as AddFieldsResponse;
    expect(body.newWarehouseColsCount).toBe(4);
    // The new fields and every renamed one: the whole grid.
    expect(names(body.fields)).toEqual(grid(2, 4, ['A', 'B', 'C', 'D']));
    // The old A1 is now C1, with its vault; the old B2 is D2.
    const oldA1 = body.fields.find((f) => f.id === a1.id);
    expect(oldA1?.name).toBe('C1');
    expect(Object.values(oldA1?.vaults ?? {}).map((v) => [v.name, v.field_name])).toEqual([
      ['V-100', 'C1'],
    ]);
    expect(body.fields.find((f) => f.id === b2.id)?.name).toBe('D2');
  });

  it('adds rows at the bottom of every column', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2 });
    const res = await change(staff, 'POST', {
      warehouse_id: w.id,
      direction: 'bottom',
      opperation: 'plus',
      count: 1,
    });
    const body = res.body as AddFieldsResponse;
    expect(body).toMatchObject({ newWarehouseRowsCount: 3, newWarehouseColsCount: 2 });
    expect(names(body.fields)).toEqual(['A3', 'B3']);
  });

  it('continues the letters past Z', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 25 });
    const res = await change(staff, 'POST', { warehouse_id: w.id, direction: 'right', count: 3 });
    expect(names((res.body as AddFieldsResponse).fields)).toEqual(['AA1', 'AB1', 'Z1']);
    const left = await change(staff, 'POST', { warehouse_id: w.id, direction: 'left', count: 1 });
    const fields = (left.body as AddFieldsResponse).fields;
    expect(names(fields)).toEqual(expect.arrayContaining(['A1', 'AB1', 'AC1']));
    expect(fields).toHaveLength(29);
  });

  it('touches no other warehouse', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2 });
    const untouched = await makeWarehouse(staff, { rows: 2, cols: 2 });
    await change(staff, 'POST', { warehouse_id: w.id, direction: 'left', count: 1 });
    await change(staff, 'DELETE', { warehouse_id: w.id, direction: 'right', count: 1 });
    await change(staff, 'DELETE', { warehouse_id: w.id, direction: 'bottom', count: 1 });
    const after = (await staff.client.get(`/api/warehouse/${untouched.id}`)).body as Warehouse;
    expect(after).toMatchObject({ rows: 2, cols: 2 });
    expect(after.fields).toEqual(untouched.fields);
  });
});

describe('removing fields', () => {
  it('removes columns on the left and shifts the letters back', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 3 });
    const c1 = fieldByName(w, 'C1');
    const res = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'left',
      opperation: 'minus',
      warehouse_cols: 3,
      warehouse_rows: 2,
      count: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as RemoveFieldsResponse;
    expect(body).toMatchObject({ newWarehouseRowsCount: 2, newWarehouseColsCount: 2 });
    expect(names(body.fields)).toEqual(grid(2, 2, ['A', 'B']));
    expect(body.fields[c1.id]?.name).toBe('B1');
  });

  it('removes columns on the right and rows at the bottom, from JSON, multipart or url-encoded forms', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 3, cols: 3 });
    const right = await change(
      staff,
      'DELETE',
      { warehouse_id: w.id, direction: 'right', count: 2 },
      'json',
    );
    expect(names((right.body as RemoveFieldsResponse).fields)).toEqual(grid(3, 1, ['A']));
    // A plain HTML form or a script sends the same fields url-encoded.
    const bottom = await change(
      staff,
      'DELETE',
      { warehouse_id: w.id, direction: 'bottom', count: 2 },
      'urlencoded',
    );
    expect(bottom.status, bottom.text).toBe(200);
    expect(bottom.body).toMatchObject({ newWarehouseRowsCount: 1, newWarehouseColsCount: 1 });
    expect(names((bottom.body as RemoveFieldsResponse).fields)).toEqual(['A1']);
    const all = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'bottom',
      count: 1,
    });
    expect(all.body).toMatchObject({ fields: {}, newWarehouseRowsCount: 0 });
  });

  it('refuses removing fields that hold vaults, and changes nothing', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 3, cols: 2 });
    await sqlPlaceVault(app, staff.user.companyId, fieldByName(w, 'B3').id, 1, 'V-1');
    const res = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'bottom',
      count: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'FIELD_HAS_VAULTS',
      message:
        'Please remove all vaults from the row that you want to delete. B3 still holds vaults.',
    });
    const column = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'right',
      count: 1,
    });
    expect(column.status).toBe(409);
    const after = (await staff.client.get(`/api/warehouse/${w.id}`)).body as Warehouse;
    expect(after).toMatchObject({ rows: 3, cols: 2 });
    expect(names(after.fields)).toEqual(grid(3, 2, ['A', 'B']));
  });

  it('never leaves half of a couchbox pair', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 3, cols: 2 });
    await sqlSetFieldType(app, fieldByName(w, 'A2').id, 'couchbox-T');
    await sqlSetFieldType(app, fieldByName(w, 'A3').id, 'couchbox-B');
    const res = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'bottom',
      count: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'COUCHBOX_PAIR_SPLIT' });
    expect((res.body as ErrorReply).message).toContain('couchbox at A2');
    // Both halves may go together, and a whole column may go.
    const both = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'bottom',
      count: 2,
    });
    expect(both.status).toBe(200);
    expect(names((both.body as RemoveFieldsResponse).fields)).toEqual(['A1', 'B1']);
  });

  it('refuses removing more than there is', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 2, cols: 2 });
    const res = await change(staff, 'DELETE', { warehouse_id: w.id, direction: 'left', count: 3 });
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).message).toBe('Cannot remove 3 columns: the warehouse has 2.');
  });
});

describe('refusals', () => {
  it.each([
    [{ direction: 'top' }, 'Direction must be left, right or bottom.'],
    [{ count: 0 }, 'Count must be at least 1.'],
    [{ count: 'two' }, 'Count must be a number.'],
    [{ count: undefined }, 'Count is required.'],
    [{ warehouse_id: 'x' }, 'Warehouse id must be a valid id.'],
    [{ opperation: 'times' }, 'Operation must be plus or minus.'],
  ])('refuses %o with "%s"', async (override, message) => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await change(staff, 'POST', {
      warehouse_id: w.id,
      direction: 'right',
      count: 1,
      ...override,
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).errors).toContain(message);
  });

  it('refuses an operation that contradicts the method', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const res = await change(staff, 'POST', {
      warehouse_id: w.id,
      direction: 'right',
      count: 1,
      opperation: 'minus',
    });
    expect(res.status).toBe(400);
  });

  it('refuses a change based on a grid that changed meanwhile', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 3, cols: 2 });
    const res = await change(staff, 'DELETE', {
      warehouse_id: w.id,
      direction: 'right',
      warehouse_cols: 5,
      warehouse_rows: 3,
      count: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'FIELD_GRID_CHANGED',
      message:
        'The field grid changed since it was loaded: it now has 3 rows and 2 columns. Reload and try again.',
    });
  });

  it('refuses growing past the grid limit', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 1, cols: 1 });
    const res = await change(staff, 'POST', {
      warehouse_id: w.id,
      direction: 'bottom',
      count: 200,
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorReply).message).toBe(
      'A warehouse can have at most 200 rows; it has 1.',
    );
  });

  it("answers 404 for another company's warehouse and leaves it alone, and 401 without a session", async () => {
    const owner = await makeCompanyWithUser(app);
    const w = await makeWarehouse(owner, { rows: 2, cols: 2 });
    const intruder = await makeCompanyWithUser(app);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await change(intruder, method, {
        warehouse_id: w.id,
        direction: 'left',
        count: 1,
      });
      expect(res.status).toBe(404);
      expect((res.body as ErrorReply).message).toBe('Warehouse not found.');
    }
    const after = (await owner.client.get(`/api/warehouse/${w.id}`)).body as Warehouse;
    expect(after.fields).toEqual(w.fields);
    const anonymous = await fetch(`${app.baseUrl}/api/fields/`, {
      method: 'POST',
      body: asForm({ warehouse_id: w.id }),
    });
    expect(anonymous.status).toBe(401);
  });
});

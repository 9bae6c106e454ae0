// The reference client (/work/shared/reference-client.md) against our API: every call it
// makes, sent with its encoding, field names and value types (numbers as strings in
// multipart, `opperation`, `field2` as a name, JSON Content-Type on body-less GETs, no body on
// DELETEs, Origin on unsafe methods as a browser adds it), asserting every key it reads.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeCompanyWithUser, TEST_PASSWORD, type SignedInStaff } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { expectId } from '../support/ids';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

type Json = Record<string, unknown>;

/** Sends what the reference client sends, the way a browser sends it. */
class ReferenceClient {
  constructor(readonly http: HttpClient) {}

  private origin(): Record<string, string> {
    return { origin: new URL(app.baseUrl).origin };
  }

  /** A GET with `Content-Type: application/json` and no body, as the auth calls send it. */
  getJson(path: string) {
    return this.http.request('GET', path, { headers: { 'content-type': 'application/json' } });
  }

  get(path: string) {
    return this.http.request('GET', path);
  }

  json(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) {
    return this.http.request(method, path, { json: body, headers: this.origin() });
  }

  /** No body and no Content-Type: the DELETEs (but fields') and the stage POST. */
  bare(method: 'POST' | 'DELETE', path: string) {
    return this.http.request(method, path, { headers: this.origin() });
  }

  form(method: 'POST' | 'DELETE', path: string, form: FormData | URLSearchParams) {
    return this.http.request(method, path, { form, headers: this.origin() });
  }
}

async function signedIn(): Promise<{ staff: SignedInStaff; ref: ReferenceClient }> {
  const staff = await makeCompanyWithUser(app);
  return { staff, ref: new ReferenceClient(staff.client) };
}

// ---- The keys the reference client reads, with their types ----------------------------------

function object(value: unknown): Json {
  expect(value).toBeTypeOf('object');
  expect(value).not.toBeNull();
  expect(Array.isArray(value)).toBe(false);
  return value as Json;
}

function list(value: unknown): unknown[] {
  expect(Array.isArray(value)).toBe(true);
  return value as unknown[];
}

const expectInt = (value: unknown) => expect(Number.isInteger(value)).toBe(true);
const expectNumber = (value: unknown) => expect(value).toEqual(expect.any(Number));
const expectIdOrNull = (value: unknown) => {
  if (value !== null) expectId(value);
};
const expectTextOrNull = (value: unknown) =>
  expect(value === null || typeof value === 'string').toBe(true);

function expectAttachment(value: unknown): Json {
  const a = object(value);
  expectId(a.id);
  expectId(a.vault_id);
  expect(a.file_url).toEqual(expect.any(String));
  expect(a.file_name).toEqual(expect.any(String));
  return a;
}

function expectVault(value: unknown): Json {
  const v = object(value);
  expectId(v.id);
  expectTextOrNull(v.name);
  expect(v.customer_name).toEqual(expect.any(String));
  expectIdOrNull(v.customer_id);
  expectTextOrNull(v.order_name);
  expectIdOrNull(v.order_id);
  if (v.position !== null) expect(Number.isFinite(Number(v.position))).toBe(true);
  expect(v.type).toEqual(expect.any(String));
  expectTextOrNull(v.note);
  list(v.attachments).forEach(expectAttachment);
  expectIdOrNull(v.field_id);
  return v;
}

/** A print list row: what the print table and its CSV read. */
function expectPrintVault(value: unknown): Json {
  const v = object(value);
  expectId(v.id);
  expectTextOrNull(v.name);
  expect(v.customer_name).toEqual(expect.any(String));
  expect(v.type).toEqual(expect.any(String));
  if (v.position !== null) expect(Number.isFinite(Number(v.position))).toBe(true);
  expect(v.field_name).toEqual(expect.any(String));
  expectTextOrNull(v.warehouse_name);
  expectTextOrNull(v.note);
  return v;
}

function expectField(value: unknown): Json {
  const f = object(value);
  expectId(f.id);
  expect(f.name).toMatch(/^[A-Z]+[0-9]+$/);
  expect(['vault', 'couchbox-T', 'couchbox-B']).toContain(f.type);
  expect(f.full).toBeTypeOf('boolean');
  expectId(f.warehouse_id);
  // An object keyed by vault id, so `vaults[vaultId]` finds each one.
  for (const [key, v] of Object.entries(object(f.vaults)))
    expect(key).toBe(String(expectVault(v).id));
  return f;
}

function expectPallet(value: unknown): Json {
  const p = object(value);
  expectId(p.id);
  expect(p.name).toEqual(expect.any(String));
  expect(p.customerName).toEqual(expect.any(String));
  expectId(p.customerId);
  expect(p.palletNumber).toEqual(expect.any(String));
  expect(p.notes).toEqual(expect.any(String));
  expectNumber(p.weight);
  expectInt(p.shelfSpots);
  // Without slotIndex the reference client does not draw the pallet.
  expectInt(p.slotIndex);
  expect(p.palletSpaces).toBe(p.shelfSpots);
  expectId(p.shelfId);
  return p;
}

function expectRack(value: unknown): Json {
  const r = object(value);
  expectId(r.id);
  expect(r.name).toEqual(expect.any(String));
  expectInt(r.capacity);
  expect(r.capacity).toBeGreaterThan(0);
  expectId(r.warehouseId);
  const position = object(r.position);
  expectNumber(position.x);
  expectNumber(position.y);
  expect(['horizontal', 'vertical']).toContain(r.orientation);
  expectNumber(r.width);
  expectNumber(r.length);
  for (const s of list(r.shelves)) {
    const shelf = object(s);
    expectId(shelf.id);
    expectInt(shelf.capacity);
    expect(shelf.rackId).toBe(r.id);
    for (const p of list(shelf.pallets)) expect(expectPallet(p).shelfId).toBe(shelf.id);
  }
  return r;
}

function expectWarehouse(value: unknown): Json {
  const w = object(value);
  expectId(w.id);
  expect(w.name).toEqual(expect.any(String));
  expectInt(w.rows);
  expectInt(w.cols);
  expectInt(w.fieldCapacity);
  expect(w.field_capacity).toBe(w.fieldCapacity);
  expect(w.warehouseCapacity).toBe(Number(w.rows) * Number(w.cols) * Number(w.fieldCapacity));
  for (const [key, f] of Object.entries(object(w.fields))) {
    const field = expectField(f);
    expect(key).toBe(String(field.id));
    expect(field.warehouse_id).toBe(w.id);
  }
  list(w.racks).forEach(expectRack);
  expectNumber(w.length);
  expectNumber(w.width);
  const grid = object(w.fieldgridLocation);
  expectNumber(grid.x);
  expectNumber(grid.y);
  return w;
}

function expectRefusal(res: { status: number; body: unknown }, key: 'error' | 'errors') {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = object(res.body);
  if (key === 'error') {
    expect(body.error).toEqual(expect.any(String));
    expect(body.error).not.toBe('');
  } else {
    expect(list(body.errors).length).toBeGreaterThan(0);
    for (const e of list(body.errors)) expect(e).toEqual(expect.any(String));
  }
}

// ---- Small builders, through the reference client's own calls --------------------------------

let warehouseCount = 0;

async function addWarehouse(
  ref: ReferenceClient,
  overrides: Partial<Record<'rows' | 'cols' | 'field_capacity' | 'length' | 'width', number>> = {},
): Promise<Json> {
  warehouseCount += 1;
  const res = await ref.json('POST', '/api/warehouse/add-warehouse', {
    name: `Reference Warehouse ${warehouseCount}`,
    rows: 3,
    cols: 2,
    field_capacity: 3,
    length: 120,
    width: 80,
    ...overrides,
  });
  expect(res.status, res.text).toBeLessThan(300);
  return expectWarehouse(res.body);
}

function field(warehouse: Json, name: string): Json {
  const found = Object.values(object(warehouse.fields)).find((f) => object(f).name === name);
  return object(found);
}

function vaultForm(values: Record<string, string>, file?: { name: string; data: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  if (file) form.append('attachment', new Blob([file.data], { type: 'text/plain' }), file.name);
  return form;
}

/** The add-vault form exactly as the reference client fills it: every number a string. */
function addVaultValues(staff: SignedInStaff, f: Json, values: Record<string, string>) {
  return {
    vault_id: '',
    customer_name: 'SMITH',
    order_name: 'ORD-1',
    type: 'vault',
    note: '',
    field_id: String(f.id),
    position: '1',
    company_id: String(staff.user.companyId),
    ...values,
  };
}

async function addVault(
  ref: ReferenceClient,
  staff: SignedInStaff,
  f: Json,
  values: Record<string, string> = {},
  file?: { name: string; data: string },
): Promise<Json> {
  const res = await ref.form(
    'POST',
    '/api/vaults/',
    vaultForm(addVaultValues(staff, f, values), file),
  );
  expect(res.status, res.text).toBeLessThan(300);
  const body = object(res.body);
  expect(body.fieldId).toBe(f.id);
  return expectVault(body.vault);
}

async function getWarehouseFromList(ref: ReferenceClient, staff: SignedInStaff, id: unknown) {
  const res = await ref.get(`/api/warehouse/company/${staff.user.companyId}`);
  return object(list(res.body).find((w) => object(w).id === id));
}

// ---- Auth ------------------------------------------------------------------------------------

describe('reference client: auth', () => {
  it('signs in, reads the user, and signs out with a GET', async () => {
    const { email } = await makeCompanyWithUser(app);
    const ref = new ReferenceClient(new HttpClient(app.baseUrl));

    const signedOut = await ref.getJson('/api/auth/');
    expect(signedOut.status).toBe(401);
    expectRefusal(signedOut, 'errors');

    const wrong = await ref.json('POST', '/api/auth/login', { email, password: 'nope' });
    expectRefusal(wrong, 'errors');

    const login = await ref.json('POST', '/api/auth/login', {
      email: email.toLowerCase(),
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expectId(object(login.body).companyId);
    expect(ref.http.hasSession()).toBe(true);

    const me = await ref.getJson('/api/auth/');
    expect(me.status).toBe(200);
    const user = object(me.body);
    expect(user).not.toHaveProperty('errors');
    expect(user.companyId).toBe(object(login.body).companyId);

    const logout = await ref.getJson('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect((await ref.getJson('/api/auth/')).status).toBe(401);
  });
});

// ---- Warehouses ------------------------------------------------------------------------------

describe('reference client: warehouses', () => {
  it('adds a warehouse, lists it, edits dimensions, moves the field grid and deletes it', async () => {
    const { staff, ref } = await signedIn();
    const w = await addWarehouse(ref, { rows: 2, cols: 3, field_capacity: 4 });
    expect(Object.keys(object(w.fields))).toHaveLength(6);
    expect(w.racks).toEqual([]);

    const listed = await ref.get(`/api/warehouse/company/${staff.user.companyId}`);
    expect(listed.status).toBe(200);
    list(listed.body).forEach(expectWarehouse);
    expect(list(listed.body).map((x) => object(x).id)).toEqual([w.id]);

    // Numbers when untouched, strings when edited, '' when cleared (kept as it was).
    const edited = await ref.json('PATCH', `/api/warehouse/${String(w.id)}/edit-dimensions`, {
      field_capacity: '5',
      length: '',
      width: 90,
    });
    expect(edited.status, edited.text).toBe(200);
    const after = expectWarehouse(object(edited.body).warehouse);
    expect(after).toMatchObject({ fieldCapacity: 5, field_capacity: 5, length: 120, width: 90 });

    const moved = await ref.json('PUT', `/api/warehouse/${String(w.id)}/field-grid`, {
      fieldgridLocation: { x: 2.5, y: 60.25 },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(object(moved.body).fieldgridLocation).toEqual({ x: 2.5, y: 60.25 });

    const removed = await ref.bare('DELETE', `/api/warehouse/${String(w.id)}`);
    expect(removed.status).toBe(200);
    expect((await ref.get(`/api/warehouse/company/${staff.user.companyId}`)).body).toEqual([]);
  });

  it('refuses an add with a body whose error the client shows', async () => {
    const { ref } = await signedIn();
    const missing = await ref.json('POST', '/api/warehouse/add-warehouse', { name: 'Half' });
    expectRefusal(missing, 'error');
    const w = await addWarehouse(ref);
    const duplicate = await ref.json('POST', '/api/warehouse/add-warehouse', {
      name: w.name,
      rows: 1,
      cols: 1,
      field_capacity: 3,
      length: 10,
      width: 10,
    });
    expectRefusal(duplicate, 'error');
  });

  it('answers a field with its vaults keyed by id, on the two-segment path that is not the company call', async () => {
    const { staff, ref } = await signedIn();
    const w = await addWarehouse(ref);
    const a1 = field(w, 'A1');
    const vault = await addVault(ref, staff, a1);
    const res = await ref.get(`/api/warehouse/${String(a1.warehouse_id)}/${String(a1.id)}`);
    expect(res.status).toBe(200);
    const f = expectField(res.body);
    expect(Object.keys(object(f.vaults))).toEqual([String(vault.id)]);
  });
});

// ---- Fields ----------------------------------------------------------------------------------

describe('reference client: fields', () => {
  it('toggles a couchbox pair naming the lower field, and sets full', async () => {
    const { staff, ref } = await signedIn();
    const w = await addWarehouse(ref);
    const a1 = field(w, 'A1');
    const on = await ref.json('PATCH', `/api/fields/${String(a1.id)}`, {
      type: 'couchbox',
      field2: 'A2',
      warehouseId: w.id,
    });
    expect(on.status, on.text).toBe(200);
    const pair = object(on.body);
    const top = expectField(pair.field1);
    const below = expectField(pair.field2);
    expect(top).toMatchObject({ id: a1.id, type: 'couchbox-T', warehouse_id: w.id });
    expect(below).toMatchObject({ id: field(w, 'A2').id, type: 'couchbox-B' });
    const off = await ref.json('PATCH', `/api/fields/${String(a1.id)}`, {
      type: 'vault',
      field2: 'A2',
      warehouseId: w.id,
    });
    expect(object(object(off.body).field1).type).toBe('vault');

    const full = await ref.json('PATCH', `/api/fields/${String(a1.id)}/full`, { full: true });
    expect(full.status).toBe(200);
    expect(object(full.body)).toBeTruthy();
    expect(field(await getWarehouseFromList(ref, staff, w.id), 'A1').full).toBe(true);
  });

  it('adds columns as a list and removes them as fields keyed by id, from multipart forms', async () => {
    const { ref } = await signedIn();
    const w = await addWarehouse(ref, { rows: 2, cols: 2 });
    const form = (values: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(values)) f.append(k, v);
      return f;
    };
    const right = await ref.form(
      'POST',
      '/api/fields/',
      form({
        warehouse_id: String(w.id),
        direction: 'right',
        opperation: 'plus',
        warehouse_cols: '2',
        warehouse_rows: '2',
        count: '1',
      }),
    );
    expect(right.status, right.text).toBe(200);
    const added = object(right.body);
    expect(added).toMatchObject({ warehouseId: w.id, newWarehouseRowsCount: 2 });
    expect(added.newWarehouseColsCount).toBe(3);
    const newFields = list(added.fields).map(expectField);
    expect(newFields.map((f) => f.name).sort()).toEqual(['C1', 'C2']);

    // A client without counts sends the string "undefined".
    const left = await ref.form(
      'POST',
      '/api/fields/',
      form({
        warehouse_id: String(w.id),
        direction: 'left',
        opperation: 'plus',
        warehouse_cols: 'undefined',
        warehouse_rows: 'undefined',
        count: '1',
      }),
    );
    expect(left.status, left.text).toBe(200);
    const renamed = list(object(left.body).fields).map(expectField);
    // The new column A plus every existing field, one letter up: the old A1 is B1.
    expect(renamed).toHaveLength(8);
    expect(renamed.find((f) => f.id === field(w, 'A1').id)?.name).toBe('B1');

    const minus = await ref.form(
      'DELETE',
      '/api/fields/',
      form({
        warehouse_id: String(w.id),
        direction: 'right',
        opperation: 'minus',
        warehouse_cols: '4',
        warehouse_rows: '2',
        count: '1',
      }),
    );
    expect(minus.status, minus.text).toBe(200);
    const remaining = object(minus.body);
    expect(remaining).toMatchObject({
      warehouseId: w.id,
      newWarehouseRowsCount: 2,
      newWarehouseColsCount: 3,
    });
    const byId = object(remaining.fields);
    expect(Object.keys(byId)).toHaveLength(6);
    for (const [key, f] of Object.entries(byId)) expect(key).toBe(String(expectField(f).id));
  });

  it('refuses removing a row that holds vaults with a JSON body', async () => {
    const { staff, ref } = await signedIn();
    const w = await addWarehouse(ref, { rows: 2, cols: 1 });
    await addVault(ref, staff, field(w, 'A2'));
    const form = new FormData();
    for (const [k, v] of Object.entries({
      warehouse_id: String(w.id),
      direction: 'bottom',
      opperation: 'minus',
      warehouse_cols: '1',
      warehouse_rows: '2',
      count: '1',
    }))
      form.append(k, v);
    const res = await ref.form('DELETE', '/api/fields/', form);
    expectRefusal(res, 'error');
  });
});

// ---- Vaults ----------------------------------------------------------------------------------

const emptyKinds = ['EMPTY VAULT', 'EMPTY LIFTVAN', 'EMPTY T2', 'EMPTY COUCHBOX'] as const;

describe('reference client: vaults', () => {
  it('adds a vault with a file, edits it with the whole object, uploads, stages, moves and deletes it', async () => {
    const { staff, ref } = await signedIn();
    const w = await addWarehouse(ref);
    const a1 = field(w, 'A1');
    const b1 = field(w, 'B1');
    const vault = await addVault(ref, staff, a1, {
      vault_id: '501',
      customer_name: 'SMITH',
      order_name: 'ord-9',
      note: 'blue',
    });
    expect(vault).toMatchObject({ name: '501', customer_name: 'SMITH', field_id: a1.id });
    expect(Number(vault.position)).toBe(1);
    expectId(vault.customer_id);
    expectId(vault.order_id);

    const withFile = await addVault(
      ref,
      staff,
      a1,
      { vault_id: '502', position: '2' },
      { name: 'list.txt', data: 'inventory' },
    );
    expect(list(withFile.attachments)).toHaveLength(1);

    const edited = await ref.json('PUT', `/api/vaults/${String(vault.id)}`, {
      ...vault,
      customer_name: 'SMITH JONES',
      note: 'red',
      warehouse_name: String(w.name).toLowerCase().replace(/ /g, '-'),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(expectVault(edited.body)).toMatchObject({
      id: vault.id,
      customer_name: 'SMITH JONES',
      note: 'red',
    });

    const upload = new FormData();
    upload.append('attachment', new Blob(['scan'], { type: 'text/plain' }), 'scan.txt');
    upload.append('vault_id', String(withFile.id));
    const uploaded = await ref.form('POST', '/api/vaults/upload', upload);
    expect(uploaded.status, uploaded.text).toBe(200);
    const attachment = expectAttachment(object(uploaded.body).attachment);
    expect(attachment).toMatchObject({ vault_id: withFile.id, file_name: 'scan.txt' });

    const staged = await ref.bare('POST', `/api/stage/vaults/${String(withFile.id)}`);
    expect(staged.status, staged.text).toBe(200);
    expect(expectVault(staged.body)).toMatchObject({
      id: withFile.id,
      field_id: null,
      position: null,
      old_field_id: a1.id,
    });
    const stage = await ref.get('/api/stage/vaults');
    const stagedList = Object.values(object(stage.body)).map(expectVault);
    expect(stagedList.map((v) => v.id)).toEqual([withFile.id]);

    const all = await ref.get('/api/vaults/all');
    expect(all.status).toBe(200);
    const printed = list(all.body).map(expectPrintVault);
    const printedStaged = printed.find((v) => v.id === withFile.id);
    expect(printedStaged?.field_name).toBe('staged');
    const printedPlaced = printed.find((v) => v.id === vault.id);
    expect(printedPlaced).toMatchObject({ field_name: 'A1', warehouse_name: w.name });

    const move = await ref.json('PUT', '/api/vaults/move', {
      vaultId: withFile.id,
      fieldId: b1.id,
      position: '1',
    });
    expect(move.status, move.text).toBe(200);
    const moved = object(move.body);
    expect(moved).toMatchObject({ vaultId: withFile.id, fieldId: b1.id });
    expect(Number(moved.position)).toBe(1);
    expect(expectVault(moved.vault)).toMatchObject({ id: withFile.id, field_id: b1.id });

    const deleted = await ref.bare('DELETE', `/api/vaults/${String(vault.id)}`);
    expect(deleted.status).toBe(200);
    const answer = object(deleted.body);
    expect(answer.vaultId).toBe(vault.id);
    expect(answer.deleteFrom).not.toBe('stage');
    const fieldNow = await ref.get(`/api/warehouse/${String(w.id)}/${String(a1.id)}`);
    expect(expectField(answer.field)).toEqual(fieldNow.body);
    const warehouseNow = await getWarehouseFromList(ref, staff, w.id);
    expect(expectWarehouse(answer.warehouse)).toEqual(warehouseNow);

    await ref.bare('POST', `/api/stage/vaults/${String(withFile.id)}`);
    const fromStage = await ref.bare('DELETE', `/api/vaults/${String(withFile.id)}`);
    expect(fromStage.status).toBe(200);
    expect(fromStage.body).toEqual({ vaultId: withFile.id, deleteFrom: 'stage' });
  });

  it.each(['multipart', 'url-encoded'] as const)(
    'stores every empty kind as the customer name says, with the field type beside it (%s)',
    async (encoding) => {
      const { staff, ref } = await signedIn();
      const w = await addWarehouse(ref, { rows: 4, cols: 2 });
      // B1 + B2 become a couchbox pair; its units are sent with type couchbox.
      await ref.json('PATCH', `/api/fields/${String(field(w, 'B1').id)}`, {
        type: 'couchbox',
        field2: 'B2',
        warehouseId: w.id,
      });
      const places = [
        { kind: 'EMPTY VAULT', f: field(w, 'A1'), type: 'vault' },
        { kind: 'EMPTY LIFTVAN', f: field(w, 'A2'), type: 'vault' },
        { kind: 'EMPTY T2', f: field(w, 'A3'), type: 'vault' },
        { kind: 'EMPTY COUCHBOX', f: field(w, 'B1'), type: 'couchbox' },
        { kind: 'EMPTY T2', f: field(w, 'B1'), type: 'couchbox', position: '2' },
      ];
      for (const { kind, f, type, position } of places) {
        const values = addVaultValues(staff, f, {
          vault_id: kind === 'EMPTY T2' ? `T-${String(position ?? '1')}` : '',
          customer_name: kind,
          order_name: '',
          type,
          position: position ?? '1',
        });
        const body =
          encoding === 'multipart'
            ? vaultForm(values)
            : new URLSearchParams(Object.entries(values));
        const res = await ref.form('POST', '/api/vaults/', body);
        expect(res.status, `${kind}: ${res.text}`).toBe(200);
        const vault = expectVault(object(res.body).vault);
        expect(vault).toMatchObject({ customer_name: kind, type, order_name: null });
      }
      const stored = Object.values(
        object(field(await getWarehouseFromList(ref, staff, w.id), 'B1').vaults),
      );
      expect(stored.map((v) => [object(v).customer_name, object(v).type]).sort()).toEqual([
        ['EMPTY COUCHBOX', 'couchbox'],
        ['EMPTY T2', 'couchbox'],
      ]);
    },
  );

  it.each(emptyKinds)(
    'switches a vault to %s on edit with the whole vault object, keeping its type',
    async (kind) => {
      const { staff, ref } = await signedIn();
      const w = await addWarehouse(ref);
      const vault = await addVault(
        ref,
        staff,
        field(w, 'A1'),
        { vault_id: '77', note: 'n' },
        { name: 'a.txt', data: 'x' },
      );
      const res = await ref.json('PUT', `/api/vaults/${String(vault.id)}`, {
        ...vault,
        customer_name: kind,
        order_name: '',
        note: '',
        attachments: [],
        warehouse_name: 'reference-warehouse',
      });
      expect(res.status, res.text).toBe(200);
      expect(expectVault(res.body)).toMatchObject({
        id: vault.id,
        customer_name: kind,
        type: 'vault',
        order_name: null,
        note: '',
        attachments: [],
      });
      const again = await ref.get(`/api/warehouse/${String(w.id)}/${String(vault.field_id)}`);
      const kept = object(object(object(again.body).vaults)[String(vault.id)]);
      expect(kept).toMatchObject({ customer_name: kind, type: 'vault' });
    },
  );
});

// ---- Racks, shelves, pallets -----------------------------------------------------------------

describe('reference client: racks and pallets', () => {
  it('adds a rack, moves it without resizing, and adds, edits and deletes a pallet', async () => {
    const { staff, ref } = await signedIn();
    const w = await addWarehouse(ref, { rows: 1, cols: 1 });
    const added = await ref.json('POST', `/api/racks/warehouse/${String(w.id)}/add`, {
      name: 'Dock',
      capacity: 3,
      position: { x: 20.5, y: 30, width: 12, length: 4 },
      orientation: 'vertical',
      num_shelves: 2,
      width: 12,
      length: 4,
    });
    expect(added.status, added.text).toBe(200);
    const rack = expectRack(added.body);
    expect(rack).toMatchObject({ name: 'Dock', warehouseId: w.id, orientation: 'vertical' });
    expect(list(rack.shelves)).toHaveLength(2);

    // The drop path sends width/length 1 when missing, the drag-end path 0; two PUTs per drag.
    for (const [x, missing] of [
      [40, 1],
      [41.5, 0],
    ]) {
      const res = await ref.json('PUT', `/api/racks/${String(w.id)}/rack/${String(rack.id)}`, {
        position: { x, y: 50, width: missing, length: missing },
      });
      expect(res.status, res.text).toBe(200);
      expect(object(res.body)).toBeTruthy();
    }
    const racks = await ref.get(`/api/racks/warehouse/${String(w.id)}`);
    expect(racks.status).toBe(200);
    const [stored] = list(racks.body).map(expectRack);
    expect(stored).toMatchObject({
      position: { x: 41.5, y: 50 },
      width: 12,
      length: 4,
      orientation: 'vertical',
    });

    const shelf = object(list(rack.shelves)[0]);
    const pallet = await ref.json('POST', '/api/racks/pallets', {
      name: '',
      shelf_id: shelf.id,
      customer_name: 'JONES',
      pallet_number: '12',
      notes: '',
      weight: 150.5,
      shelf_spots: 1,
      slot_index: 2,
    });
    expect(pallet.status, pallet.text).toBe(200);
    const added1 = expectPallet(pallet.body);
    expect(added1).toMatchObject({ customerName: 'JONES', slotIndex: 2, shelfSpots: 1 });

    const reloaded = await ref.get(`/api/racks/warehouse/${String(w.id)}`);
    const onShelf = list(object(list(expectRack(list(reloaded.body)[0]).shelves)[0]).pallets);
    expect(onShelf.map((p) => expectPallet(p).id)).toEqual([added1.id]);
    // The same pallet inside the warehouse's racks, for search and the rack view.
    const listed = await getWarehouseFromList(ref, staff, w.id);
    const inWarehouse = object(
      list(object(list(object(list(listed.racks)[0]).shelves)[0]).pallets)[0],
    );
    expect(expectPallet(inWarehouse)).toMatchObject({ id: added1.id, customerName: 'JONES' });

    const edit = await ref.json('PUT', `/api/racks/pallets/${String(added1.id)}/edit`, {
      id: added1.id,
      name: 'SOFA',
      customer_name: 'JONES',
      pallet_number: '12',
      notes: 'top',
      weight: 100,
      pallet_spaces: 1,
    });
    expect(edit.status, edit.text).toBe(200);
    expect(expectPallet(edit.body)).toMatchObject({
      id: added1.id,
      name: 'SOFA',
      notes: 'top',
      palletSpaces: 1,
      slotIndex: 2,
    });

    const removed = await ref.bare('DELETE', `/api/pallets/${String(added1.id)}/delete`);
    expect(removed.status).toBe(200);
    expect(removed.headers.get('content-type')).toContain('application/json');
    object(removed.body);

    const gone = await ref.bare(
      'DELETE',
      `/api/racks/${String(w.id)}/rack/${String(rack.id)}/delete`,
    );
    expect(gone.status).toBe(200);
    const again = await ref.bare(
      'DELETE',
      `/api/racks/${String(w.id)}/rack/${String(rack.id)}/delete`,
    );
    expectRefusal(again, 'error');
  });
});

// ---- Routing ---------------------------------------------------------------------------------

describe('reference client: routing', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const { ref } = await signedIn();
    const res = await ref.get('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expectRefusal(res, 'error');
  });
});

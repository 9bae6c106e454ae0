import { MISSING_ID } from '../support/ids';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddVaultResponse, Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { queryRows } from '../../src/server/db/client';
import { makeCompanyWithUser, makeWarehouse, fieldByName } from '../support/factories';
import { attachmentKeysOf, isOnDisk } from '../support/files';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, getField, makeVault, postVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function setup(overrides: Parameters<typeof makeWarehouse>[1] = {}) {
  const staff = await makeCompanyWithUser(app);
  const warehouse: Warehouse = await makeWarehouse(staff, {
    rows: 3,
    cols: 2,
    field_capacity: 3,
    ...overrides,
  });
  return { staff, warehouse, a1: fieldByName(warehouse, 'A1') };
}

describe('adding a vault', () => {
  it('places a regular vault at the lowest free position with upper-cased customer and order', async () => {
    const { staff, warehouse, a1 } = await setup();
    const res = await postVault(staff, {
      vault_id: '1001',
      customer_name: 'john  smith ',
      order_name: 'ord-77',
      type: 'vault',
      note: 'fragile',
      field_id: a1.id,
      position: 1,
      company_id: 'ignored',
    } as Parameters<typeof postVault>[1]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as AddVaultResponse;
    expect(body.fieldId).toBe(a1.id);
    expect(body.vault).toMatchObject({
      name: '1001',
      customer_name: 'JOHN SMITH',
      order_name: 'ORD-77',
      type: 'vault',
      note: 'fragile',
      position: 1,
      field_id: a1.id,
      field_name: 'A1',
      warehouse_name: warehouse.name,
      attachments: [],
    });
    const field = await getField(staff, warehouse.id, a1.id);
    expect(Object.values(field.vaults).map((v) => v.name)).toEqual(['1001']);
  });

  it('finds an existing customer and order instead of creating another', async () => {
    const { staff, a1 } = await setup();
    const first = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      customer_name: 'Jones',
      order_name: 'A-1',
    });
    const second = await makeVault(staff, {
      field_id: a1.id,
      position: 2,
      customer_name: 'JONES',
      order_name: 'a-1',
    });
    expect(second.customer_id).toBe(first.customer_id);
    expect(second.order_id).toBe(first.order_id);
    const rows = await queryRows<{ n: number }>(
      app.deps.db,
      sql`SELECT count(*)::int AS n FROM customers WHERE company_id = ${staff.user.companyId}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('lands simultaneous adds that name one new customer and order on one customer and one order', async () => {
    const { staff, warehouse } = await setup({ rows: 4, cols: 3 });
    const fields = Object.values(warehouse.fields);
    const replies = await Promise.all(
      fields.map((field, i) =>
        postVault(staff, {
          vault_id: `C${Date.now()}-${i}`,
          customer_name: 'Nowak',
          order_name: 'N-1',
          field_id: field.id,
          position: 1,
        }),
      ),
    );
    for (const res of replies) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const vaults = replies.map((res) => (res.body as AddVaultResponse).vault);
    expect(new Set(vaults.map((v) => v.customer_id)).size).toBe(1);
    expect(new Set(vaults.map((v) => v.order_id)).size).toBe(1);
    const rows = await queryRows<{ n: number }>(
      app.deps.db,
      sql`SELECT (SELECT count(*)::int FROM customers WHERE company_id = ${staff.user.companyId})
           + (SELECT count(*)::int FROM orders WHERE company_id = ${staff.user.companyId}) AS n`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('names an empty vault EMPTY {TYPE} and needs no order', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      customer_name: 'EMPTY',
      order_name: '',
      type: 'liftvan',
    });
    expect(vault).toMatchObject({
      customer_name: 'EMPTY LIFTVAN',
      order_name: null,
      type: 'liftvan',
      name: null,
    });
  });

  it.each([
    [{ customer_name: '' }, 400, 'Customer name is required.'],
    [{ order_name: '' }, 400, 'Order number is required.'],
    [{ position: 'top' }, 400, 'Position must be a number.'],
    [{ position: 0 }, 400, 'Position must be at least 1.'],
    [{ type: 'crate' }, 400, 'Type must be one of vault, liftvan, t2, couchbox.'],
    [{ field_id: 'nope' }, 400, 'Field id must be a valid id.'],
    [
      { position: 2 },
      409,
      'Only the lowest free position of field A1 (position 1) can take a vault.',
    ],
    [{ type: 'couchbox' }, 409, 'A couchbox can only go into a couchbox field; A1 is not one.'],
  ])('refuses %o with %i "%s"', async (override, status, message) => {
    const { staff, a1 } = await setup();
    const res = await postVault(staff, {
      customer_name: 'SMITH',
      order_name: 'O1',
      field_id: a1.id,
      position: 1,
      ...override,
    });
    expect(res.status).toBe(status);
    expect(errorOf(res).message).toBe(message);
  });

  it('refuses a taken position, a full field and a field marked full', async () => {
    const { staff, warehouse, a1 } = await setup({ field_capacity: 2 });
    await makeVault(staff, { field_id: a1.id, position: 1 });
    const taken = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a1.id,
      position: 1,
    });
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: 'VAULT_SLOT_TAKEN',
      message: 'Position 1 of field A1 is already taken.',
    });

    await makeVault(staff, { field_id: a1.id, position: 2 });
    const full = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a1.id,
      position: 3,
    });
    expect(full.status).toBe(409);
    expect(errorOf(full)).toMatchObject({
      code: 'FIELD_FULL',
      message: 'Field A1 is full: it holds 2 vaults.',
    });

    const a2 = fieldByName(warehouse, 'A2');
    expect((await staff.client.patch(`/api/fields/${a2.id}/full`, { full: true })).status).toBe(
      200,
    );
    const flagged = await postVault(staff, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a2.id,
      position: 1,
    });
    expect(flagged.status).toBe(409);
    expect(errorOf(flagged).message).toBe('Field A2 is marked full.');
  });

  it('lets only one of 20 simultaneous adds to one position succeed', async () => {
    const { staff, warehouse, a1 } = await setup();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postVault(staff, {
          customer_name: `C${i}`,
          order_name: `O${i}`,
          field_id: a1.id,
          position: 1,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const field = await getField(staff, warehouse.id, a1.id);
    expect(Object.values(field.vaults).map((v) => v.position)).toEqual([1]);
  });

  it('keeps vault numbers unique in the company and says where the first one stands', async () => {
    const { staff, warehouse, a1 } = await setup();
    await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '555' });
    const again = await postVault(staff, {
      vault_id: '555',
      customer_name: 'X',
      order_name: 'Y',
      field_id: fieldByName(warehouse, 'B1').id,
      position: 1,
    });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'VAULT_NAME_TAKEN',
      message: `Vault 555 already exists in ${warehouse.name}, field A1, position 1.`,
    });
    const other = await setup();
    await makeVault(other.staff, { field_id: other.a1.id, position: 1, vault_id: '555' });
  });

  it("answers 404 for another company's field, exactly as for a missing one", async () => {
    const { a1 } = await setup();
    const stranger = await makeCompanyWithUser(app);
    const res = await postVault(stranger, {
      customer_name: 'X',
      order_name: 'Y',
      field_id: a1.id,
      position: 1,
    });
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toBe('Field not found.');
  });

  it('needs a session and form data, multipart or url-encoded', async () => {
    const { staff, a1 } = await setup();
    const json = await staff.client.post('/api/vaults/', { field_id: a1.id, position: 1 });
    expect(json.status).toBe(400);
    expect(errorOf(json).message).toBe(
      'Send the form as multipart/form-data or application/x-www-form-urlencoded.',
    );
    const encoded = new URLSearchParams({
      customer_name: 'plain form',
      order_name: 'o-1',
      field_id: String(a1.id),
      position: '1',
    });
    const added = await staff.client.request('POST', '/api/vaults/', { form: encoded });
    expect(added.status, added.text).toBe(200);
    expect((added.body as AddVaultResponse).vault).toMatchObject({
      customer_name: 'PLAIN FORM',
      order_name: 'O-1',
      position: 1,
    });
    const anonymous = await fetch(`${app.baseUrl}/api/vaults/`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('editing a vault', () => {
  it('changes number, customer, order and note, and records what changed', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '10' });
    const res = await staff.client.put(`/api/vaults/${vault.id}`, {
      name: '11',
      customer_name: 'brown',
      order_name: 'b-2',
      note: 'top shelf',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as Vault).toMatchObject({
      name: '11',
      customer_name: 'BROWN',
      order_name: 'B-2',
      note: 'top shelf',
      position: 1,
    });

    const history = await staff.client.get(`/api/vaults/${vault.id}/history`);
    const events = history.body as {
      kind: string;
      details: { changes?: Record<string, unknown> };
      actor_email: string;
    }[];
    expect(events.map((e) => e.kind)).toEqual(['edited', 'created']);
    expect(events[0]?.details.changes).toMatchObject({
      name: ['10', '11'],
      customer_name: ['SMITH', 'BROWN'],
    });
    expect(events[0]?.actor_email).toBe(staff.email);
  });

  it('keeps every key the edit leaves out, and clears one sent as null', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      vault_id: '10',
      order_name: 'ORD-7',
      note: 'top shelf',
    });
    const kept = {
      name: '10',
      customer_name: 'SMITH',
      order_name: 'ORD-7',
      note: 'top shelf',
      type: 'vault',
    };
    for (const body of [{}, { type: 'vault' }, { customer_name: 'smith' }, { note: 'top shelf' }]) {
      const res = await staff.client.put(`/api/vaults/${vault.id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body as Vault, JSON.stringify(body)).toMatchObject(kept);
    }
    const onlyNote = await staff.client.put(`/api/vaults/${vault.id}`, { note: 'floor' });
    expect(onlyNote.body as Vault).toMatchObject({ ...kept, note: 'floor' });
    const cleared = await staff.client.put(`/api/vaults/${vault.id}`, {
      name: null,
      order_name: null,
      note: null,
    });
    expect(cleared.body as Vault).toMatchObject({
      ...kept,
      name: null,
      order_name: null,
      note: '',
    });
  });

  it('finds a vault for the edit page by number, or by id when it has none', async () => {
    const { staff, warehouse, a1 } = await setup();
    const numbered = await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '77' });
    const unnumbered = await makeVault(staff, { field_id: a1.id, position: 2 });
    const byName = await staff.client.get('/api/vaults/lookup/77');
    expect(byName.body).toMatchObject({ id: numbered.id, warehouse_slug: warehouse.slug });
    const byId = await staff.client.get(`/api/vaults/lookup/id-${unnumbered.id}`);
    expect(byId.body).toMatchObject({ id: unnumbered.id, name: null });
    // A bare number is a vault number, never an id: ids and numbers would collide.
    const bare = await staff.client.get(`/api/vaults/lookup/${unnumbered.id}`);
    expect(bare.body).not.toMatchObject({ id: unnumbered.id });
    expect((await staff.client.get('/api/vaults/lookup/78')).status).toBe(404);
    expect((await staff.client.get(`/api/vaults/lookup/id-${MISSING_ID}`)).status).toBe(404);
  });

  it('clears order, note and attachments when a vault becomes empty, deleting the files after commit', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      note: 'n',
      attachment: { name: 'list.txt', type: 'text/plain', data: 'inventory' },
    });
    expect(vault.attachments).toHaveLength(1);
    const [key] = await attachmentKeysOf(app, staff.user.companyId, vault.id);
    if (!key) throw new Error('The attachment was not stored');
    expect(isOnDisk(app, key)).toBe(true);
    const res = await staff.client.put(`/api/vaults/${vault.id}`, {
      customer_name: 'EMPTY T2',
      order_name: 'ORD-1',
      note: 'n',
      type: 'vault',
    });
    expect(res.status).toBe(200);
    expect(res.body as Vault).toMatchObject({
      customer_name: 'EMPTY T2',
      order_name: null,
      note: '',
      attachments: [],
      type: 'vault',
    });
    expect(await attachmentKeysOf(app, staff.user.companyId, vault.id)).toEqual([]);
    expect(isOnDisk(app, key)).toBe(false);
    const fileUrl = vault.attachments[0]?.file_url ?? '';
    expect((await staff.client.get(fileUrl)).status).toBe(404);
  });

  it('refuses a number in use, a missing customer, and another company', async () => {
    const { staff, a1 } = await setup();
    await makeVault(staff, { field_id: a1.id, position: 1, vault_id: '1' });
    const second = await makeVault(staff, { field_id: a1.id, position: 2, vault_id: '2' });
    const taken = await staff.client.put(`/api/vaults/${second.id}`, {
      name: '1',
      customer_name: 'A',
    });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toMatch(
      /^Vault 1 already exists in .+, field A1, position 1\.$/,
    );
    const blank = await staff.client.put(`/api/vaults/${second.id}`, {
      name: '2',
      customer_name: ' ',
    });
    expect(blank.status).toBe(400);
    expect(errorOf(blank).message).toBe('Customer name is required.');
    const stranger = await makeCompanyWithUser(app);
    expect(
      (await stranger.client.put(`/api/vaults/${second.id}`, { customer_name: 'A' })).status,
    ).toBe(404);
    expect((await stranger.client.get(`/api/vaults/${second.id}/history`)).status).toBe(404);
  });
});

describe('deleting a vault', () => {
  it('removes it from its field, says where from, keeps its history and deletes its files', async () => {
    const { staff, warehouse, a1 } = await setup();
    const vault = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      attachment: { name: 'a.txt', type: 'text/plain', data: 'x' },
    });
    const [key] = await attachmentKeysOf(app, staff.user.companyId, vault.id);
    if (!key) throw new Error('The attachment was not stored');
    expect(isOnDisk(app, key)).toBe(true);
    const stranger = await makeCompanyWithUser(app);
    expect((await stranger.client.delete(`/api/vaults/${vault.id}`)).status).toBe(404);

    const res = await staff.client.delete(`/api/vaults/${vault.id}`);
    expect(res.status).toBe(200);
    // The field and the warehouse as they are now, exactly as the GET calls answer them.
    const afterField = await getField(staff, warehouse.id, a1.id);
    expect(Object.keys(afterField.vaults)).toEqual([]);
    const afterWarehouse = (await staff.client.get(`/api/warehouse/${warehouse.id}`)).body;
    expect(res.body).toEqual({ vaultId: vault.id, field: afterField, warehouse: afterWarehouse });
    const history = await staff.client.get(`/api/vaults/${vault.id}/history`);
    expect((history.body as { kind: string }[]).map((e) => e.kind)).toEqual(['deleted', 'created']);
    expect((await staff.client.delete(`/api/vaults/${vault.id}`)).status).toBe(404);
    expect(await attachmentKeysOf(app, staff.user.companyId, vault.id)).toEqual([]);
    expect(isOnDisk(app, key)).toBe(false);
  });
});

describe('deleting a vault that is not the topmost', () => {
  it('moves each vault above it down one position, recorded in its history', async () => {
    const { staff, warehouse, a1 } = await setup({ field_capacity: 4 });
    const stack = [];
    for (let position = 1; position <= 4; position++)
      stack.push(await makeVault(staff, { field_id: a1.id, position, vault_id: `D${position}` }));
    const [, second, third, fourth] = stack;
    if (!second || !third || !fourth) throw new Error('The stack is short');

    const res = await staff.client.delete(`/api/vaults/${second.id}`);
    expect(res.status).toBe(200);
    const field = await getField(staff, warehouse.id, a1.id);
    const positions = Object.values(field.vaults)
      .map((v) => [v.name, v.position])
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(positions).toEqual([
      ['D1', 1],
      ['D3', 2],
      ['D4', 3],
    ]);

    const history = await staff.client.get(`/api/vaults/${fourth.id}/history`);
    expect(history.body).toMatchObject([
      {
        kind: 'moved',
        details: {
          from: { field: 'A1', position: 4 },
          to: { field: 'A1', position: 3 },
          reason: 'vault below deleted',
        },
      },
      { kind: 'created' },
    ]);

    // The freed slot is the top one again: the next vault goes to position 4.
    await makeVault(staff, { field_id: a1.id, position: 4, vault_id: 'D5' });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SearchSuggestions } from '../../src/contracts/search';
import type { VaultEvent } from '../../src/contracts/vault-events';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import { fieldByName, makeCompanyWithUser, makeWarehouse } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, getField, makeVault, postVault } from '../support/vault-factories';
import type { SignedInStaff } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function setup() {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { name: 'Main', rows: 2, cols: 2 });
  return { staff, warehouse, a1: fieldByName(warehouse, 'A1'), a2: fieldByName(warehouse, 'A2') };
}

const contentsOf = (v: Vault | undefined) =>
  v && {
    seal: v.seal,
    item_notes: v.item_notes,
    tags: v.tags,
    expected_release: v.expected_release,
  };

async function warehouseVault(staff: SignedInStaff, warehouseId: number, vault: Vault) {
  const res = await staff.client.get(`/api/warehouse/${warehouseId}`);
  expect(res.status).toBe(200);
  const field = (res.body as Warehouse).fields[vault.field_id ?? 0];
  return field?.vaults[vault.id];
}

async function search(staff: SignedInStaff, q: string, warehouseId?: number) {
  const query = new URLSearchParams({
    q,
    ...(warehouseId && { warehouseId: String(warehouseId) }),
  });
  const res = await staff.client.get(`/api/search/suggestions?${query.toString()}`);
  expect(res.status).toBe(200);
  return res.body as SearchSuggestions;
}

describe('what is in a vault', () => {
  it('is added, read back everywhere the vault shows, edited key by key, and logged', async () => {
    const { staff, warehouse, a1 } = await setup();
    const vault = await makeVault(staff, {
      vault_id: '501',
      field_id: a1.id,
      position: 1,
      seal: 'S-88120',
      item_notes: 'Piano wrapped, do not stack',
      tags: 'lot 4471: 1-120, 130; 4472 tags 5-9',
      expected_release: '2026-12-15',
    });
    const written = {
      seal: 'S-88120',
      item_notes: 'Piano wrapped, do not stack',
      tags: 'LOT 4471, tags 1-120, 130; LOT 4472, tags 5-9',
      expected_release: '2026-12-15',
    };
    expect(contentsOf(vault)).toEqual(written);
    const lookup = await staff.client.get('/api/vaults/lookup/501');
    expect(contentsOf(lookup.body as Vault)).toEqual(written);
    expect(contentsOf((await getField(staff, warehouse.id, a1.id)).vaults[vault.id])).toEqual(
      written,
    );
    expect(contentsOf(await warehouseVault(staff, warehouse.id, vault))).toEqual(written);

    // An edit that leaves a key out keeps its value.
    const noteOnly = await staff.client.put(`/api/vaults/${vault.id}`, { note: 'by the door' });
    expect(noteOnly.status, JSON.stringify(noteOnly.body)).toBe(200);
    expect(contentsOf(noteOnly.body as Vault)).toEqual(written);
    // The form sends the tags with every save: the same tags, however written, are no change.
    const sameTags = await staff.client.put(`/api/vaults/${vault.id}`, {
      tags: '4471: 1-120, 130; lot 4472 tags 5-9',
    });
    expect(contentsOf(sameTags.body as Vault)).toEqual(written);

    const edited = await staff.client.put(`/api/vaults/${vault.id}`, {
      seal: 'S-90001',
      tags: 'LOT 4471, tags 1-60',
      expected_release: null,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = {
      ...written,
      seal: 'S-90001',
      tags: 'LOT 4471, tags 1-60',
      expected_release: null,
    };
    expect(contentsOf(edited.body as Vault)).toEqual(after);
    expect(contentsOf(await warehouseVault(staff, warehouse.id, vault))).toEqual(after);

    const cleared = await staff.client.put(`/api/vaults/${vault.id}`, { tags: '', item_notes: '' });
    expect(contentsOf(cleared.body as Vault)).toEqual({ ...after, tags: '', item_notes: '' });

    const history = (await staff.client.get(`/api/vaults/${vault.id}/history`))
      .body as VaultEvent[];
    const changes = history.flatMap((e) => (e.kind === 'edited' ? [e.details.changes] : []));
    expect(changes).toEqual([
      {
        tags: ['LOT 4471, tags 1-60', ''],
        item_notes: ['Piano wrapped, do not stack', ''],
      },
      {
        seal: ['S-88120', 'S-90001'],
        tags: ['LOT 4471, tags 1-120, 130; LOT 4472, tags 5-9', 'LOT 4471, tags 1-60'],
        expected_release: ['2026-12-15', null],
      },
      {},
      { note: ['', 'by the door'] },
    ]);
  });

  it('is optional: a vault added without it holds nothing', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    expect(contentsOf(vault)).toEqual({
      seal: '',
      item_notes: '',
      tags: '',
      expected_release: null,
    });
  });

  it('goes when the vault is turned empty', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, {
      field_id: a1.id,
      position: 1,
      seal: 'S-1',
      tags: '4471: 1-5',
      item_notes: 'boxes',
      expected_release: '2027-01-02',
    });
    const emptied = await staff.client.put(`/api/vaults/${vault.id}`, {
      customer_name: 'EMPTY VAULT',
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(contentsOf(emptied.body as Vault)).toEqual({
      seal: '',
      item_notes: '',
      tags: '',
      expected_release: null,
    });
    expect((await search(staff, '4471-3')).vaults).toEqual([]);
  });

  it.each([
    ['LOT 4471, tags 1-x', '"1-x" in lot 4471 is not a tag number or a range like 1-120.'],
    ['LOT 4471', '"LOT 4471" needs a lot and its tags, as in "LOT 4471, tags 1-120".'],
    ['4471: 120-1', 'The range 120-1 in lot 4471 runs backwards.'],
    ['4471: 0-5', 'Tag numbers run from 1 to 99999; "0-5" does not.'],
  ])(
    'refuses tags %j with 400 "%s" on add and on edit, changing nothing',
    async (tags, message) => {
      const { staff, warehouse, a1 } = await setup();
      const refusedAdd = await postVault(staff, {
        customer_name: 'SMITH',
        order_name: 'ORD-1',
        field_id: a1.id,
        position: 1,
        tags,
      });
      expect(refusedAdd.status).toBe(400);
      expect(errorOf(refusedAdd).message).toBe(message);
      expect((await getField(staff, warehouse.id, a1.id)).vaults).toEqual({});

      const vault = await makeVault(staff, { field_id: a1.id, position: 1, tags: '4471: 7' });
      const refusedEdit = await staff.client.put(`/api/vaults/${vault.id}`, {
        tags,
        seal: 'S-2',
      });
      expect(refusedEdit.status).toBe(400);
      expect(errorOf(refusedEdit).message).toBe(message);
      const kept = (await getField(staff, warehouse.id, a1.id)).vaults[vault.id];
      expect(contentsOf(kept)).toMatchObject({ tags: 'LOT 4471, tags 7', seal: '' });
    },
  );

  it('refuses an expected release that is not a date', async () => {
    const { staff, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1 });
    const refused = await staff.client.put(`/api/vaults/${vault.id}`, {
      expected_release: '2026-02-30',
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toBe(
      'Expected release must be a real date written YYYY-MM-DD.',
    );
  });
});

describe('search by inventory tag', () => {
  it('finds the vault whose range holds the tag, first among the vault numbers', async () => {
    const { staff, warehouse, a1, a2 } = await setup();
    await makeVault(staff, { vault_id: '4471-370', field_id: a1.id, position: 1 });
    await makeVault(staff, {
      vault_id: '88',
      field_id: a2.id,
      position: 1,
      tags: 'LOT 4471, tags 1-36, 38-40',
    });
    await makeVault(staff, {
      vault_id: '89',
      field_id: a2.id,
      position: 2,
      tags: 'LOT 4471, tags 37; LOT 4472, tags 37-90',
    });

    expect(await search(staff, '4471-37')).toEqual({
      customers: [],
      orders: [],
      vaults: ['89', '4471-370'],
    });
    expect((await search(staff, 'lot 4471 tag 36', warehouse.id)).vaults).toEqual(['88']);
    expect((await search(staff, '4472-91')).vaults).toEqual([]);
    expect((await search(staff, '4473-37')).vaults).toEqual([]);
  });

  it('finds a released vault by its tags, outside any warehouse', async () => {
    const { staff, warehouse, a1 } = await setup();
    const vault = await makeVault(staff, {
      vault_id: '700',
      field_id: a1.id,
      position: 1,
      tags: '5120: 1-40',
    });
    const released = await staff.client.post(`/api/vaults/${vault.id}/release`, {});
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await search(staff, '5120-12')).vaults).toEqual(['700']);
    expect((await search(staff, '5120-12', warehouse.id)).vaults).toEqual([]);
  });

  it("never finds another company's tag", async () => {
    const { staff: other, a1: otherA1 } = await setup();
    await makeVault(other, {
      vault_id: '900',
      field_id: otherA1.id,
      position: 1,
      tags: '6001: 1-100',
    });
    const { staff } = await setup();
    expect((await search(staff, '6001-50')).vaults).toEqual([]);
    expect((await search(other, '6001-50')).vaults).toEqual(['900']);
  });
});

describe('the kept warehouse answer', () => {
  it('follows a tag edit', async () => {
    const { staff, warehouse, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1, tags: '4471: 1-10' });
    // Read once before the edit, so a kept warehouse answer exists to go stale.
    expect((await warehouseVault(staff, warehouse.id, vault))?.tags).toBe('LOT 4471, tags 1-10');
    await staff.client.put(`/api/vaults/${vault.id}`, { tags: '4471: 11-20' });
    expect((await warehouseVault(staff, warehouse.id, vault))?.tags).toBe('LOT 4471, tags 11-20');
  });

  it('follows a write to the tags alone, as an import or a repair by hand makes', async () => {
    const { staff, warehouse, a1 } = await setup();
    const vault = await makeVault(staff, { field_id: a1.id, position: 1, tags: '4471: 1-10' });
    expect((await warehouseVault(staff, warehouse.id, vault))?.tags).toBe('LOT 4471, tags 1-10');
    await app.deps.db.execute(
      sql`UPDATE vault_tags SET last_tag = 12 WHERE vault_id = ${vault.id}`,
    );
    expect((await warehouseVault(staff, warehouse.id, vault))?.tags).toBe('LOT 4471, tags 1-12');
    await app.deps.db.execute(
      sql`INSERT INTO vault_tags (company_id, vault_id, lot, first_tag, last_tag)
          VALUES (${staff.user.companyId}, ${vault.id}, '4480', 3, 3)`,
    );
    expect((await warehouseVault(staff, warehouse.id, vault))?.tags).toBe(
      'LOT 4471, tags 1-12; LOT 4480, tags 3',
    );
    await app.deps.db.execute(sql`DELETE FROM vault_tags WHERE vault_id = ${vault.id}`);
    expect((await warehouseVault(staff, warehouse.id, vault))?.tags).toBe('');
  });
});

// Whole-warehouse answers are kept by a version every write bumps (decision 0025): these
// tests check what a caller sees, that an unchanged reload is answered 304 and that every
// kind of write, including one made straight in the database (another instance, an import),
// is seen at the next read.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Warehouse, WarehouseSummary } from '../../src/contracts/warehouses';
import { warehouseFromCompact, type CompactWarehouse } from '../../src/contracts/warehouse-compact';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { makePallet, makeRack } from '../support/racks-factories';
import { forgetKeptAnswers } from '../../src/server/features/warehouses/warehouse-answers';
import { sqlInsertVault, sqlPlaceVault, sqlSetFieldType } from '../support/sql-builders';
import { makeVault } from '../support/vault-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

async function read(staff: SignedInStaff, path: string, etag?: string) {
  const res = await staff.client.request('GET', path, {
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return { ...res, etag: res.headers.get('etag') ?? '' };
}

const vaultNames = (w: Warehouse) =>
  Object.values(w.fields).flatMap((f) => Object.values(f.vaults).map((v) => v.name));

describe('an unchanged warehouse', () => {
  it('is answered 304 without a body when the client holds the same answer', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const first = await read(staff, `/api/warehouse/${w.id}`);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await read(staff, `/api/warehouse/${w.id}`, first.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const bySlug = await read(staff, `/api/warehouse/by-slug/${w.slug}`, first.etag);
    expect(bySlug.status).toBe(304);
  });

  it('still answers 404 for another company, whatever ETag is sent', async () => {
    const owner = await makeCompanyWithUser(app);
    const stranger = await makeCompanyWithUser(app);
    const w = await makeWarehouse(owner);
    const seen = await read(owner, `/api/warehouse/${w.id}`);
    const foreign = await read(stranger, `/api/warehouse/${w.id}`, seen.etag);
    expect(foreign.status).toBe(404);
  });
});

describe('after a write', () => {
  it('a vault added through the API is in the next answer, with a new ETag', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const before = await read(staff, `/api/warehouse/${w.id}`);
    await makeVault(staff, { vault_id: '5101', field_id: fieldByName(w, 'A1').id, position: 1 });
    const after = await read(staff, `/api/warehouse/${w.id}`, before.etag);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(vaultNames(after.body as Warehouse)).toEqual(['5101']);
    expect((after.body as Warehouse).customers).toEqual(['SMITH']);
  });

  it('a vault written straight into the database is seen by every whole-warehouse read', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const other = await makeWarehouse(staff);
    // Warm every kept answer first, so a stale one would be served.
    const before = await read(staff, `/api/warehouse/${w.id}`);
    await read(staff, `/api/warehouse/company/${staff.user.companyId}`);
    await read(staff, '/api/warehouse/summaries');
    await sqlPlaceVault(app, staff.user.companyId, fieldByName(w, 'B2').id, 1, '5202');

    const one = await read(staff, `/api/warehouse/${w.id}`, before.etag);
    expect(one.status).toBe(200);
    expect(vaultNames(one.body as Warehouse)).toEqual(['5202']);
    const company = (await read(staff, `/api/warehouse/company/${staff.user.companyId}`))
      .body as Warehouse[];
    expect(vaultNames(company.find((x) => x.id === w.id) as Warehouse)).toEqual(['5202']);
    expect(vaultNames(company.find((x) => x.id === other.id) as Warehouse)).toEqual([]);
    const summaries = (await read(staff, '/api/warehouse/summaries')).body as WarehouseSummary[];
    expect(summaries.find((s) => s.id === w.id)?.vaultCount).toBe(1);
    expect(summaries.find((s) => s.id === other.id)?.vaultCount).toBe(0);
  });

  it('a moved field grid, racks and pallets and a renamed customer are seen', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const path = `/api/warehouse/${w.id}`;
    await read(staff, path);
    const moved = await staff.client.put(`/api/warehouse/${w.id}/field-grid`, {
      fieldgridLocation: { x: 1, y: 2 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(((await read(staff, path)).body as Warehouse).fieldgridLocation).toEqual({ x: 1, y: 2 });

    const rack = await makeRack(staff, w.id);
    const withRack = (await read(staff, path)).body as Warehouse;
    expect(withRack.racks.map((r) => r.name)).toEqual(['Rack A']);

    const shelfId = rack.shelves[0]?.id ?? 0;
    await makePallet(staff, shelfId, { customer_name: 'Jones' });
    const withPallet = (await read(staff, path)).body as Warehouse;
    expect(withPallet.racks[0]?.shelves[0]?.pallets.map((p) => p.customerName)).toEqual(['JONES']);
    expect(withPallet.customers).toEqual(['JONES']);

    await app.deps.db.execute(
      sql`UPDATE customers SET name = 'JONES BROS' WHERE company_id = ${staff.user.companyId}`,
    );
    const renamed = (await read(staff, path)).body as Warehouse;
    expect(renamed.customers).toEqual(['JONES BROS']);
  });

  it('a deleted warehouse is gone from the company call and answers 404', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const seen = await read(staff, `/api/warehouse/${w.id}`);
    await read(staff, `/api/warehouse/company/${staff.user.companyId}`);
    expect((await staff.client.delete(`/api/warehouse/${w.id}`)).status).toBe(200);
    expect((await read(staff, `/api/warehouse/${w.id}`, seen.etag)).status).toBe(404);
    const company = (await read(staff, `/api/warehouse/company/${staff.user.companyId}`))
      .body as Warehouse[];
    expect(company.map((x) => x.id)).not.toContain(w.id);
  });
});

describe('an answer brought up to date from the fields written since', () => {
  it('is, after every kind of write, the answer built from nothing', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const path = `/api/warehouse/${w.id}`;
    const db = app.deps.db;
    const id = (name: string) => fieldByName(w, name).id;
    const expectFresh = async (step: string) => {
      const kept = await read(staff, path);
      forgetKeptAnswers(db);
      const fresh = await read(staff, path);
      expect(kept.status, step).toBe(200);
      expect(kept.text, step).toBe(fresh.text);
      // A field cut from the kept answer is what the field call writes itself.
      for (const name of ['A1', 'B2']) {
        const fieldPath = `${path}/${id(name)}`;
        await read(staff, path);
        const cut = await read(staff, fieldPath);
        forgetKeptAnswers(db);
        const own = await read(staff, fieldPath);
        expect(cut.status, `${step}: ${name}`).toBe(200);
        expect(cut.text, `${step}: ${name}`).toBe(own.text);
      }
      // The next step starts from a kept answer again.
      await read(staff, path);
    };
    await read(staff, path);

    await sqlInsertVault(app, staff, {
      name: 'v1',
      customer: 'SMITH',
      fieldId: id('A1'),
      position: 1,
    });
    await sqlInsertVault(app, staff, {
      name: 'v2',
      customer: 'JONES',
      fieldId: id('A1'),
      position: 2,
    });
    await expectFresh('vaults added');
    const vault = sql`SELECT id FROM vaults WHERE company_id = ${staff.user.companyId} AND name = 'v2'`;

    await db.execute(
      sql`UPDATE vaults SET field_id = ${id('B2')}, position = 1 WHERE id = (${vault})`,
    );
    await expectFresh('vault moved to another field');
    await db.execute(sql`UPDATE vaults SET note = 'fragile "glass"' WHERE id = (${vault})`);
    await expectFresh('vault note edited');
    await db.execute(
      sql`UPDATE vaults SET old_field_id = field_id, field_id = NULL, position = NULL WHERE id = (${vault})`,
    );
    await expectFresh('vault staged');
    await db.execute(
      sql`UPDATE customers SET name = 'SMITH AND SONS' WHERE company_id = ${staff.user.companyId} AND name = 'SMITH'`,
    );
    await expectFresh('customer renamed');
    await sqlSetFieldType(app, id('A3'), 'couchbox-T');
    await expectFresh('field type changed');
    await db.execute(sql`UPDATE warehouses SET name = ${`${w.name} North`} WHERE id = ${w.id}`);
    await expectFresh('warehouse renamed');
    await db.execute(sql`DELETE FROM vaults WHERE company_id = ${staff.user.companyId}`);
    await expectFresh('vaults deleted');
    await db.execute(sql`DELETE FROM fields WHERE id = ${id('B3')}`);
    await expectFresh('field deleted');
  });
});

describe('compressed answers', () => {
  it('are sent as Brotli or gzip as the client accepts, and decode to the same JSON', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff, { rows: 20, cols: 10 });
    const path = `/api/warehouse/${w.id}`;
    const plain = await staff.client.request('GET', path, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(app.baseUrl + path, {
        headers: { cookie: staff.client.cookieHeader(path), 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.json()).toEqual(plain.body);
    }
  });
});

describe('the company call', () => {
  it('is every warehouse answer in one array, in each encoding, kept or built from nothing', async () => {
    const staff = await makeCompanyWithUser(app);
    // More warehouses than one statement reads when the company call builds them.
    const warehouses: Warehouse[] = [];
    for (let i = 0; i < 6; i++) warehouses.push(await makeWarehouse(staff, { rows: 2, cols: 2 }));
    for (const [i, w] of warehouses.entries()) {
      if (i % 2 === 0) continue;
      await makeVault(staff, { field_id: fieldByName(w, 'A1').id, position: 1 });
    }
    const path = `/api/warehouse/company/${staff.user.companyId}`;
    const identity = { 'accept-encoding': 'identity' };
    const built = await staff.client.request('GET', path, { headers: identity });
    const kept = await staff.client.request('GET', path, { headers: identity });
    expect(built.status).toBe(200);
    expect(kept.text).toBe(built.text);
    const company = built.body as Warehouse[];
    expect(company.map((w) => w.id).sort((a, b) => a - b)).toEqual(
      warehouses.map((w) => w.id).sort((a, b) => a - b),
    );
    for (const w of company) {
      const own = await staff.client.request('GET', `/api/warehouse/${w.id}`, {
        headers: identity,
      });
      expect(w).toEqual(own.body);
    }
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(app.baseUrl + path, {
        headers: { cookie: staff.client.cookieHeader(path), 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toBe(built.text);
    }
    forgetKeptAnswers(app.deps.db);
    const fresh = await staff.client.request('GET', path, { headers: identity });
    expect(fresh.text).toBe(built.text);
  });
});

describe("the web client's compact answer (decision 0092)", () => {
  const identity = { 'accept-encoding': 'identity' };
  /** The spec's answer by slug, and the compact one turned back into the spec's shape. */
  async function both(staff: SignedInStaff, slug: string) {
    const full = await staff.client.request('GET', `/api/warehouse/by-slug/${slug}`, {
      headers: identity,
    });
    const compact = await staff.client.request('GET', `/api/warehouse/by-slug/${slug}/compact`, {
      headers: identity,
    });
    expect(full.status).toBe(200);
    expect(compact.status).toBe(200);
    return { full, compact, decoded: warehouseFromCompact(compact.body as CompactWarehouse) };
  }

  it('turns back into the spec answer, text for text, while the spec answer keeps its shape', async () => {
    const staff = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    await makeVault(staff, {
      vault_id: '7101',
      field_id: fieldByName(w, 'A1').id,
      position: 1,
      note: 'fragile "glass"',
      attachment: { name: 'photo.png', type: 'image/png', data: 'png bytes' },
    });
    await makeVault(staff, { vault_id: '7102', field_id: fieldByName(w, 'A1').id, position: 2 });
    await makeVault(staff, {
      vault_id: '7103',
      field_id: fieldByName(w, 'B2').id,
      position: 1,
      customer_name: 'Jones',
      order_name: 'ORD-9',
    });
    expect(
      (await staff.client.patch(`/api/fields/${fieldByName(w, 'B1').id}/full`, { full: true }))
        .status,
    ).toBe(200);
    await sqlSetFieldType(app, fieldByName(w, 'A3').id, 'couchbox-T');

    const { full, compact, decoded } = await both(staff, w.slug);
    expect(JSON.stringify(decoded)).toBe(full.text);
    // The spec's answer is unchanged: fields keyed by id, vaults with every key.
    const spec = full.body as Warehouse;
    const a1 = spec.fields[String(fieldByName(w, 'A1').id)];
    expect(Object.keys(a1?.vaults ?? {})).toHaveLength(2);
    expect(Object.values(a1?.vaults ?? {})[0]?.attachments).toHaveLength(1);
    expect(Object.values(a1?.vaults ?? {})[0]?.warehouse_name).toBe(w.name);
    // The compact one is rows, and much the smaller.
    expect(Array.isArray((compact.body as CompactWarehouse).fields)).toBe(true);
    expect(compact.text.length).toBeLessThan(full.text.length / 2);
  });

  it('is brought up to date after writes, is answered 304 unchanged and 404 to a stranger', async () => {
    const staff = await makeCompanyWithUser(app);
    const stranger = await makeCompanyWithUser(app);
    const w = await makeWarehouse(staff);
    const path = `/api/warehouse/by-slug/${w.slug}/compact`;
    const first = await read(staff, path);
    expect((await read(staff, path, first.etag)).status).toBe(304);
    expect((await read(stranger, path, first.etag)).status).toBe(404);
    expect((await read(staff, '/api/warehouse/by-slug/no-such-warehouse/compact')).status).toBe(
      404,
    );

    const vault = await makeVault(staff, { field_id: fieldByName(w, 'A1').id, position: 1 });
    const steps: [string, () => Promise<unknown>][] = [
      ['vault added', async () => undefined],
      [
        'vault moved',
        () =>
          app.deps.db.execute(
            sql`UPDATE vaults SET field_id = ${fieldByName(w, 'B2').id}, position = 1 WHERE id = ${vault.id}`,
          ),
      ],
      [
        'warehouse renamed',
        () =>
          app.deps.db.execute(
            sql`UPDATE warehouses SET name = ${`${w.name} North`} WHERE id = ${w.id}`,
          ),
      ],
      [
        'field deleted',
        () => app.deps.db.execute(sql`DELETE FROM fields WHERE id = ${fieldByName(w, 'B3').id}`),
      ],
    ];
    for (const [step, write] of steps) {
      await write();
      const kept = await both(staff, w.slug);
      expect(JSON.stringify(kept.decoded), step).toBe(kept.full.text);
      forgetKeptAnswers(app.deps.db);
      const fresh = await both(staff, w.slug);
      expect(kept.compact.text, step).toBe(fresh.compact.text);
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReleaseOutlook, SuggestedPlace } from '../../src/contracts/receiving';
import type { Vault } from '../../src/contracts/vaults';
import type { Warehouse } from '../../src/contracts/warehouses';
import {
  fieldByName,
  makeCompanyWithUser,
  makeWarehouse,
  type SignedInStaff,
} from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { errorOf, makeVault } from '../support/vault-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(inject('postgresUrl'));
});
afterAll(async () => {
  await app?.close();
});

/** Raw SQL: the vault calls of this branch do not take an expected release yet. */
async function dueOn(vault: Vault, day: string | null) {
  await app.deps.db.execute(
    sql`UPDATE vaults SET expected_release = ${day} WHERE id = ${vault.id}`,
  );
}

/** A 2 x 2 warehouse of capacity 3: A1 holds a vault due in January, A2 one due this week. */
async function setup() {
  const staff = await makeCompanyWithUser(app);
  const warehouse = await makeWarehouse(staff, { rows: 2, cols: 2, field_capacity: 3 });
  const a1 = fieldByName(warehouse, 'A1');
  const a2 = fieldByName(warehouse, 'A2');
  await dueOn(
    await makeVault(staff, { field_id: a1.id, position: 1, vault_id: 'LATE' }),
    '2027-01-06',
  );
  await dueOn(
    await makeVault(staff, { field_id: a2.id, position: 1, vault_id: 'SOON' }),
    '2026-12-07',
  );
  return { staff, warehouse, a1, a2 };
}

const suggest = (staff: SignedInStaff, warehouse: Warehouse, query: string) =>
  staff.client.get(`/api/warehouses/${warehouse.id}/suggested-place?${query}`);

describe('GET /api/warehouses/:id/suggested-place', () => {
  it('suggests the top of a stack due out later for a vault due sooner, and the place is accepted', async () => {
    const { staff, warehouse, a1, a2 } = await setup();
    const res = await suggest(
      staff,
      warehouse,
      `type=vault&expected_release=2026-12-16&from_field_id=${a2.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as SuggestedPlace).toEqual({
      field_id: a1.id,
      field_name: 'A1',
      position: 2,
      reason:
        'Sooner releases on top: the top vault of A1 is due out the week of 2027-01-04, not before this one.',
    });
    const placed = await makeVault(staff, { field_id: a1.id, position: 2 });
    expect(placed).toMatchObject({ field_name: 'A1', position: 2 });
  });

  it('chooses an empty field over burying a sooner release, and a customer of the company', async () => {
    const { staff, warehouse, a1 } = await setup();
    const second = await makeVault(staff, { field_id: a1.id, position: 2 });
    await dueOn(second, '2027-01-08');
    const customerId = second.customer_id;
    const res = await suggest(
      staff,
      warehouse,
      `expected_release=2027-03-01&customer_id=${customerId}`,
    );
    expect(res.body).toMatchObject({ field_name: 'B1', position: 1 });
    expect((res.body as SuggestedPlace).reason).toMatch(/^Field B1 is empty/);
  });

  it("prefers the same customer's stack to a nearer one, and says so", async () => {
    const { staff, warehouse, a2 } = await setup();
    const b2 = fieldByName(warehouse, 'B2');
    const theirs = await makeVault(staff, {
      field_id: b2.id,
      position: 1,
      customer_name: 'OKAFOR',
    });
    await dueOn(theirs, '2027-01-06');
    const day = `expected_release=2026-12-16&from_field_id=${a2.id}`;
    expect((await suggest(staff, warehouse, day)).body).toMatchObject({ field_name: 'A1' });
    const res = await suggest(staff, warehouse, `${day}&customer_id=${theirs.customer_id}`);
    expect(res.body).toEqual({
      field_id: b2.id,
      field_name: 'B2',
      position: 2,
      reason:
        "Same customer, sooner releases on top: the top vault of B2 is this customer's and is due out the week of 2027-01-04.",
    });
  });

  it('answers with a sentence, not a place, when no field has room for the type', async () => {
    const { staff, warehouse } = await setup();
    const res = await suggest(staff, warehouse, 'type=couchbox&expected_release=2026-12-16');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      field_id: null,
      field_name: null,
      position: null,
      reason: `No couchbox field in ${warehouse.name} has room for a couchbox.`,
    });
  });

  it('refuses a date that is not a day, an unknown type and a bad id with a sentence', async () => {
    const { staff, warehouse } = await setup();
    const cases: [string, string][] = [
      ['expected_release=2026-02-30', 'Expected release must be a real date written YYYY-MM-DD.'],
      ['type=vault', 'Expected release is required (YYYY-MM-DD).'],
      [
        'type=crate&expected_release=2026-12-16',
        'Type must be one of vault, liftvan, t2, couchbox.',
      ],
      [
        'expected_release=2026-12-16&customer_id=abc',
        'Customer id must be a positive whole number.',
      ],
    ];
    for (const [query, message] of cases) {
      const res = await suggest(staff, warehouse, query);
      expect(res.status, query).toBe(400);
      expect(errorOf(res).message, query).toContain(message);
    }
  });

  it("answers 404 for another company's warehouse, customer or field, as if they did not exist", async () => {
    const { staff, warehouse, a1 } = await setup();
    const other = await setup();
    const otherCustomer = (await makeVault(other.staff, { field_id: other.a1.id, position: 2 }))
      .customer_id;
    const day = 'expected_release=2026-12-16';
    expect((await suggest(staff, other.warehouse, day)).status).toBe(404);
    expect((await suggest(staff, warehouse, `${day}&customer_id=${otherCustomer}`)).status).toBe(
      404,
    );
    expect((await suggest(staff, warehouse, `${day}&from_field_id=${other.a1.id}`)).status).toBe(
      404,
    );
    expect((await suggest(staff, warehouse, `${day}&from_field_id=${a1.id}`)).status).toBe(200);
  });
});

describe('GET /api/warehouses/:id/release-outlook', () => {
  it('counts per week the vaults due and those with a vault due later on top', async () => {
    const { staff, warehouse, a1, a2 } = await setup();
    // Due this week under one due next week: a dig-out that week.
    await dueOn(await makeVault(staff, { field_id: a2.id, position: 2 }), '2026-12-16');
    // Due in January with an undated vault on top: counts as later.
    await dueOn(await makeVault(staff, { field_id: a1.id, position: 2 }), null);
    const res = await staff.client.get(`/api/warehouses/${warehouse.id}/release-outlook`);
    expect(res.status).toBe(200);
    expect(res.body as ReleaseOutlook).toEqual({
      weeks: [
        { week_start: '2026-12-07', due: 1, needing_dig_out: 1 },
        { week_start: '2026-12-14', due: 1, needing_dig_out: 0 },
        { week_start: '2027-01-04', due: 1, needing_dig_out: 1 },
      ],
    });
  });

  it("answers 404 for another company's warehouse", async () => {
    const { staff } = await setup();
    const other = await setup();
    const res = await staff.client.get(`/api/warehouses/${other.warehouse.id}/release-outlook`);
    expect(res.status).toBe(404);
  });
});

import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CustomerSummary } from '../../src/contracts/customers';
import type { RequestAnswer } from '../../src/contracts/requests';
import type { Vault } from '../../src/contracts/vaults';
import { addDays } from '../../src/domain/calendar-days';
import { parseTagRanges } from '../../src/domain/inventory-tags';
import { fieldId, makeWarehouse, type SignedInStaff } from './factories';
import type { TestApp } from './test-app';
import { makeVault } from './vault-factories';

export interface CustomerWithVaults {
  customerId: number;
  name: string;
  /** By vault name. */
  vaults: Record<string, Vault>;
}

/**
 * A customer with vaults stacked in field A1 of a new warehouse, bottom first, each holding the
 * tags written after its name ("V1: LOT 4471, tags 1-100").
 */
export async function makeCustomerWithVaults(
  app: TestApp,
  staff: SignedInStaff,
  customer: string,
  vaults: Record<string, string>,
): Promise<CustomerWithVaults> {
  const warehouse = await makeWarehouse(staff, { field_capacity: 6 });
  const made: Record<string, Vault> = {};
  let position = 1;
  for (const [name, tags] of Object.entries(vaults)) {
    const vault = await makeVault(staff, {
      field_id: fieldId(warehouse, 'A1'),
      position,
      vault_id: name,
      customer_name: customer,
    });
    position += 1;
    made[name] = vault;
    const parsed = parseTagRanges(tags);
    if (!parsed.ok) throw new Error(parsed.error);
    for (const range of parsed.ranges) {
      await app.deps.db.execute(
        sql`INSERT INTO vault_tags (company_id, vault_id, lot, first_tag, last_tag)
            VALUES (${staff.user.companyId}, ${vault.id}, ${range.lot}, ${range.first}, ${range.last})`,
      );
    }
  }
  const list = (await staff.client.get('/api/customers')).body as CustomerSummary[];
  const found = list.find((c) => c.name === customer);
  if (!found) throw new Error(`No customer ${customer}`);
  return { customerId: found.id, name: customer, vaults: made };
}

/** The database's day `days` from today. */
export async function dayFromToday(app: TestApp, days: number): Promise<string> {
  const result = (await app.deps.db.execute(
    sql`SELECT to_char(CURRENT_DATE, 'YYYY-MM-DD') AS today`,
  )) as unknown as { rows: { today: string }[] };
  return addDays(result.rows[0]?.today ?? '', days);
}

/** Makes a request through the API and expects it to be accepted. */
export async function makeRequest(
  staff: SignedInStaff,
  body: Record<string, unknown>,
): Promise<RequestAnswer> {
  const res = await staff.client.post('/api/requests', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RequestAnswer;
}

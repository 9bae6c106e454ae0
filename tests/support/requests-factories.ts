import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CustomerSummary } from '../../src/contracts/customers';
import type {
  RequestAnswer,
  RequestDetail,
  RequestHistoryEntry,
} from '../../src/contracts/requests';
import type { Vault } from '../../src/contracts/vaults';
import { addDays } from '../../src/domain/calendar-days';
import { parseTagRanges, type TagRange } from '../../src/domain/inventory-tags';
import type { RequestKind } from '../../src/domain/storage-requests';
import { fieldId, makeWarehouse, type SignedInStaff } from './factories';
import type { HttpClient } from './http-client';
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
    await sqlInsertVaultTags(app, staff, vault.id, parsed.ranges);
  }
  const list = (await staff.client.get('/api/customers')).body as CustomerSummary[];
  const found = list.find((c) => c.name === customer);
  if (!found) throw new Error(`No customer ${customer}`);
  return { customerId: found.id, name: customer, vaults: made };
}

// No call writes a vault's inventory tags: the app only reads them to find the vaults holding
// a release's items, so a test gives a vault its tags in SQL.
async function sqlInsertVaultTags(
  app: TestApp,
  staff: SignedInStaff,
  vaultId: number,
  ranges: readonly TagRange[],
): Promise<void> {
  for (const range of ranges) {
    await app.deps.db.execute(
      sql`INSERT INTO vault_tags (company_id, vault_id, lot, first_tag, last_tag)
          VALUES (${staff.user.companyId}, ${vaultId}, ${range.lot}, ${range.first}, ${range.last})`,
    );
  }
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

/**
 * A request for the vaults, asked for their customer and confirmed, as the office leaves it
 * for the crew: the pull list plans confirmed requests only.
 */
export async function makeConfirmedRequest(
  staff: SignedInStaff,
  request: { kind?: Extract<RequestKind, 'release_vaults' | 'access'>; dueOn: string },
  vaults: readonly Vault[],
): Promise<RequestDetail> {
  const customerId = vaults[0]?.customer_id;
  if (!customerId) throw new Error('A request names vaults of a customer');
  const asked = await makeRequest(staff, {
    customer_id: customerId,
    kind: request.kind ?? 'release_vaults',
    due_on: request.dueOn,
    vault_ids: vaults.map((v) => v.id),
  });
  const res = await staff.client.post(`/api/requests/${asked.id}/confirm`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RequestDetail;
}

/** The request's history, oldest first, as anyone of its company reads it. */
export async function requestHistory(
  client: HttpClient,
  requestId: number,
): Promise<RequestHistoryEntry[]> {
  const res = await client.get(`/api/requests/${requestId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as RequestDetail).history;
}

import { sql } from 'drizzle-orm';
import type { RequestKind, RequestStatus } from '../../src/domain/storage-requests';
import type { SignedInStaff } from './factories';
import type { TestApp } from './test-app';

// Raw SQL: a customer's request as the office leaves it once confirmed, with its vaults
// resolved. The Requests API is built beside the pull list; these rows are what it writes.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A confirmed request (or one in another status) of the vaults' customer, due on `dueOn`. */
export async function sqlInsertRequest(
  app: TestApp,
  staff: SignedInStaff,
  request: {
    kind?: RequestKind;
    dueOn: string;
    vaultIds: readonly number[];
    status?: RequestStatus;
  },
): Promise<number> {
  const companyId = staff.user.companyId;
  const db = app.deps.db;
  await db.execute(
    sql`INSERT INTO customers (company_id, name) VALUES (${companyId}, 'SMITH') ON CONFLICT DO NOTHING`,
  );
  const [customer] = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM customers WHERE company_id = ${companyId} AND name = 'SMITH'`,
    ),
  );
  if (!customer) throw new Error('no customer');
  const [inserted] = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO storage_requests (company_id, customer_id, kind, due_on, status, asked_by)
      VALUES (${companyId}, ${customer.id}, ${request.kind ?? 'release_vaults'}, ${request.dueOn}::date,
              ${request.status ?? 'confirmed'}, ${staff.email})
      RETURNING id`),
  );
  if (!inserted) throw new Error('no request');
  for (const vaultId of request.vaultIds) {
    await db.execute(sql`
      INSERT INTO storage_request_vaults (request_id, company_id, vault_id)
      VALUES (${inserted.id}, ${companyId}, ${vaultId})`);
  }
  return inserted.id;
}

/** The request's history kinds, oldest first, as storage_request_events holds them. */
export async function sqlRequestEvents(app: TestApp, requestId: number) {
  return rowsOf<{ kind: string; details: Record<string, unknown>; actor: string | null }>(
    await app.deps.db.execute(
      sql`SELECT kind, details, actor FROM storage_request_events WHERE request_id = ${requestId} ORDER BY id`,
    ),
  );
}

import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SignedInStaff } from './factories';
import type { TestApp } from './test-app';

// Raw-SQL builders, for data the API would build too slowly or cannot build (staged vaults
// with an old field, odd positions). Everything else goes through the API (factories.ts and
// the <domain>-factories.ts files).

/**
 * Raw SQL: a vault row as it is, staged vaults and odd positions included, without the
 * placement rules or history (print list and statistics only read vaults).
 */
export async function sqlInsertVault(
  app: TestApp,
  staff: SignedInStaff,
  vault: {
    name?: string | null;
    customer?: string | null;
    type?: 'vault' | 'liftvan' | 't2' | 'couchbox';
    fieldId?: number | null;
    position?: number | null;
    oldFieldId?: number | null;
    note?: string;
  },
): Promise<void> {
  const companyId = staff.user.companyId;
  let customerId: number | null = null;
  if (vault.customer) {
    await app.deps.db.execute(
      sql`INSERT INTO customers (company_id, name) VALUES (${companyId}, ${vault.customer}) ON CONFLICT DO NOTHING`,
    );
    const result = (await app.deps.db.execute(
      sql`SELECT id FROM customers WHERE company_id = ${companyId} AND name = ${vault.customer}`,
    )) as unknown as { rows: { id: number }[] };
    customerId = result.rows[0]?.id ?? null;
  }
  await app.deps.db.execute(sql`
    INSERT INTO vaults (company_id, name, customer_id, type, field_id, position, old_field_id, note)
    VALUES (${companyId}, ${vault.name === undefined ? crypto.randomBytes(3).toString('hex') : vault.name},
            ${customerId}, ${vault.type ?? 'vault'}, ${vault.fieldId ?? null}, ${vault.position ?? null},
            ${vault.oldFieldId ?? null}, ${vault.note ?? ''})`);
}

/** Raw SQL: a bare vault row in a field, no customer, no history (layout tests fill fields fast). */
export async function sqlPlaceVault(
  app: TestApp,
  companyId: number,
  fieldId: number,
  position: number,
  name: string,
) {
  await app.deps.db.execute(
    sql`INSERT INTO vaults (company_id, name, field_id, position) VALUES (${companyId}, ${name}, ${fieldId}, ${position})`,
  );
}

/** Raw SQL: a field's type, without the couchbox pairing rules of the API. */
export async function sqlSetFieldType(
  app: TestApp,
  fieldId: number,
  type: 'vault' | 'couchbox-T' | 'couchbox-B',
) {
  await app.deps.db.execute(sql`UPDATE fields SET type = ${type} WHERE id = ${fieldId}`);
}

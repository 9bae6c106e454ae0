import { sql } from 'drizzle-orm';
import { normaliseName } from '../../domain/names';
import type { Db } from './client';
import { customers, orders } from './schema/vaults';

/**
 * Finds or creates the company's customer (or order) by name. Vaults and pallets share the
 * customers table, and this is the one way a name gets into it, always normalised (upper
 * case, single spaces), so 'JOHN  SMITH' and 'JOHN SMITH' are one customer whoever writes it.
 */
async function upsertName(
  db: Db,
  table: typeof customers | typeof orders,
  companyId: number,
  name: string,
): Promise<number> {
  const [row] = await db
    .insert(table)
    .values({ companyId, name: normaliseName(name) })
    .onConflictDoUpdate({
      target: [table.companyId, table.name],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: table.id });
  if (!row) throw new Error('Name upsert returned nothing');
  return row.id;
}

export const upsertCustomer = (db: Db, companyId: number, name: string) =>
  upsertName(db, customers, companyId, name);
export const upsertOrder = (db: Db, companyId: number, name: string) =>
  upsertName(db, orders, companyId, name);

import { sql } from 'drizzle-orm';
import { normaliseName } from '../../domain/names';
import type { Db } from './client';
import { keptStatement } from './kept-statements';
import { customers, orders } from './schema/vaults';

/**
 * Finds or creates the company's customer (or order) by name. Vaults and pallets share the
 * customers table, and this is the one way a name gets into it, always normalised (upper
 * case, single spaces), so 'JOHN  SMITH' and 'JOHN SMITH' are one customer whoever writes it.
 */
function upsertName(table: typeof customers | typeof orders) {
  // Every vault add runs it, so its text is built once (decision 0071).
  const upsert = keptStatement(`vg_upsert_${table === customers ? 'customer' : 'order'}`, (db) =>
    db
      .insert(table)
      .values({ companyId: sql.placeholder('companyId'), name: sql.placeholder('name') })
      .onConflictDoUpdate({
        target: [table.companyId, table.name],
        set: { name: sql`excluded.name` },
      })
      .returning({ id: table.id }),
  );
  return async (db: Db, companyId: number, name: string): Promise<number> => {
    const [row] = await upsert(db, { companyId, name: normaliseName(name) });
    if (!row) throw new Error('Name upsert returned nothing');
    return row.id;
  };
}

export const upsertCustomer = upsertName(customers);
export const upsertOrder = upsertName(orders);

import { sql } from 'drizzle-orm';
import { normaliseName } from '../../domain/names';
import type { Db } from './client';
import { customers, orders } from './schema/vaults';

/**
 * Finds or creates the company's customer (or order) by name. Vaults and pallets share the
 * customers table, and this is the one way a name gets into it, always normalised (upper
 * case, single spaces), so 'JOHN  SMITH' and 'JOHN SMITH' are one customer whoever writes it.
 *
 * An existing name is found without touching its row: an upsert's `DO UPDATE` to the same
 * name fired the tables' update triggers (versions, answer marks) on every vault add, about
 * half a millisecond of the embedded engine's time for nothing (decision 0071). Only when a
 * name is inserted by someone else between this statement's snapshot and its insert does it
 * find nothing; the upsert then returns the row that won.
 */
function findOrCreateName(table: typeof customers | typeof orders) {
  return async (db: Db, companyId: number, rawName: string): Promise<number> => {
    const name = normaliseName(rawName);
    const created = db.$with('created').as(
      db
        .insert(table)
        .values({ companyId, name })
        .onConflictDoNothing({ target: [table.companyId, table.name] })
        .returning({ id: table.id }),
    );
    const [row] = await db
      .with(created)
      .select({ id: sql<number>`id`.mapWith(Number) })
      .from(
        sql`(SELECT id FROM created UNION ALL SELECT ${table.id} FROM ${table}
        WHERE ${table.companyId} = ${companyId} AND ${table.name} = ${name}) AS found`,
      )
      .limit(1);
    if (row) return row.id;
    const [won] = await db
      .insert(table)
      .values({ companyId, name })
      .onConflictDoUpdate({
        target: [table.companyId, table.name],
        set: { name: sql`excluded.name` },
      })
      .returning({ id: table.id });
    if (!won) throw new Error('Name upsert returned nothing');
    return won.id;
  };
}

export const upsertCustomer = findOrCreateName(customers);
export const upsertOrder = findOrCreateName(orders);

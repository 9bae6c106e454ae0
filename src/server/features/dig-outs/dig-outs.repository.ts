import { and, desc, eq } from 'drizzle-orm';
import type { DigOutStep } from '../../../contracts/dig-outs';
import type { Db } from '../../db/client';
import { digOuts } from '../../db/schema/dig-outs';

export type DigOutRow = typeof digOuts.$inferSelect;
export type NewDigOut = Omit<typeof digOuts.$inferInsert, 'id' | 'createdAt'>;

export async function insertDigOut(db: Db, row: NewDigOut): Promise<number> {
  const [inserted] = await db.insert(digOuts).values(row).returning({ id: digOuts.id });
  if (!inserted) throw new Error('Dig-out insert returned no row');
  return inserted.id;
}

export async function findDigOut(db: Db, companyId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(digOuts)
    .where(and(eq(digOuts.companyId, companyId), eq(digOuts.id, id)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function updateDigOut(
  db: Db,
  companyId: number,
  id: number,
  change: { steps: DigOutStep[]; leftBehind?: DigOutRow['leftBehind'] },
): Promise<void> {
  await db
    .update(digOuts)
    .set(change)
    .where(and(eq(digOuts.companyId, companyId), eq(digOuts.id, id)));
}

export function listDigOuts(db: Db, companyId: number, limit: number) {
  return db
    .select()
    .from(digOuts)
    .where(eq(digOuts.companyId, companyId))
    .orderBy(desc(digOuts.id))
    .limit(limit);
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields } from '../../db/schema/warehouses';
import { vaults } from '../../db/schema/vaults';

export type FieldRow = typeof fields.$inferSelect;

export async function findField(
  db: Db,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(fields)
    .where(and(eq(fields.companyId, companyId), eq(fields.id, id)))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findFieldByName(
  db: Db,
  companyId: number,
  warehouseId: number,
  name: string,
) {
  const rows = await db
    .select()
    .from(fields)
    .where(
      and(
        eq(fields.companyId, companyId),
        eq(fields.warehouseId, warehouseId),
        eq(fields.name, name),
      ),
    )
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function countVaults(db: Db, companyId: number, fieldId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vaults)
    .where(and(eq(vaults.companyId, companyId), eq(vaults.fieldId, fieldId)));
  return row?.n ?? 0;
}

export async function setFieldType(db: Db, companyId: number, id: number, type: FieldRow['type']) {
  await db
    .update(fields)
    .set({ type })
    .where(and(eq(fields.companyId, companyId), eq(fields.id, id)));
}

export async function setFieldFull(db: Db, companyId: number, id: number, full: boolean) {
  const rows = await db
    .update(fields)
    .set({ full })
    .where(and(eq(fields.companyId, companyId), eq(fields.id, id)))
    .returning({ id: fields.id });
  return rows.length > 0;
}

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AuditFinding, AuditScopeKind } from '../../../contracts/audits';
import { queryRows, type Db } from '../../db/client';
import { auditFields, audits } from '../../db/schema/audits';

export type AuditRow = typeof audits.$inferSelect;
export type AuditFieldRow = typeof auditFields.$inferSelect;

export interface AuditCounts {
  auditId: number;
  fieldCount: number;
  checkedCount: number;
  openCount: number;
}

export async function insertAudit(
  db: Db,
  row: {
    companyId: number;
    warehouseId: number;
    warehouseName: string;
    scope: AuditScopeKind;
    scopeLabel: string;
    startedByUserId: number;
    startedByEmail: string;
  },
  fieldsInScope: readonly { id: number; name: string }[],
): Promise<number> {
  const [inserted] = await db.insert(audits).values(row).returning({ id: audits.id });
  if (!inserted) throw new Error('Audit insert returned no row');
  await db.insert(auditFields).values(
    fieldsInScope.map((f, i) => ({
      companyId: row.companyId,
      auditId: inserted.id,
      fieldId: f.id,
      fieldName: f.name,
      sortOrder: i,
    })),
  );
  return inserted.id;
}

export async function findAudit(db: Db, companyId: number, id: number): Promise<AuditRow | null> {
  const rows = await db
    .select()
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, id)));
  return rows[0] ?? null;
}

export function listAudits(db: Db, companyId: number, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(audits)
    .where(eq(audits.companyId, companyId))
    .orderBy(desc(audits.startedAt), desc(audits.id))
    .limit(limit);
}

export function listAuditFields(db: Db, companyId: number, auditId: number) {
  return db
    .select()
    .from(auditFields)
    .where(and(eq(auditFields.companyId, companyId), eq(auditFields.auditId, auditId)))
    .orderBy(asc(auditFields.sortOrder));
}

/** Fields, fields checked and findings still open per audit, counted in the database. */
export function countAuditFields(
  db: Db,
  companyId: number,
  auditIds: readonly number[],
): Promise<AuditCounts[]> {
  if (auditIds.length === 0) return Promise.resolve([]);
  return queryRows<AuditCounts>(
    db,
    sql`SELECT af.audit_id AS "auditId", count(*)::int AS "fieldCount",
               count(af.checked_at)::int AS "checkedCount",
               COALESCE(sum((
                 SELECT count(*) FROM jsonb_array_elements(af.findings) f
                 WHERE f->>'status' <> 'in_place'
                   AND COALESCE(jsonb_typeof(f->'fixed'), 'null') = 'null'
               )), 0)::int AS "openCount"
        FROM audit_fields af
        WHERE af.company_id = ${companyId}
          AND af.audit_id IN (${sql.join(
            auditIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        GROUP BY af.audit_id`,
  );
}

/**
 * One field of an audit, its row locked: two people fixing findings of one field take turns,
 * so neither overwrites the other's marks. Other fields of the audit stay free.
 */
export async function lockAuditField(
  db: Db,
  companyId: number,
  auditId: number,
  fieldId: number,
): Promise<AuditFieldRow | null> {
  const rows = await db
    .select()
    .from(auditFields)
    .where(
      and(
        eq(auditFields.companyId, companyId),
        eq(auditFields.auditId, auditId),
        eq(auditFields.fieldId, fieldId),
      ),
    )
    .for('update');
  return rows[0] ?? null;
}

export async function findAuditField(db: Db, companyId: number, auditId: number, fieldId: number) {
  const rows = await db
    .select()
    .from(auditFields)
    .where(
      and(
        eq(auditFields.companyId, companyId),
        eq(auditFields.auditId, auditId),
        eq(auditFields.fieldId, fieldId),
      ),
    );
  return rows[0] ?? null;
}

export async function saveCheck(
  db: Db,
  companyId: number,
  id: number,
  check: { seen: string[]; findings: AuditFinding[]; checkedByEmail: string },
): Promise<void> {
  await db
    .update(auditFields)
    .set({ ...check, checkedAt: sql`now()` })
    .where(and(eq(auditFields.companyId, companyId), eq(auditFields.id, id)));
}

export async function saveFindings(
  db: Db,
  companyId: number,
  id: number,
  findings: AuditFinding[],
): Promise<void> {
  await db
    .update(auditFields)
    .set({ findings })
    .where(and(eq(auditFields.companyId, companyId), eq(auditFields.id, id)));
}

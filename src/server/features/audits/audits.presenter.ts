import type { Audit, AuditField, AuditSummary } from '../../../contracts/audits';
import type { AuditCounts, AuditFieldRow, AuditRow } from './audits.repository';

export function presentAuditSummary(row: AuditRow, counts: AuditCounts | undefined): AuditSummary {
  return {
    id: row.id,
    warehouse_id: row.warehouseId,
    warehouse_name: row.warehouseName,
    scope: row.scope,
    scope_label: row.scopeLabel,
    started_by: row.startedByEmail,
    started_at: row.startedAt.toISOString(),
    field_count: counts?.fieldCount ?? 0,
    checked_count: counts?.checkedCount ?? 0,
    open_count: counts?.openCount ?? 0,
  };
}

function presentAuditField(row: AuditFieldRow): AuditField {
  return {
    field_id: row.fieldId,
    field_name: row.fieldName,
    seen: row.seen,
    checked_by: row.checkedByEmail,
    checked_at: row.checkedAt ? row.checkedAt.toISOString() : null,
    findings: row.findings,
  };
}

export function presentAudit(row: AuditRow, fieldRows: readonly AuditFieldRow[]): Audit {
  const fields = fieldRows.map(presentAuditField);
  const counts: AuditCounts = {
    auditId: row.id,
    fieldCount: fields.length,
    checkedCount: fields.filter((f) => f.checked_at !== null).length,
    openCount: fields
      .flatMap((f) => f.findings)
      .filter((f) => f.status !== 'in_place' && f.fixed === null).length,
  };
  return { ...presentAuditSummary(row, counts), fields };
}

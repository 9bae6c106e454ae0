import type { SessionUser } from '../../../contracts/auth';
import type {
  Audit,
  AuditFinding,
  AuditSummary,
  CheckFieldBody,
  FixFindingBody,
  StartAuditBody,
} from '../../../contracts/audits';
import type { VaultEventReason } from '../../../contracts/vault-events';
import { compareField, FIXABLE_STATUSES, restackPlan } from '../../../domain/audit-findings';
import { columnIndex, compareFieldNames } from '../../../domain/field-names';
import type { Db } from '../../db/client';
import * as floor from '../../db/floor-reads';
import { AppError, notFound } from '../../http/errors';
import { stageVault } from '../vaults/stage.service';
import { moveVault } from '../vaults/vaults.service';
import { presentAudit, presentAuditSummary } from './audits.presenter';
import * as repo from './audits.repository';

/** The audits list shows this many, newest first; older ones stay stored. */
const AUDIT_LIST_LIMIT = 200;

const vaultWord = (name: string | null) => (name ? `Vault ${name}` : 'This unit');
/** The same inside a sentence; the number keeps its case. */
const vaultWordInside = (name: string | null) => (name ? `vault ${name}` : 'this unit');

export async function listAudits(db: Db, user: SessionUser): Promise<AuditSummary[]> {
  const rows = await repo.listAudits(db, user.companyId, AUDIT_LIST_LIMIT);
  const counts = await repo.countAuditFields(
    db,
    user.companyId,
    rows.map((r) => r.id),
  );
  const byAudit = new Map(counts.map((c) => [c.auditId, c]));
  return rows.map((r) => presentAuditSummary(r, byAudit.get(r.id)));
}

export async function getAudit(db: Db, user: SessionUser, id: number): Promise<Audit> {
  const row = await repo.findAudit(db, user.companyId, id);
  if (!row) throw notFound('Audit');
  return presentAudit(row, await repo.listAuditFields(db, user.companyId, id));
}

export async function startAudit(db: Db, user: SessionUser, body: StartAuditBody): Promise<Audit> {
  const warehouse = await floor.findWarehouse(db, user.companyId, body.warehouseId);
  if (!warehouse) throw notFound('Warehouse');
  const all = await floor.listWarehouseFields(db, user.companyId, warehouse.id);
  // The lower half of a couchbox pair holds nothing; its units stand in the half above.
  const holding = all.filter((f) => f.type !== 'couchbox-B');
  let inScope = holding;
  let label = 'whole warehouse';
  if (body.scope === 'field') {
    const field = all.find((f) =>
      body.fieldId === undefined ? f.name === body.fieldName : f.id === body.fieldId,
    );
    if (!field) throw notFound('Field');
    if (field.type === 'couchbox-B') {
      throw new AppError(
        'VALIDATION_FAILED',
        `Field ${field.name} is the lower half of a couchbox; audit the field above it.`,
      );
    }
    inScope = [field];
    label = `field ${field.name}`;
  } else if (body.scope === 'column') {
    const letters = body.column ?? '';
    const index = columnIndex(letters);
    inScope = holding.filter((f) => f.colIndex === index);
    if (inScope.length === 0) throw notFound(`Column ${letters}`);
    label = `column ${letters}`;
  }
  const ordered = [...inScope].sort((a, b) => compareFieldNames(a.name, b.name));
  const id = await db.transaction((tx) =>
    repo.insertAudit(
      tx,
      {
        companyId: user.companyId,
        warehouseId: warehouse.id,
        warehouseName: warehouse.name,
        scope: body.scope,
        scopeLabel: label,
        startedByUserId: user.id,
        startedByEmail: user.email,
      },
      ordered,
    ),
  );
  return getAudit(db, user, id);
}

async function auditField(db: Db, user: SessionUser, auditId: number, fieldId: number) {
  const audit = await repo.findAudit(db, user.companyId, auditId);
  if (!audit) throw notFound('Audit');
  const field = await repo.findAuditField(db, user.companyId, auditId, fieldId);
  if (!field) throw notFound('Field');
  return { audit, field };
}

/** Records what was seen in one field and compares it with the records. Moves nothing. */
export async function checkField(
  db: Db,
  user: SessionUser,
  auditId: number,
  fieldId: number,
  body: CheckFieldBody,
): Promise<Audit> {
  const { field } = await auditField(db, user, auditId, fieldId);
  const seen = [...new Set(body.seen)];
  const recorded = await floor.listVaultsInFields(db, user.companyId, [field.fieldId]);
  const known = await floor.listVaultsByNames(db, user.companyId, seen);
  const findings = compareField({
    fieldId: field.fieldId,
    seen,
    recorded: recorded.map((v) => ({ vaultId: v.id, name: v.name, position: v.position ?? 0 })),
    known: new Map(
      known.flatMap((v) =>
        v.name === null
          ? []
          : [[v.name, { vaultId: v.id, fieldId: v.fieldId, place: floor.describeVaultPlace(v) }]],
      ),
    ),
  }).map((f): AuditFinding => ({
    status: f.status,
    vault_id: f.vaultId,
    vault_name: f.vaultName,
    seen_position: f.seenPosition,
    recorded_position: f.recordedPosition,
    recorded_place: f.recordedPlace,
    fixed: null,
  }));
  await db.transaction(async (tx) => {
    if (!(await repo.lockAuditField(tx, user.companyId, auditId, fieldId))) throw notFound('Field');
    await repo.saveCheck(tx, user.companyId, field.id, {
      seen,
      findings,
      checkedByEmail: user.email,
    });
  });
  return getAudit(db, user, auditId);
}

/**
 * Runs one placement through the services and turns their refusals into a sentence about
 * the audit: what the rule is, what stands in the way, and what staff can do instead.
 */
async function placing<T>(
  work: () => Promise<T>,
  hints: { notTopmost: string; other: string },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw error;
    const message =
      error.code === 'VAULT_NOT_TOPMOST' ? hints.notTopmost : `${error.message} ${hints.other}`;
    throw new AppError('AUDIT_FIX_NOT_POSSIBLE', message);
  }
}

async function lowestFreeSlot(db: Db, companyId: number, fieldId: number) {
  const room = await floor.fieldRoom(db, companyId, fieldId);
  if (!room) throw notFound('Field');
  return room;
}

interface FixOutcome {
  action: string;
  message: string;
  fixedVaultIds: number[];
}

async function fixElsewhere(
  db: Db,
  user: SessionUser,
  fieldName: string,
  fieldId: number,
  finding: AuditFinding,
  toStage: boolean,
  reason: VaultEventReason,
): Promise<FixOutcome> {
  const vaultId = finding.vault_id ?? 0;
  const who = vaultWord(finding.vault_name);
  const v = await floor.findVault(db, user.companyId, vaultId);
  if (!v) throw notFound('Vault');
  const done = (action: string, message: string) => ({
    action,
    message,
    fixedVaultIds: [vaultId],
  });
  if (v.fieldId === fieldId)
    return done('already here', `${who} is already recorded in field ${fieldName}.`);
  const notTopmost = `${who} is recorded in ${floor.describeVaultPlace(v)}, under other vaults, and only the topmost vault of a field moves. Audit field ${v.fieldName ?? ''} and fix the vaults above it first.`;
  if (toStage) {
    if (v.fieldId === null) return done('on stage', `${who} is already recorded on the stage.`);
    await placing(() => stageVault(db, user, vaultId, reason), {
      notTopmost,
      other: 'Fix that field first.',
    });
    return done('moved to stage', `${who} is now recorded on the stage.`);
  }
  const slot = await lowestFreeSlot(db, user.companyId, fieldId);
  if (slot.position === null) {
    throw new AppError(
      'AUDIT_FIX_NOT_POSSIBLE',
      `Field ${fieldName} has no free slot in the records (${slot.field.full ? 'it is marked full' : `${slot.taken} of ${slot.slots} taken`}). Fix the vaults recorded here but not found first, or put ${vaultWordInside(finding.vault_name)} on the stage.`,
    );
  }
  const position = slot.position;
  await placing(() => moveVault(db, user, { vaultId, fieldId, position }, reason), {
    notTopmost,
    other: `Put ${vaultWordInside(finding.vault_name)} on the stage instead, or fix field ${fieldName} first.`,
  });
  const orderNote =
    finding.seen_position !== null && finding.seen_position !== position
      ? ` It was seen at position ${finding.seen_position}: compare field ${fieldName} again to check the order.`
      : '';
  return done(
    `moved here, position ${position}`,
    `${who} is now recorded in field ${fieldName}, position ${position}.${orderNote}`,
  );
}

async function fixMissing(
  db: Db,
  user: SessionUser,
  fieldName: string,
  fieldId: number,
  finding: AuditFinding,
  reason: VaultEventReason,
): Promise<FixOutcome> {
  const vaultId = finding.vault_id ?? 0;
  const who = vaultWord(finding.vault_name);
  const done = (action: string, message: string) => ({
    action,
    message,
    fixedVaultIds: [vaultId],
  });
  const v = await floor.findVault(db, user.companyId, vaultId);
  if (!v) return done('deleted meanwhile', `${who} no longer exists in the records.`);
  if (v.fieldId !== fieldId) {
    return done(
      'moved meanwhile',
      `${who} is no longer recorded in field ${fieldName}: it is now in ${floor.describeVaultPlace(v)}.`,
    );
  }
  await placing(() => stageVault(db, user, vaultId, reason), {
    notTopmost: `${who} is recorded at position ${v.position ?? 0} of field ${fieldName}, under other vaults, and only the topmost vault goes to the stage. Fix the findings above it first, top down.`,
    other: 'Fix the field first.',
  });
  return done(
    'moved to stage',
    `${who} was not found in field ${fieldName} and is now recorded on the stage.`,
  );
}

async function fixOrder(
  db: Db,
  user: SessionUser,
  fieldName: string,
  fieldId: number,
  seen: readonly string[],
  findings: readonly AuditFinding[],
  reason: VaultEventReason,
): Promise<FixOutcome> {
  const recorded = await floor.listVaultsInFields(db, user.companyId, [fieldId]);
  const byName = new Map(recorded.flatMap((v) => (v.name === null ? [] : [[v.name, v] as const])));
  const seenOrder = seen.flatMap((name) => {
    const v = byName.get(name);
    return v ? [v.id] : [];
  });
  const plan = restackPlan(
    recorded.map((v) => v.id),
    seenOrder,
  );
  if (!plan) {
    const unseen = recorded
      .filter((v) => !seenOrder.includes(v.id))
      .map((v) => v.name ?? `(${v.type})`);
    throw new AppError(
      'AUDIT_FIX_NOT_POSSIBLE',
      `The records of field ${fieldName} hold vaults that were not seen there (${unseen.join(', ')}). Fix those first, then the order.`,
    );
  }
  const interrupted = `Some vaults of field ${fieldName} may now be recorded on the stage: compare the field again.`;
  for (const id of plan.lift) {
    await placing(() => stageVault(db, user, id, reason), {
      notTopmost: `The records of field ${fieldName} changed meanwhile. ${interrupted}`,
      other: interrupted,
    });
  }
  for (const id of plan.setBack) {
    const slot = await lowestFreeSlot(db, user.companyId, fieldId);
    const position = slot.position;
    if (position === null) {
      throw new AppError(
        'AUDIT_FIX_NOT_POSSIBLE',
        `Field ${fieldName} filled up meanwhile. ${interrupted}`,
      );
    }
    await placing(() => moveVault(db, user, { vaultId: id, fieldId, position }, reason), {
      notTopmost: interrupted,
      other: interrupted,
    });
  }
  const names = seenOrder.map((id) => recorded.find((v) => v.id === id)?.name ?? '');
  return {
    action: 'restacked in the order seen',
    message: `Field ${fieldName} is now recorded in the order seen, bottom to top: ${names.join(', ')}.`,
    fixedVaultIds: findings
      .filter((f) => f.status === 'order_differs' && f.vault_id !== null)
      .map((f) => f.vault_id ?? 0),
  };
}

/** One tap: fixes one finding by moving the record through the placement services. */
export async function fixFinding(
  db: Db,
  user: SessionUser,
  auditId: number,
  fieldId: number,
  body: FixFindingBody,
): Promise<{ audit: Audit; message: string }> {
  const { audit, field } = await auditField(db, user, auditId, fieldId);
  if (field.seen === null) {
    throw new AppError(
      'AUDIT_FIELD_NOT_CHECKED',
      `Field ${field.fieldName} has not been compared yet: enter the vaults seen there first.`,
    );
  }
  const finding = field.findings.find(
    (f) => f.vault_id === body.vaultId && FIXABLE_STATUSES.includes(f.status) && f.fixed === null,
  );
  if (!finding) {
    throw new AppError(
      'AUDIT_NOTHING_TO_FIX',
      `Nothing to fix for this vault in field ${field.fieldName}: it was found in place, or it is fixed already.`,
    );
  }
  const reason: VaultEventReason = { kind: 'audit', id: audit.id };
  const outcome =
    finding.status === 'elsewhere'
      ? await fixElsewhere(db, user, field.fieldName, fieldId, finding, body.toStage, reason)
      : finding.status === 'missing'
        ? await fixMissing(db, user, field.fieldName, fieldId, finding, reason)
        : await fixOrder(db, user, field.fieldName, fieldId, field.seen, field.findings, reason);

  await db.transaction(async (tx) => {
    const locked = await repo.lockAuditField(tx, user.companyId, auditId, fieldId);
    if (!locked) throw notFound('Field');
    const at = new Date().toISOString();
    const marked = locked.findings.map((f) =>
      f.vault_id !== null &&
      outcome.fixedVaultIds.includes(f.vault_id) &&
      FIXABLE_STATUSES.includes(f.status) &&
      f.fixed === null
        ? { ...f, fixed: { by: user.email, at, action: outcome.action } }
        : f,
    );
    await repo.saveFindings(tx, user.companyId, locked.id, marked);
  });
  return { audit: await getAudit(db, user, auditId), message: outcome.message };
}

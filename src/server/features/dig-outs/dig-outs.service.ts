import type { SessionUser } from '../../../contracts/auth';
import type { DigOut, DigOutPlan, DigOutStep, DigOutSummary } from '../../../contracts/dig-outs';
import type { VaultEventReason } from '../../../contracts/vault-events';
import { planDigOut, planPutBack, type PlanField } from '../../../domain/dig-out-plan';
import type { Db } from '../../db/client';
import * as floor from '../../db/floor-reads';
import { AppError, notFound } from '../../http/errors';
import { stageVault } from '../vaults/stage.service';
import { moveVault } from '../vaults/vaults.service';
import * as repo from './dig-outs.repository';

const vaultWord = (name: string | null) => (name ? `Vault ${name}` : 'This unit');
/** The same inside a sentence; the number keeps its case. */
const vaultWordInside = (name: string | null) => (name ? `vault ${name}` : 'this unit');

function present(row: repo.DigOutRow): DigOut {
  return {
    id: row.id,
    vault_id: row.vaultId,
    vault_name: row.vaultName,
    warehouse_id: row.warehouseId,
    warehouse_name: row.warehouseName,
    field_name: row.fieldName,
    position: row.position,
    steps: row.steps,
    notice: row.notice,
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    left: row.leftBehind,
  };
}

/** The list shows this many, newest first; a dig-out is a day's work, not an archive. */
const DIG_OUT_LIST_LIMIT = 50;

export async function listDigOuts(db: Db, user: SessionUser): Promise<DigOutSummary[]> {
  const rows = await repo.listDigOuts(db, user.companyId, DIG_OUT_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    vault_id: row.vaultId,
    vault_name: row.vaultName,
    warehouse_name: row.warehouseName,
    field_name: row.fieldName,
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    step_count: row.steps.length,
    done_count: row.steps.filter((s) => s.done_at !== null).length,
  }));
}

/** Plans from the records as they stand: the vaults above the target, each to a place. */
export async function planFor(db: Db, user: SessionUser, vaultId: number): Promise<DigOutPlan> {
  const target = await floor.findVault(db, user.companyId, vaultId);
  if (!target) throw notFound('Vault');
  const who = vaultWord(target.name);
  if (target.fieldId === null || target.position === null) {
    throw new AppError('DIG_OUT_NOT_NEEDED', `${who} is on the stage already.`);
  }
  const field = await floor.findField(db, user.companyId, target.fieldId);
  if (!field) throw notFound('Field');
  const fields = await floor.listWarehouseFields(db, user.companyId, field.warehouseId);
  const vaults = await floor.listVaultsInFields(
    db,
    user.companyId,
    fields.map((f) => f.id),
  );
  const takenBy = new Map<number, number[]>();
  for (const v of vaults) {
    if (v.fieldId === null || v.position === null) continue;
    takenBy.set(v.fieldId, [...(takenBy.get(v.fieldId) ?? []), v.position]);
  }
  const toPlanField = (f: floor.FloorField): PlanField => ({
    ...f,
    capacity: field.fieldCapacity,
    taken: takenBy.get(f.id) ?? [],
  });
  const plan = planDigOut({
    target: { id: target.id, position: target.position },
    field: toPlanField(field),
    fieldVaults: vaults
      .filter((v) => v.fieldId === field.id)
      .map((v) => ({ id: v.id, name: v.name, type: v.type, position: v.position ?? 0 })),
    fields: fields.map(toPlanField),
  });
  if (plan.kind === 'on_top') {
    throw new AppError(
      'DIG_OUT_NOT_NEEDED',
      `${who} is on top of field ${field.name}: nothing stands on it, so take it straight to the stage.`,
    );
  }
  const from = (position: number) => ({ field_id: field.id, field_name: field.name, position });
  const steps: DigOutStep[] = plan.moves.map((m) => ({
    kind: 'aside',
    vault_id: m.vault.id,
    vault_name: m.vault.name,
    from: from(m.vault.position),
    to: m.to && { field_id: m.to.fieldId, field_name: m.to.fieldName, position: m.to.position },
    done_at: null,
    done_by: null,
  }));
  steps.push({
    kind: 'out',
    vault_id: target.id,
    vault_name: target.name,
    from: from(target.position),
    to: null,
    done_at: null,
    done_by: null,
  });
  const staged = plan.moves.filter((m) => m.to === null).length;
  const notice = plan.isNoRoom
    ? `No field in ${target.warehouseName ?? 'this warehouse'} has a free slot: the ${staged === 1 ? 'vault' : `${staged} vaults`} above go to the stage.`
    : plan.isAnyStaged
      ? `The nearby fields have room for only some of the vaults above: ${staged} go to the stage.`
      : null;
  return {
    vault_id: target.id,
    vault_name: target.name,
    warehouse_id: field.warehouseId,
    warehouse_name: target.warehouseName ?? '',
    field_name: field.name,
    position: target.position,
    steps,
    notice,
  };
}

export async function startDigOut(db: Db, user: SessionUser, vaultId: number): Promise<DigOut> {
  const plan = await planFor(db, user, vaultId);
  const id = await repo.insertDigOut(db, {
    companyId: user.companyId,
    warehouseId: plan.warehouse_id,
    warehouseName: plan.warehouse_name,
    vaultId: plan.vault_id,
    vaultName: plan.vault_name,
    fieldName: plan.field_name,
    position: plan.position,
    steps: plan.steps,
    notice: plan.notice,
    createdByEmail: user.email,
  });
  return getDigOut(db, user, id);
}

export async function getDigOut(db: Db, user: SessionUser, id: number): Promise<DigOut> {
  const row = await repo.findDigOut(db, user.companyId, id);
  if (!row) throw notFound('Dig-out');
  return present(row);
}

/** Placement refusals keep their code; the sentence adds what staff can do instead. */
async function placing<T>(work: () => Promise<T>, hint: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw error;
    throw new AppError(error.code, `${error.message} ${hint}`);
  }
}

/**
 * Carries out one step with the normal rules and history. Steps go in order; the vault must
 * still stand where the plan found it. The step then records where the vault really went.
 */
export async function doStep(
  db: Db,
  user: SessionUser,
  id: number,
  index: number,
  toStage: boolean,
): Promise<DigOut> {
  const row = await repo.findDigOut(db, user.companyId, id);
  if (!row) throw notFound('Dig-out');
  const step = row.steps[index];
  if (!step) throw notFound('Step');
  const next = row.steps.findIndex((s) => s.done_at === null);
  if (index !== next) {
    throw new AppError(
      'DIG_OUT_STEP_OUT_OF_ORDER',
      step.done_at
        ? `This move is done already.`
        : `Do the moves in order: move ${next + 1} comes first.`,
    );
  }
  const who = vaultWord(step.vault_name);
  const v = await floor.findVault(db, user.companyId, step.vault_id);
  if (!v) throw notFound('Vault');
  if (v.fieldId !== (step.from?.field_id ?? null)) {
    throw new AppError(
      'VAULT_MOVED_MEANWHILE',
      `${who} is no longer where this plan found it: it is now in ${floor.describeVaultPlace(v)}. Plan the dig-out again.`,
    );
  }
  const reason: VaultEventReason = { kind: 'dig-out', id: row.id };
  let to: DigOutStep['to'] = null;
  if (toStage || step.to === null) {
    await placing(() => stageVault(db, user, v.id, reason), 'Follow the moves in order.');
  } else {
    const target = step.to;
    const room = await floor.fieldRoom(db, user.companyId, target.field_id);
    if (!room || room.position === null) {
      throw new AppError(
        'FIELD_FULL',
        `Field ${target.field_name} has no free slot any more. Put ${vaultWordInside(step.vault_name)} on the stage instead.`,
      );
    }
    const position = room.position;
    await placing(
      () => moveVault(db, user, { vaultId: v.id, fieldId: target.field_id, position }, reason),
      `Put ${vaultWordInside(step.vault_name)} on the stage instead.`,
    );
    to = { field_id: target.field_id, field_name: target.field_name, position };
  }
  await db.transaction(async (tx) => {
    const locked = await repo.findDigOut(tx, user.companyId, id, true);
    if (!locked) throw notFound('Dig-out');
    const steps = locked.steps.map((s, i) =>
      i === index ? { ...s, to, done_at: new Date().toISOString(), done_by: user.email } : s,
    );
    await repo.updateDigOut(tx, user.companyId, id, { steps });
  });
  return getDigOut(db, user, id);
}

/**
 * Once the target is out, adds the moves that put the lifted vaults back into their field,
 * bottom first, as far as its slots are free; the rest stay where they went, with the reason.
 */
export async function putBack(db: Db, user: SessionUser, id: number): Promise<DigOut> {
  const row = await repo.findDigOut(db, user.companyId, id);
  if (!row) throw notFound('Dig-out');
  const out = row.steps.find((s) => s.kind === 'out');
  if (!out?.done_at) {
    throw new AppError(
      'DIG_OUT_TARGET_NOT_OUT',
      `Take ${vaultWordInside(row.vaultName)} out first; then put the others back.`,
    );
  }
  if (row.steps.some((s) => s.kind === 'back')) {
    throw new AppError('DIG_OUT_STEP_OUT_OF_ORDER', 'The put-back moves are planned already.');
  }
  const lifted = row.steps.filter((s) => s.kind === 'aside');
  const home = out.from;
  if (!home) throw notFound('Field');
  const left: DigOut['left'] = [];
  const stillThere: DigOutStep[] = [];
  for (const s of lifted) {
    const v = await floor.findVault(db, user.companyId, s.vault_id);
    if (!v) left.push({ vault_name: s.vault_name, reason: 'no longer in the records' });
    else if (v.fieldId !== (s.to?.field_id ?? null))
      left.push({
        vault_name: s.vault_name,
        reason: `moved since the dig-out: now in ${floor.describeVaultPlace(v)}`,
      });
    else stillThere.push(s);
  }
  const room = await floor.fieldRoom(db, user.companyId, home.field_id);
  const { back, stay } = planPutBack(stillThere, room?.free ?? 0);
  for (const s of stay) {
    left.push({ vault_name: s.vault_name, reason: `no free slot in field ${home.field_name}` });
  }
  const firstFree = room?.position ?? 1;
  const backSteps: DigOutStep[] = back.map((s, i) => ({
    kind: 'back',
    vault_id: s.vault_id,
    vault_name: s.vault_name,
    from: s.to,
    to: { field_id: home.field_id, field_name: home.field_name, position: firstFree + i },
    done_at: null,
    done_by: null,
  }));
  await db.transaction(async (tx) => {
    const locked = await repo.findDigOut(tx, user.companyId, id, true);
    if (!locked) throw notFound('Dig-out');
    if (locked.steps.some((s) => s.kind === 'back')) {
      throw new AppError('DIG_OUT_STEP_OUT_OF_ORDER', 'The put-back moves are planned already.');
    }
    await repo.updateDigOut(tx, user.companyId, id, {
      steps: [...locked.steps, ...backSteps],
      leftBehind: left,
    });
  });
  return getDigOut(db, user, id);
}

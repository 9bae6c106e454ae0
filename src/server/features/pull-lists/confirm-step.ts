import type { SessionUser } from '../../../contracts/auth';
import type { PullList, PullListStep } from '../../../contracts/pull-lists';
import type { VaultEventReason } from '../../../contracts/vault-events';
import type { Db } from '../../db/client';
import * as floor from '../../db/floor-reads';
import { AppError } from '../../http/errors';
import { stageVault } from '../vaults/stage.service';
import { moveVault } from '../vaults/vaults.service';
import { describeStep, nextStep, readPullList, vaultOfCode } from './pull-lists.service';
import * as repo from './pull-lists.repository';

/**
 * The crew confirms the list's next step by the vault's code: the vault moves through the
 * placement services (their locks and rules, decision 0014), then the step is recorded. A
 * scan of another vault changes nothing and says where the right one stands.
 */
export async function confirmStep(
  db: Db,
  user: SessionUser,
  date: string,
  body: { vault_id: number; code: string },
): Promise<PullList> {
  const list = await readPullList(db, user, date);
  const step = nextStep(list);
  if (step.vault_id !== body.vault_id) {
    throw new AppError(
      'PULL_LIST_CHANGED',
      `The list changed since it was shown: next, ${describeStep(step)}.`,
    );
  }
  const scanned = await vaultOfCode(db, user.companyId, body.code);
  if (scanned !== step.vault_id) {
    const other = scanned === null ? null : await floor.findVault(db, user.companyId, scanned);
    const place = other && floor.describeVaultPlace(other);
    const what = other
      ? `That is vault ${other.name ?? other.id}, ${place === 'stage' ? 'on the stage' : `in ${place}`}`
      : `No vault has the code ${body.code.trim()}`;
    throw new AppError('PULL_WRONG_VAULT', `${what}. Next, ${describeStep(step)}.`);
  }
  const reason: VaultEventReason = { kind: 'request', id: step.request_id };
  if (step.kind === 'aside') await moveAside(db, user, date, step, reason);
  else await pull(db, user, list, step, reason);
  return readPullList(db, user, date);
}

async function moveAside(
  db: Db,
  user: SessionUser,
  date: string,
  step: PullListStep,
  reason: VaultEventReason,
): Promise<void> {
  const from = step.from;
  if (!from) throw new AppError('PULL_LIST_CHANGED', 'This vault is on the stage already.');
  // The slot is read again now: another placement may have taken the planned one.
  const room = step.to && (await floor.fieldRoom(db, user.companyId, step.to.field_id));
  let to: repo.MovePlace | null = null;
  if (step.to && room?.position) {
    const target = { field_id: step.to.field_id, field_name: step.to.field_name };
    const position = room.position;
    await moveVault(
      db,
      user,
      { vaultId: step.vault_id, fieldId: target.field_id, position },
      reason,
    );
    to = { ...target, position };
  } else {
    await stageVault(db, user, step.vault_id, reason);
  }
  await repo.insertDoneMove(db, user.companyId, date, {
    requestId: step.request_id,
    vaultId: step.vault_id,
    vaultName: step.vault_name,
    fromPlace: { ...from, warehouse_name: step.warehouse_name },
    toPlace: to,
    doneBy: user.email,
  });
}

/**
 * Stages the vault and records the pull on every open request of the day that takes it; the
 * first pull of a request starts it. A vault already staged only has its pull recorded.
 */
async function pull(
  db: Db,
  user: SessionUser,
  list: PullList,
  step: PullListStep,
  reason: VaultEventReason,
): Promise<void> {
  if (step.from) await stageVault(db, user, step.vault_id, reason);
  const holders = list.requests.filter(
    (r) =>
      (r.status === 'confirmed' || r.status === 'in_progress') &&
      r.vaults.some((v) => v.id === step.vault_id),
  );
  await db.transaction(async (tx) => {
    for (const r of holders) {
      if (!(await repo.markPulled(tx, user.companyId, r.id, step.vault_id, user.email))) continue;
      if (await repo.setStatus(tx, user.companyId, r.id, ['confirmed'], 'in_progress')) {
        await repo.insertEvent(tx, user.companyId, r.id, 'started', {}, user.email);
      }
      const from = step.from && {
        warehouse: step.warehouse_name,
        field: step.from.field_name,
        position: step.from.position,
      };
      const details = { vault_id: step.vault_id, vault_name: step.vault_name, from };
      await repo.insertEvent(tx, user.companyId, r.id, 'pulled', details, user.email);
    }
  });
}

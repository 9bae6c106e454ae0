import type { SessionUser } from '../../../contracts/auth';
import type { PullListRequest } from '../../../contracts/pull-lists';
import type { VaultEventReason } from '../../../contracts/vault-events';
import { canMoveTo } from '../../../domain/storage-requests';
import type { Db } from '../../db/client';
import * as floor from '../../db/floor-reads';
import { AppError, notFound } from '../../http/errors';
import { moveVault, releaseVault } from '../vaults/vaults.service';
import { presentRequest, readRequestFloor } from './pull-lists.service';
import * as repo from './pull-lists.repository';

const vaultWord = (v: { name: string | null; id: number }) => `vault ${v.name ?? v.id}`;

/**
 * Ends a request once every vault of it is pulled. A release releases them through the
 * release service (decision 0492: billing stops that day); an access request puts each back in
 * a field (the proposed one, or the one staff name) and records the visit. Vaults already
 * released or put back by a completion racing this one are left as they are.
 */
export async function completeRequest(
  db: Db,
  user: SessionUser,
  id: number,
  putBack: readonly { vault_id: number; field_name: string }[],
): Promise<PullListRequest> {
  const request = await repo.findRequest(db, user.companyId, id);
  if (!request) throw notFound('Request');
  if (!canMoveTo(request.status, 'done')) {
    throw new AppError(
      'REQUEST_NOT_READY',
      `Request ${id} is ${request.status.replace('_', ' ')}: only a confirmed or started request can be completed.`,
    );
  }
  const rows = await repo.listRequestVaults(db, user.companyId, [id]);
  const waiting = rows.filter((v) => v.pulledAt === null && v.releasedOn === null);
  if (waiting.length > 0) {
    const where = waiting.map(
      (v) =>
        `${vaultWord(v)} (${v.fieldName ? `field ${v.fieldName}, position ${v.position}` : 'stage'})`,
    );
    throw new AppError(
      'REQUEST_NOT_READY',
      `Pull every vault of request ${id} first: ${where.join(', ')} ${waiting.length === 1 ? 'is' : 'are'} still to pull.`,
    );
  }
  const details =
    request.kind === 'access'
      ? await putVaultsBack(db, user, id, rows, putBack)
      : await releaseVaults(db, user, rows);
  await db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, user.companyId, id, true);
    if (!locked || !canMoveTo(locked.status, 'done')) {
      throw new AppError('REQUEST_NOT_READY', `Request ${id} was completed meanwhile.`);
    }
    await repo.setStatus(tx, user.companyId, id, [locked.status], 'done');
    if (request.kind === 'access') {
      await repo.insertEvent(tx, user.companyId, id, 'visit', details, user.email);
    }
    await repo.insertEvent(tx, user.companyId, id, 'done', details, user.email);
  });
  const done = await repo.findRequest(db, user.companyId, id);
  if (!done) throw notFound('Request');
  return presentRequest(done, await repo.listRequestVaults(db, user.companyId, [id]), null);
}

async function releaseVaults(db: Db, user: SessionUser, rows: readonly repo.RequestVaultRow[]) {
  const released: string[] = [];
  for (const v of rows) {
    if (v.releasedOn !== null) continue;
    try {
      await releaseVault(db, user, v.id);
      released.push(v.name ?? String(v.id));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VAULT_RELEASED') throw error;
    }
  }
  return { released };
}

async function putVaultsBack(
  db: Db,
  user: SessionUser,
  id: number,
  rows: readonly repo.RequestVaultRow[],
  chosen: readonly { vault_id: number; field_name: string }[],
) {
  const reason: VaultEventReason = { kind: 'request', id };
  const staged = rows.filter((v) => v.fieldId === null && v.releasedOn === null);
  const put: { vault: string; field: string; position: number }[] = [];
  for (const v of staged) {
    const choice = chosen.find((c) => c.vault_id === v.id);
    // Read again per vault: the one before may have taken the proposed field's last slot.
    const day = await readRequestFloor(db, user.companyId, [v]);
    const proposed = day.proposePutBack(v);
    let fieldId = proposed?.field_id ?? null;
    if (choice) {
      const warehouseId = day.warehouseOf(v);
      fieldId =
        warehouseId === null
          ? null
          : await repo.findFieldIdByName(db, user.companyId, warehouseId, choice.field_name);
      if (fieldId === null) {
        throw new AppError(
          'VALIDATION_FAILED',
          `There is no field ${choice.field_name} in the warehouse ${vaultWord(v)} came from.`,
        );
      }
    }
    if (fieldId === null) {
      throw new AppError(
        'FIELD_FULL',
        `No field near where ${vaultWord(v)} came from has room: name a field to put it back in.`,
      );
    }
    const room = await floor.fieldRoom(db, user.companyId, fieldId);
    if (!room || room.position === null) {
      throw new AppError(
        'FIELD_FULL',
        `Field ${room?.field.name ?? ''} has no free slot: name another field for ${vaultWord(v)}.`,
      );
    }
    await moveVault(db, user, { vaultId: v.id, fieldId, position: room.position }, reason);
    put.push({ vault: v.name ?? String(v.id), field: room.field.name, position: room.position });
  }
  return { put_back: put };
}

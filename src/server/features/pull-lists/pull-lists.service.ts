import type { SessionUser } from '../../../contracts/auth';
import type { PullList, PullListRequest, PullListStep } from '../../../contracts/pull-lists';
import { SCAN_CODE_PATTERN } from '../../../contracts/scan-codes';
import { parkingNear, takeNearestSlot } from '../../../domain/dig-out-plan';
import {
  planDay,
  type DayField,
  type DayVault,
  type PullStep,
} from '../../../domain/pull-list-plan';
import type { Db } from '../../db/client';
import * as floor from '../../db/floor-reads';
import { AppError } from '../../http/errors';
import { findScanCode } from '../../lib/scan-codes';
import * as repo from './pull-lists.repository';

// Reads the day's pull list: the requests, their vaults, and one plan planned again from the
// records on every read (decision 0550), after the moves and pulls already done.

const iso = (d: Date | string) => new Date(d).toISOString();

/** The vaults, fields and slot counts of the warehouses the day touches. */
interface DayFloor {
  fields: DayField[];
  vaults: DayVault[];
  warehouseNames: Map<number, string>;
}

async function readFloor(db: Db, companyId: number, warehouseIds: Iterable<number>) {
  const out: DayFloor = { fields: [], vaults: [], warehouseNames: new Map() };
  for (const warehouseId of new Set(warehouseIds)) {
    const warehouse = await floor.findWarehouse(db, companyId, warehouseId);
    if (!warehouse) continue;
    out.warehouseNames.set(warehouseId, warehouse.name);
    const fields = await floor.listWarehouseFields(db, companyId, warehouseId);
    const vaults = await floor.listVaultsInFields(
      db,
      companyId,
      fields.map((f) => f.id),
    );
    for (const f of fields) {
      const taken = vaults.filter((v) => v.fieldId === f.id).map((v) => v.position ?? 0);
      out.fields.push({ ...f, capacity: warehouse.fieldCapacity, taken, warehouseId });
    }
    for (const v of vaults) out.vaults.push({ ...v });
  }
  return out;
}

/**
 * The floor around staged vaults that go back into a field: the warehouses of the fields they
 * came from, with where each is proposed to go.
 */
export async function readRequestFloor(
  db: Db,
  companyId: number,
  staged: readonly repo.RequestVaultRow[],
) {
  const homes = await repo.warehousesOfFields(
    db,
    companyId,
    staged.flatMap((v) => (v.oldFieldId === null ? [] : [v.oldFieldId])),
  );
  const day = await readFloor(
    db,
    companyId,
    homes.map((h) => h.warehouseId),
  );
  return {
    day,
    proposePutBack: (v: repo.RequestVaultRow) => proposePutBack(day, v),
    warehouseOf: (v: repo.RequestVaultRow) =>
      homes.find((h) => h.fieldId === v.oldFieldId)?.warehouseId ?? null,
  };
}

/** Where an access request's staged vault goes back: its old field when it has room, else the nearest. */
function proposePutBack(day: DayFloor, v: repo.RequestVaultRow) {
  const home = day.fields.find((f) => f.id === v.oldFieldId);
  if (!home) return null;
  const near = parkingNear(
    home,
    day.fields.filter((f) => f.warehouseId === home.warehouseId),
  );
  const to = takeNearestSlot(near, v.type);
  return to && { field_id: to.fieldId, field_name: to.fieldName };
}

const isOpen = (r: repo.DayRequestRow) => r.status === 'confirmed' || r.status === 'in_progress';

export function presentRequest(
  r: repo.DayRequestRow,
  rows: readonly repo.RequestVaultRow[],
  day: DayFloor | null,
): PullListRequest {
  return {
    id: r.id,
    customer_id: r.customerId,
    customer_name: r.customerName,
    kind: r.kind,
    status: r.status,
    note: r.note,
    vaults: rows
      .filter((v) => v.requestId === r.id)
      .map((v) => ({
        id: v.id,
        name: v.name,
        type: v.type,
        warehouse_name: v.warehouseName,
        field_name: v.fieldName,
        position: v.position,
        staged: v.fieldId === null && v.releasedOn === null,
        released_on: v.releasedOn,
        pulled_at: v.pulledAt && iso(v.pulledAt),
        pulled_by: v.pulledBy,
        put_back:
          day && isOpen(r) && r.kind === 'access' && v.fieldId === null && v.releasedOn === null
            ? proposePutBack(day, v)
            : null,
      })),
  };
}

function presentPlanned(step: PullStep, day: DayFloor): PullListStep {
  const field = step.from && day.fields.find((f) => f.id === step.from?.fieldId);
  const place = (p: { fieldId: number; fieldName: string; position: number }) => ({
    field_id: p.fieldId,
    field_name: p.fieldName,
    position: p.position,
  });
  return {
    kind: step.kind,
    vault_id: step.vault.id,
    vault_name: step.vault.name,
    request_id: step.requestId,
    warehouse_name: (field && day.warehouseNames.get(field.warehouseId)) ?? null,
    from: step.from && place(step.from),
    to: step.kind === 'aside' && step.to ? place(step.to) : null,
    done: false,
    done_at: null,
    done_by: null,
  };
}

export async function readPullList(db: Db, user: SessionUser, date: string): Promise<PullList> {
  const requests = await repo.listDayRequests(db, user.companyId, date);
  const rows = await repo.listRequestVaults(
    db,
    user.companyId,
    requests.map((r) => r.id),
  );
  const open = new Set(requests.filter(isOpen).map((r) => r.id));
  const toPull = rows.filter(
    (v) => open.has(v.requestId) && v.pulledAt === null && v.releasedOn === null,
  );
  const homes = await repo.warehousesOfFields(
    db,
    user.companyId,
    rows.flatMap((v) => (v.fieldId === null && v.oldFieldId !== null ? [v.oldFieldId] : [])),
  );
  const day = await readFloor(db, user.companyId, [
    ...toPull.flatMap((v) => (v.warehouseId === null ? [] : [v.warehouseId])),
    ...homes.map((h) => h.warehouseId),
  ]);
  const staged = toPull.filter((v) => v.fieldId === null);
  const plan = planDay({
    fields: day.fields,
    vaults: [...day.vaults, ...staged.map((v) => ({ ...v, fieldId: null, position: null }))],
    targets: toPull.map((v) => ({ vaultId: v.id, requestId: v.requestId })),
    requestOrder: requests.map((r) => r.id),
  });

  const doneMoves = await repo.listDoneMoves(db, user.companyId, date);
  const done: PullListStep[] = [
    ...doneMoves.map((m) => ({
      kind: 'aside' as const,
      vault_id: m.vaultId,
      vault_name: m.vaultName,
      request_id: m.requestId,
      warehouse_name: m.fromPlace.warehouse_name,
      from: {
        field_id: m.fromPlace.field_id,
        field_name: m.fromPlace.field_name,
        position: m.fromPlace.position,
      },
      to: m.toPlace,
      done: true,
      done_at: iso(m.doneAt),
      done_by: m.doneBy,
    })),
    ...rows.flatMap((v) =>
      v.pulledAt === null
        ? []
        : [
            {
              kind: 'pull' as const,
              vault_id: v.id,
              vault_name: v.name,
              request_id: v.requestId,
              warehouse_name: v.warehouseName,
              from: null,
              to: null,
              done: true,
              done_at: iso(v.pulledAt),
              done_by: v.pulledBy,
            },
          ],
    ),
  ].sort((a, b) => (a.done_at ?? '').localeCompare(b.done_at ?? ''));
  const steps = [...done, ...plan.steps.map((s) => presentPlanned(s, day))];
  const toStage = plan.steps.filter((s) => s.kind === 'aside' && s.to === null).length;
  return {
    date,
    requests: requests.map((r) => presentRequest(r, rows, day)),
    steps,
    moves: done.length + plan.moves,
    moves_one_by_one: done.length + plan.movesOneByOne,
    notice:
      toStage === 0
        ? null
        : `No field near them has room for ${toStage === 1 ? 'one vault' : `${toStage} vaults`} moved aside: ${toStage === 1 ? 'it waits' : 'they wait'} on the stage.`,
  };
}

/** The vault a scanned label or a typed number names, or null. */
export async function vaultOfCode(db: Db, companyId: number, code: string): Promise<number | null> {
  const upper = code.trim().toUpperCase();
  if (SCAN_CODE_PATTERN.test(upper)) {
    const target = await findScanCode(db, companyId, upper);
    if (target?.kind === 'vault') return target.vaultId;
  }
  return repo.findVaultIdByName(db, companyId, code.trim());
}

/** What the crew reads about a step: which vault, where it stands, and what to do with it. */
export function describeStep(step: PullListStep): string {
  const who = step.vault_name ? `vault ${step.vault_name}` : 'the unit';
  const where = step.from
    ? `${step.warehouse_name ? `${step.warehouse_name}, ` : ''}field ${step.from.field_name}, position ${step.from.position}`
    : 'the stage';
  return step.kind === 'pull'
    ? `pull ${who} from ${where} for request ${step.request_id}`
    : `move ${who} aside from ${where}`;
}

export function nextStep(list: PullList): PullListStep {
  const step = list.steps.find((s) => !s.done);
  if (!step)
    throw new AppError('PULL_LIST_CHANGED', `Every step of the ${list.date} list is done.`);
  return step;
}

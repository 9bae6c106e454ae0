import type { SessionUser } from '../../../contracts/auth';
import type {
  AskBody,
  CreateRequestBody,
  ListRequestsQuery,
  RequestAnswer,
  RequestDetail,
} from '../../../contracts/requests';
import {
  REQUEST_KIND_LABELS,
  checkRequestKind,
  describeItem,
  parseRequestItems,
  vaultsHoldingItems,
  type RequestItem,
} from '../../../domain/request-vaults';
import { canMoveTo, type RequestStatus } from '../../../domain/storage-requests';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { presentHistory, presentRequests } from './requests.presenter';
import * as repo from './requests.repository';

/** What a request's history names as the one who asked on the customer's page. */
export const CUSTOMER_LINK_ACTOR = 'customer link';

const vaultName = (v: { id: number; name: string | null }) => v.name ?? `#${v.id}`;

/** Requests with their vaults, in the order of `rows`. */
export async function loadRequests(
  db: Db,
  companyId: number,
  rows: repo.RequestRow[],
): Promise<RequestAnswer[]> {
  const ids = rows.map((r) => r.id);
  const vaults = await repo.requestVaults(db, companyId, ids);
  const asked = await repo.askedVaults(db, companyId, ids);
  return presentRequests(rows, vaults, asked);
}

async function findRequest(db: Db, companyId: number, id: number, lock = false) {
  const [row] = await repo.listRequests(db, companyId, { id, lock });
  if (!row) throw notFound('Request');
  return row;
}

async function detailOf(db: Db, companyId: number, id: number): Promise<RequestDetail> {
  const [request] = await loadRequests(db, companyId, [await findRequest(db, companyId, id)]);
  if (!request) throw notFound('Request');
  return { ...request, history: presentHistory(await repo.requestEvents(db, companyId, id)) };
}

export async function listRequests(
  db: Db,
  user: SessionUser,
  query: ListRequestsQuery,
): Promise<{ requests: RequestAnswer[] }> {
  const rows = await repo.listRequests(db, user.companyId, {
    status: query.status,
    date: query.date,
    customerId: query.customer_id,
  });
  return { requests: await loadRequests(db, user.companyId, rows) };
}

export function getRequest(db: Db, user: SessionUser, id: number): Promise<RequestDetail> {
  return detailOf(db, user.companyId, id);
}

/** The customer's vaults among `ids`, refusing one that is released or not theirs. */
async function customersVaults(
  db: Db,
  companyId: number,
  customer: repo.CustomerRow,
  ids: readonly number[],
  asCustomer: boolean,
): Promise<repo.VaultRow[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findVaults(db, companyId, unique);
  for (const id of unique) {
    const vault = found.find((v) => v.id === id);
    // The link's holder learns nothing of other customers' vaults, not even that they exist.
    if (!vault || (asCustomer && vault.customer_id !== customer.id)) throw notFound('Vault');
    if (vault.customer_id !== customer.id) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Vault ${vaultName(vault)} is not ${customer.name}'s: choose among their vaults.`,
      );
    }
    if (vault.released_on !== null) {
      throw new AppError(
        'VAULT_RELEASED',
        `Vault ${vaultName(vault)} was released on ${vault.released_on}; it is no longer in storage.`,
      );
    }
  }
  return unique.map((id) => found.find((v) => v.id === id)).filter((v) => v !== undefined);
}

/** The vaults that hold the items now, or a refusal naming an item none holds. */
async function vaultsForItems(
  db: Db,
  companyId: number,
  customer: repo.CustomerRow,
  items: readonly RequestItem[],
): Promise<number[]> {
  const lots = [...new Set(items.map((i) => i.lot))];
  const ranges = await repo.heldRanges(db, companyId, customer.id, lots);
  const held = vaultsHoldingItems(
    items,
    ranges.map((r) => ({ vaultId: r.vault_id, lot: r.lot, first: r.first_tag, last: r.last_tag })),
    customer.name,
  );
  if (!held.ok) throw new AppError('REQUEST_ITEM_NOT_HELD', held.error);
  return held.vaultIds;
}

async function nothingToRelease(db: Db, companyId: number, customer: repo.CustomerRow) {
  const inStorage = await repo.customerVaults(db, companyId, customer.id);
  if (inStorage.length === 0) {
    throw new AppError(
      'REQUEST_NOTHING_TO_RELEASE',
      `${customer.name} has no vaults in storage to release.`,
    );
  }
  return inStorage;
}

/**
 * Stores what was asked, by the office or on the customer's link, checked as far as it can be
 * before the office confirms: the date, what the kind needs, the vaults and the items.
 */
export async function ask(
  db: Db,
  companyId: number,
  customer: repo.CustomerRow,
  body: AskBody,
  by: { actor: string; isCustomer: boolean },
): Promise<number> {
  const { actor } = by;
  const today = await repo.currentDay(db);
  if (body.due_on < today) {
    throw new AppError('VALIDATION_FAILED', `The date must be today (${today}) or later.`);
  }
  const vaultIds = body.vault_ids ?? [];
  const itemsText = body.items ?? '';
  const problem = checkRequestKind(body.kind, {
    vaultCount: vaultIds.length,
    hasItems: itemsText !== '',
  });
  if (problem) throw new AppError('VALIDATION_FAILED', problem);

  let items: RequestItem[] = [];
  let asked: repo.VaultRow[] = [];
  if (body.kind === 'release_items') {
    const parsed = parseRequestItems(itemsText);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error);
    items = parsed.items;
    await vaultsForItems(db, companyId, customer, items);
  } else if (body.kind === 'release_all') {
    await nothingToRelease(db, companyId, customer);
  } else {
    asked = await customersVaults(db, companyId, customer, vaultIds, by.isCustomer);
  }

  const id = await repo.insertRequest(db, {
    companyId,
    customerId: customer.id,
    kind: body.kind,
    dueOn: body.due_on,
    items,
    note: body.note ?? '',
    askedBy: actor,
  });
  await repo.insertRequestVaults(
    db,
    'asked',
    companyId,
    id,
    asked.map((v) => v.id),
  );
  await repo.insertEvent(db, {
    companyId,
    requestId: id,
    kind: 'asked',
    details: {
      kind: body.kind,
      due_on: body.due_on,
      ...(asked.length > 0 ? { vaults: asked.map(vaultName) } : {}),
      ...(items.length > 0 ? { items: items.map(describeItem) } : {}),
    },
    actor,
  });
  return id;
}

export async function createRequest(
  db: Db,
  user: SessionUser,
  body: CreateRequestBody,
): Promise<RequestAnswer> {
  return db.transaction(async (tx) => {
    const customer = await repo.findCustomer(tx, user.companyId, body.customer_id);
    if (!customer) throw notFound('Customer');
    const id = await ask(tx, user.companyId, customer, body, {
      actor: user.email,
      isCustomer: false,
    });
    const [answer] = await loadRequests(tx, user.companyId, [
      await findRequest(tx, user.companyId, id),
    ]);
    if (!answer) throw notFound('Request');
    return answer;
  });
}

const STATUS_REFUSALS: Record<RequestStatus, string> = {
  asked: 'This request is still asked: the office confirms it first.',
  confirmed: 'This request is already confirmed.',
  in_progress: 'The crew have started this request.',
  done: 'This request is done; it cannot change any more.',
  cancelled: 'This request was cancelled; it cannot change any more.',
};

function requireMove(from: RequestStatus, to: RequestStatus): void {
  if (!canMoveTo(from, to)) throw new AppError('REQUEST_STATUS_CHANGE', STATUS_REFUSALS[from]);
}

/** The vaults a request takes now: the asked ones, the holders of its items, or all in storage. */
async function resolveVaults(
  db: Db,
  companyId: number,
  request: repo.RequestRow,
  customer: repo.CustomerRow,
): Promise<{ id: number; name: string | null }[]> {
  if (request.kind === 'release_all') return nothingToRelease(db, companyId, customer);
  if (request.kind === 'release_items') {
    const ids = await vaultsForItems(db, companyId, customer, request.items);
    return repo.findVaults(db, companyId, ids);
  }
  const asked = await repo.askedVaults(db, companyId, [request.id]);
  const vaults = await repo.findVaults(
    db,
    companyId,
    asked.map((v) => v.id),
  );
  for (const vault of vaults) {
    if (vault.released_on !== null) {
      throw new AppError(
        'VAULT_RELEASED',
        `Vault ${vaultName(vault)} was released on ${vault.released_on}; cancel this request or ask again without it.`,
      );
    }
    if (vault.customer_id !== customer.id) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Vault ${vaultName(vault)} no longer belongs to ${customer.name}; cancel this request and ask again.`,
      );
    }
  }
  if (vaults.length === 0) {
    throw new AppError(
      'REQUEST_NOTHING_TO_RELEASE',
      'The vaults this request named are no longer in the records; cancel it and ask again.',
    );
  }
  return vaults;
}

export async function confirmRequest(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const request = await findRequest(tx, user.companyId, id, true);
    requireMove(request.status, 'confirmed');
    // One confirmation at a time per customer: a vault is only ever that customer's, so two
    // confirmations that could both take it wait for each other here.
    const customer = await repo.findCustomer(tx, user.companyId, request.customer_id, {
      lock: true,
    });
    if (!customer) throw notFound('Customer');
    const vaults = await resolveVaults(tx, user.companyId, request, customer);
    const taken = await repo.vaultsTakenElsewhere(
      tx,
      user.companyId,
      vaults.map((v) => v.id),
      id,
    );
    const first = taken[0];
    const vault = first && vaults.find((v) => v.id === first.vault_id);
    if (first && vault) {
      throw new AppError(
        'REQUEST_VAULT_TAKEN',
        `Vault ${vaultName(vault)} is already in request #${first.request_id} (${REQUEST_KIND_LABELS[first.kind]} on ${first.due_on}): finish or cancel that one first.`,
      );
    }
    await repo.insertRequestVaults(
      tx,
      'taken',
      user.companyId,
      id,
      vaults.map((v) => v.id),
    );
    await repo.setStatus(tx, user.companyId, id, 'confirmed');
    await repo.insertEvent(tx, {
      companyId: user.companyId,
      requestId: id,
      kind: 'confirmed',
      details: { vaults: vaults.map(vaultName) },
      actor: user.email,
    });
  });
  return detailOf(db, user.companyId, id);
}

export async function cancelRequest(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const request = await findRequest(tx, user.companyId, id, true);
    requireMove(request.status, 'cancelled');
    await repo.setStatus(tx, user.companyId, id, 'cancelled');
    await repo.insertEvent(tx, {
      companyId: user.companyId,
      requestId: id,
      kind: 'cancelled',
      details: { from: request.status },
      actor: user.email,
    });
  });
  return detailOf(db, user.companyId, id);
}

import type {
  PortalRequest,
  RequestAnswer,
  RequestHistoryEntry,
} from '../../../contracts/requests';
import type * as repo from './requests.repository';

type AskedVaultRow = Awaited<ReturnType<typeof repo.askedVaults>>[number];
type EventRow = Awaited<ReturnType<typeof repo.requestEvents>>[number];

function byRequest<T extends { request_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.request_id) ?? [];
    list.push(row);
    map.set(row.request_id, list);
  }
  return map;
}

/** Requests with their vaults, as the office and the crew read them. */
export function presentRequests(
  rows: readonly repo.RequestRow[],
  vaults: readonly repo.RequestVaultRow[],
  asked: readonly AskedVaultRow[],
): RequestAnswer[] {
  const vaultsOf = byRequest(vaults);
  const askedOf = byRequest(asked);
  return rows.map((r) => ({
    id: r.id,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    kind: r.kind,
    due_on: r.due_on,
    status: r.status,
    items: r.items,
    note: r.note,
    asked_by: r.asked_by,
    created_at: r.created_at,
    vaults: (vaultsOf.get(r.id) ?? []).map((v) => ({
      id: v.id,
      name: v.name,
      type: v.type,
      warehouse_id: v.warehouse_id,
      warehouse_name: v.warehouse_name,
      field_name: v.field_name,
      position: v.position,
      staged: v.staged,
      released_on: v.released_on,
      pulled_at: v.pulled_at,
    })),
    asked_vaults: (askedOf.get(r.id) ?? []).map((v) => ({ id: v.id, name: v.name })),
  }));
}

export function presentHistory(events: readonly EventRow[]): RequestHistoryEntry[] {
  return events.map((e) => ({
    kind: e.kind,
    details: e.details,
    actor: e.actor,
    at: e.at,
  }));
}

/**
 * A request as its customer sees it: what, when and how far along, and which vaults by name;
 * never where a vault stands or who in the office handled it.
 */
export function presentForCustomer(request: RequestAnswer): PortalRequest {
  const vaults = request.vaults.length > 0 ? request.vaults : request.asked_vaults;
  return {
    id: request.id,
    kind: request.kind,
    due_on: request.due_on,
    status: request.status,
    items: request.items,
    note: request.note,
    created_at: request.created_at,
    vaults: vaults.map((v) => ({ id: v.id, name: v.name })),
  };
}

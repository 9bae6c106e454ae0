import { sql } from 'drizzle-orm';
import type { RequestItem } from '../../../domain/request-vaults';
import type { RequestKind, RequestStatus } from '../../../domain/storage-requests';
import { isEmptyCustomerSql } from '../../../domain/empty-vault-sql';
import { queryRows, type Db } from '../../db/client';
import {
  storageRequestAskedVaults,
  storageRequestEvents,
  storageRequestVaults,
  storageRequests,
} from '../../db/schema/requests';

export { currentDay } from '../../db/current-day';

// Days leave the database as text: a calendar day, never a Date at the server's midnight.
const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);
// Instants as ISO text in UTC, the answer's form, the same from both engines.
const instant = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export interface CustomerRow {
  id: number;
  name: string;
}

/** A customer of the company; the empty-unit names are no one's account. */
export async function findCustomer(
  db: Db,
  companyId: number,
  customerId: number,
  options: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`SELECT c.id, c.name FROM customers c
        WHERE c.company_id = ${companyId} AND c.id = ${customerId}
          AND NOT ${isEmptyCustomerSql(sql`c.name`)}
        ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

export async function findCustomerByToken(
  db: Db,
  token: string,
): Promise<(CustomerRow & { company_id: number; company_name: string }) | undefined> {
  const [row] = await queryRows<CustomerRow & { company_id: number; company_name: string }>(
    db,
    sql`SELECT c.id, c.name, c.company_id, co.name AS company_name
        FROM customers c JOIN companies co ON co.id = c.company_id
        WHERE c.portal_token = ${token} AND NOT ${isEmptyCustomerSql(sql`c.name`)}`,
  );
  return row;
}

export async function portalToken(
  db: Db,
  companyId: number,
  customerId: number,
): Promise<string | null> {
  const [row] = await queryRows<{ portal_token: string | null }>(
    db,
    sql`SELECT portal_token FROM customers WHERE company_id = ${companyId} AND id = ${customerId}`,
  );
  return row?.portal_token ?? null;
}

export async function setPortalToken(
  db: Db,
  companyId: number,
  customerId: number,
  token: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE customers SET portal_token = ${token}
        WHERE company_id = ${companyId} AND id = ${customerId}`,
  );
}

export interface VaultRow {
  id: number;
  name: string | null;
  type: 'vault' | 'liftvan' | 't2' | 'couchbox';
  customer_id: number | null;
  date_in: string;
  released_on: string | null;
}

const vaultColumns = sql`v.id, v.name, v.type, v.customer_id, ${day('v.date_in')} AS date_in,
  ${day('v.released_on')} AS released_on`;

/** The company's vaults of these ids; ids of another company are simply not found. */
export async function findVaults(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return queryRows<VaultRow>(
    db,
    sql`SELECT ${vaultColumns} FROM vaults v
        WHERE v.company_id = ${companyId} AND v.id IN (${idList(ids)})`,
  );
}

/** A customer's vaults by date in; those still in storage only, unless `withReleased`. */
export async function customerVaults(
  db: Db,
  companyId: number,
  customerId: number,
  options: { withReleased?: boolean } = {},
): Promise<VaultRow[]> {
  return queryRows<VaultRow>(
    db,
    sql`SELECT ${vaultColumns} FROM vaults v
        WHERE v.company_id = ${companyId} AND v.customer_id = ${customerId}
          ${options.withReleased ? sql`` : sql`AND v.released_on IS NULL`}
        ORDER BY v.date_in, v.name COLLATE "C" NULLS LAST, v.id`,
  );
}

/** The tag ranges of the customer's vaults in storage, of these lots. */
export async function heldRanges(
  db: Db,
  companyId: number,
  customerId: number,
  lots: readonly string[],
) {
  if (lots.length === 0) return [];
  return queryRows<{ vault_id: number; lot: string; first_tag: number; last_tag: number }>(
    db,
    sql`SELECT t.vault_id, t.lot, t.first_tag, t.last_tag
        FROM vault_tags t JOIN vaults v ON v.id = t.vault_id
        WHERE t.company_id = ${companyId} AND v.company_id = ${companyId}
          AND v.customer_id = ${customerId} AND v.released_on IS NULL
          AND t.lot IN (${sql.join(
            lots.map((lot) => sql`${lot}`),
            sql`, `,
          )})
        ORDER BY v.date_in, v.id, t.first_tag`,
  );
}

/** Which of these vaults a confirmed or started request other than `exceptId` takes. */
export async function vaultsTakenElsewhere(
  db: Db,
  companyId: number,
  vaultIds: readonly number[],
  exceptId: number,
) {
  if (vaultIds.length === 0) return [];
  return queryRows<{ vault_id: number; request_id: number; kind: RequestKind; due_on: string }>(
    db,
    sql`SELECT rv.vault_id, r.id AS request_id, r.kind, ${day('r.due_on')} AS due_on
        FROM storage_request_vaults rv JOIN storage_requests r ON r.id = rv.request_id
        WHERE rv.company_id = ${companyId} AND r.company_id = ${companyId}
          AND rv.vault_id IN (${idList(vaultIds)}) AND r.id <> ${exceptId}
          AND r.status IN ('confirmed', 'in_progress')
        ORDER BY r.id`,
  );
}

export async function insertRequest(
  db: Db,
  values: {
    companyId: number;
    customerId: number;
    kind: RequestKind;
    dueOn: string;
    items: RequestItem[];
    note: string;
    askedBy: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(storageRequests)
    .values(values)
    .returning({ id: storageRequests.id });
  if (!row) throw new Error('The request was not stored');
  return row.id;
}

/** Links vaults to a request: as asked (`asked`) or as a confirmed request takes them (`taken`). */
export async function insertRequestVaults(
  db: Db,
  which: 'asked' | 'taken',
  companyId: number,
  requestId: number,
  vaultIds: readonly number[],
): Promise<void> {
  if (vaultIds.length === 0) return;
  await db
    .insert(which === 'asked' ? storageRequestAskedVaults : storageRequestVaults)
    .values(vaultIds.map((vaultId) => ({ requestId, companyId, vaultId })))
    .onConflictDoNothing();
}

export async function insertEvent(
  db: Db,
  event: {
    companyId: number;
    requestId: number;
    kind: string;
    details: Record<string, unknown>;
    actor: string;
  },
): Promise<void> {
  await db.insert(storageRequestEvents).values(event);
}

export async function setStatus(
  db: Db,
  companyId: number,
  requestId: number,
  status: RequestStatus,
): Promise<void> {
  await db.execute(
    sql`UPDATE storage_requests SET status = ${status}, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${requestId}`,
  );
}

export interface RequestRow {
  id: number;
  customer_id: number;
  customer_name: string;
  kind: RequestKind;
  due_on: string;
  status: RequestStatus;
  items: RequestItem[];
  note: string;
  asked_by: string;
  created_at: string;
}

/** The statuses in the order their work comes: what to act on first. */
const statusOrder = sql`array_position(
  ARRAY['asked', 'confirmed', 'in_progress', 'done', 'cancelled']::text[], r.status)`;

export async function listRequests(
  db: Db,
  companyId: number,
  only: {
    id?: number;
    status?: RequestStatus;
    date?: string;
    customerId?: number;
    lock?: boolean;
  },
): Promise<RequestRow[]> {
  return queryRows<RequestRow>(
    db,
    sql`SELECT r.id, r.customer_id, c.name AS customer_name, r.kind, ${day('r.due_on')} AS due_on,
               r.status, r.items, r.note, r.asked_by, ${instant('r.created_at')} AS created_at
        FROM storage_requests r JOIN customers c ON c.id = r.customer_id
        WHERE r.company_id = ${companyId}
          ${only.id === undefined ? sql`` : sql`AND r.id = ${only.id}`}
          ${only.status === undefined ? sql`` : sql`AND r.status = ${only.status}`}
          ${only.date === undefined ? sql`` : sql`AND r.due_on = ${only.date}::date`}
          ${only.customerId === undefined ? sql`` : sql`AND r.customer_id = ${only.customerId}`}
        ORDER BY r.due_on, ${statusOrder}, r.id
        ${only.lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
}

export interface RequestVaultRow {
  request_id: number;
  id: number;
  name: string | null;
  type: VaultRow['type'];
  warehouse_id: number | null;
  warehouse_name: string | null;
  field_name: string | null;
  position: number | null;
  staged: boolean;
  released_on: string | null;
  pulled_at: string | null;
}

/** The vaults confirmed requests take, and where each stands now. */
export async function requestVaults(
  db: Db,
  companyId: number,
  requestIds: readonly number[],
): Promise<RequestVaultRow[]> {
  if (requestIds.length === 0) return [];
  return queryRows<RequestVaultRow>(
    db,
    sql`SELECT rv.request_id, v.id, v.name, v.type,
               coalesce(f.warehouse_id, lf.warehouse_id) AS warehouse_id,
               coalesce(w.name, lw.name) AS warehouse_name,
               f.name AS field_name, CASE WHEN f.id IS NULL THEN NULL ELSE v.position END AS position,
               (v.field_id IS NULL AND v.released_on IS NULL) AS staged,
               ${day('v.released_on')} AS released_on, ${instant('rv.pulled_at')} AS pulled_at
        FROM storage_request_vaults rv
        JOIN vaults v ON v.id = rv.vault_id
        LEFT JOIN fields f ON f.id = v.field_id
        LEFT JOIN warehouses w ON w.id = f.warehouse_id
        LEFT JOIN fields lf ON lf.id = v.old_field_id AND v.released_on IS NULL
        LEFT JOIN warehouses lw ON lw.id = lf.warehouse_id
        WHERE rv.company_id = ${companyId} AND rv.request_id IN (${idList(requestIds)})
        ORDER BY rv.request_id, w.name COLLATE "C" NULLS LAST, f.name COLLATE "C", v.position DESC,
                 v.id`,
  );
}

export async function askedVaults(db: Db, companyId: number, requestIds: readonly number[]) {
  if (requestIds.length === 0) return [];
  return queryRows<{ request_id: number; id: number; name: string | null }>(
    db,
    sql`SELECT av.request_id, v.id, v.name
        FROM storage_request_asked_vaults av JOIN vaults v ON v.id = av.vault_id
        WHERE av.company_id = ${companyId} AND av.request_id IN (${idList(requestIds)})
        ORDER BY av.request_id, v.name COLLATE "C" NULLS LAST, v.id`,
  );
}

export async function requestEvents(db: Db, companyId: number, requestId: number) {
  return queryRows<{
    kind: string;
    details: Record<string, unknown>;
    actor: string | null;
    at: string;
  }>(
    db,
    sql`SELECT kind, details, actor, ${instant('at')} AS at FROM storage_request_events
        WHERE company_id = ${companyId} AND request_id = ${requestId}
        ORDER BY id`,
  );
}

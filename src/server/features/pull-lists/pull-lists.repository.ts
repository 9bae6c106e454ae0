import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RequestKind, RequestStatus } from '../../../domain/storage-requests';
import { queryRows, type Db } from '../../db/client';
import type { FloorVault } from '../../db/floor-reads';
import {
  storageRequestEvents,
  storageRequests,
  storageRequestVaults,
} from '../../db/schema/requests';

// The pull list reads the request tables of migration 0026 and keeps its done moves aside in
// pull_list_moves (0032). Every query is scoped by the company.

export interface DayRequestRow {
  id: number;
  customerId: number;
  customerName: string;
  kind: RequestKind;
  status: RequestStatus;
  note: string;
  dueOn: string;
}

const requestSelect = sql`
  SELECT r.id, r.customer_id AS "customerId", c.name AS "customerName", r.kind, r.status, r.note,
         to_char(r.due_on, 'YYYY-MM-DD') AS "dueOn"
  FROM storage_requests r
  JOIN customers c ON c.id = r.customer_id AND c.company_id = r.company_id`;

/** The requests of a day the crew works on: confirmed, started and done, oldest first. */
export function listDayRequests(db: Db, companyId: number, day: string): Promise<DayRequestRow[]> {
  return queryRows<DayRequestRow>(
    db,
    sql`${requestSelect}
        WHERE r.company_id = ${companyId} AND r.due_on = ${day}::date
          AND r.status IN ('confirmed', 'in_progress', 'done')
        ORDER BY r.id`,
  );
}

export async function findRequest(
  db: Db,
  companyId: number,
  id: number,
  lock = false,
): Promise<DayRequestRow | null> {
  const rows = await queryRows<DayRequestRow>(
    db,
    sql`${requestSelect} WHERE r.company_id = ${companyId} AND r.id = ${id}
        ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return rows[0] ?? null;
}

export interface RequestVaultRow extends FloorVault {
  requestId: number;
  /** The field it was staged from: where an access request puts it back by default. */
  oldFieldId: number | null;
  releasedOn: string | null;
  pulledAt: Date | null;
  pulledBy: string | null;
}

export function listRequestVaults(
  db: Db,
  companyId: number,
  requestIds: readonly number[],
): Promise<RequestVaultRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return queryRows<RequestVaultRow>(
    db,
    sql`SELECT rv.request_id AS "requestId", v.id, v.name, v.type, v.field_id AS "fieldId",
               v.position, f.name AS "fieldName", w.id AS "warehouseId",
               w.name AS "warehouseName", v.old_field_id AS "oldFieldId",
               to_char(v.released_on, 'YYYY-MM-DD') AS "releasedOn",
               rv.pulled_at AS "pulledAt", rv.pulled_by AS "pulledBy"
        FROM storage_request_vaults rv
        JOIN vaults v ON v.id = rv.vault_id AND v.company_id = rv.company_id
        LEFT JOIN fields f ON f.id = v.field_id AND f.company_id = v.company_id
        LEFT JOIN warehouses w ON w.id = f.warehouse_id AND w.company_id = v.company_id
        WHERE rv.company_id = ${companyId}
          AND rv.request_id = ANY(${sql.param([...requestIds])}::bigint[])
        ORDER BY rv.request_id, v.name, v.id`,
  );
}

/** The warehouse of each of these fields, for the staged vaults an access request puts back. */
export function warehousesOfFields(
  db: Db,
  companyId: number,
  fieldIds: readonly number[],
): Promise<{ fieldId: number; warehouseId: number }[]> {
  if (fieldIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`SELECT id AS "fieldId", warehouse_id AS "warehouseId" FROM fields
        WHERE company_id = ${companyId} AND id = ANY(${sql.param([...fieldIds])}::bigint[])`,
  );
}

export interface MovePlace {
  field_id: number;
  field_name: string;
  position: number;
}

export interface DoneMoveRow {
  requestId: number;
  vaultId: number;
  vaultName: string | null;
  fromPlace: MovePlace & { warehouse_name: string | null };
  toPlace: MovePlace | null;
  doneAt: Date;
  doneBy: string;
}

export function listDoneMoves(db: Db, companyId: number, day: string): Promise<DoneMoveRow[]> {
  return queryRows<DoneMoveRow>(
    db,
    sql`SELECT request_id AS "requestId", vault_id AS "vaultId", vault_name AS "vaultName",
               from_place AS "fromPlace", to_place AS "toPlace", done_at AS "doneAt",
               done_by AS "doneBy"
        FROM pull_list_moves WHERE company_id = ${companyId} AND day = ${day}::date ORDER BY id`,
  );
}

export async function insertDoneMove(
  db: Db,
  companyId: number,
  day: string,
  move: Omit<DoneMoveRow, 'doneAt'>,
): Promise<void> {
  await queryRows(
    db,
    sql`INSERT INTO pull_list_moves
          (company_id, day, request_id, vault_id, vault_name, from_place, to_place, done_by)
        VALUES (${companyId}, ${day}::date, ${move.requestId}, ${move.vaultId}, ${move.vaultName},
                ${JSON.stringify(move.fromPlace)}::jsonb,
                ${move.toPlace === null ? null : JSON.stringify(move.toPlace)}::jsonb,
                ${move.doneBy})`,
  );
}

/** Records a pull; false when it was recorded already (two phones scanning at once). */
export async function markPulled(
  db: Db,
  companyId: number,
  requestId: number,
  vaultId: number,
  by: string,
): Promise<boolean> {
  const t = storageRequestVaults;
  const rows = await db
    .update(t)
    .set({ pulledAt: sql`now()`, pulledBy: by })
    .where(
      and(
        eq(t.companyId, companyId),
        eq(t.requestId, requestId),
        eq(t.vaultId, vaultId),
        isNull(t.pulledAt),
      ),
    )
    .returning({ vaultId: t.vaultId });
  return rows.length > 0;
}

/** Moves a request on from one of `from` to `to`; false when it stood elsewhere. */
export async function setStatus(
  db: Db,
  companyId: number,
  requestId: number,
  from: readonly RequestStatus[],
  to: RequestStatus,
): Promise<boolean> {
  const t = storageRequests;
  const rows = await db
    .update(t)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(t.companyId, companyId), eq(t.id, requestId), inArray(t.status, [...from])))
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function insertEvent(
  db: Db,
  companyId: number,
  requestId: number,
  kind: 'started' | 'pulled' | 'done' | 'visit',
  details: Record<string, unknown>,
  actor: string,
): Promise<void> {
  await db.insert(storageRequestEvents).values({ companyId, requestId, kind, details, actor });
}

/** A vault of the company by its number, for a typed code. */
export async function findVaultIdByName(
  db: Db,
  companyId: number,
  name: string,
): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM vaults WHERE company_id = ${companyId} AND name = ${name} LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

/** A field of a warehouse by its name, for a put-back staff choose. */
export async function findFieldIdByName(
  db: Db,
  companyId: number,
  warehouseId: number,
  name: string,
): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM fields
        WHERE company_id = ${companyId} AND warehouse_id = ${warehouseId} AND upper(name) = upper(${name})`,
  );
  return rows[0]?.id ?? null;
}

import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { fields, warehouses } from '../../db/schema/warehouses';

// Each field row takes 5 parameters; PostgreSQL allows 65,535 per statement.
const FIELD_INSERT_CHUNK = 5000;

/** Locks the warehouse: grid changes in one warehouse happen one at a time. */
export async function lockWarehouseGrid(db: Db, companyId: number, warehouseId: number) {
  const rows = await db
    .select({ id: warehouses.id, rows: warehouses.rows, cols: warehouses.cols })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)))
    .for('update');
  return rows[0] ?? null;
}

export interface GridFieldRow {
  id: number;
  name: string;
  colIndex: number;
  row: number;
  type: string;
  hasVaults: boolean;
}

interface RemovedCells {
  columns: { from: number; to: number } | null;
  rowsAbove: number | null;
}

/** The fields a grid change removes, as SQL over `fields`; null when it removes none. */
function removedCondition(which: RemovedCells): SQL | null {
  const conditions: SQL[] = [];
  if (which.columns) {
    conditions.push(sql`${fields.colIndex} BETWEEN ${which.columns.from} AND ${which.columns.to}`);
  }
  if (which.rowsAbove !== null) conditions.push(gt(fields.rowIndex, which.rowsAbove));
  return conditions.length === 0 ? null : sql`(${sql.join(conditions, sql` OR `)})`;
}

/**
 * The fields a grid change must check: those it removes (whether they hold vaults) and the
 * couchbox halves (whether their partner goes). The rest of a large grid stays in the
 * database: reading every field for each change made concurrent changes queue for seconds.
 */
export async function listGridFields(
  db: Db,
  companyId: number,
  warehouseId: number,
  removing: RemovedCells,
): Promise<GridFieldRow[]> {
  const removed = removedCondition(removing) ?? sql`false`;
  const rows = await queryRows<{
    id: number;
    name: string;
    col_index: number;
    row_index: number;
    type: string;
    has_vaults: boolean;
  }>(
    db,
    sql`SELECT fields.id, fields.name, fields.col_index, fields.row_index, fields.type,
               EXISTS (SELECT 1 FROM vaults v WHERE v.field_id = fields.id) AS has_vaults
        FROM fields
        WHERE fields.company_id = ${companyId} AND fields.warehouse_id = ${warehouseId}
          AND (${removed} OR fields.type IN ('couchbox-T', 'couchbox-B'))`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    colIndex: Number(r.col_index),
    row: Number(r.row_index),
    type: r.type,
    hasVaults: r.has_vaults,
  }));
}

export async function deleteFields(
  db: Db,
  companyId: number,
  warehouseId: number,
  which: RemovedCells,
) {
  const removed = removedCondition(which);
  if (!removed) return;
  await db
    .delete(fields)
    .where(and(eq(fields.companyId, companyId), eq(fields.warehouseId, warehouseId), removed));
}

/**
 * Moves every field of the warehouse `shift` columns over and renames it to its new
 * letters in one statement, writing each row once. Names are unique per warehouse; mid-way
 * a moved column holds the name its neighbour has not left yet, so the check waits for the
 * end of the transaction (migration 0023). Renaming through temporary names rewrote every
 * row twice, and the dead rows piled up on the embedded engine (decision 0011).
 */
export async function shiftColumns(
  db: Db,
  companyId: number,
  warehouseId: number,
  shift: number,
  newLettersByOldColumn: ReadonlyMap<number, string>,
) {
  if (shift === 0 || newLettersByOldColumn.size === 0) return;
  const mapping = sql.join(
    [...newLettersByOldColumn].map(([col, letters]) => sql`(${col}::int, ${letters}::text)`),
    sql`, `,
  );
  await db.execute(sql`SET CONSTRAINTS fields_warehouse_name_key DEFERRED`);
  await db.execute(sql`
    UPDATE fields AS f
    SET col_index = f.col_index + ${shift}::int, name = m.letters || f.row_index::text
    FROM (VALUES ${mapping}) AS m(col, letters)
    WHERE m.col = f.col_index AND f.company_id = ${companyId} AND f.warehouse_id = ${warehouseId}`);
  await db.execute(sql`SET CONSTRAINTS fields_warehouse_name_key IMMEDIATE`);
}

export async function insertFields(
  db: Db,
  companyId: number,
  warehouseId: number,
  cells: readonly { name: string; colIndex: number; row: number }[],
) {
  const rows = cells.map((c) => ({
    companyId,
    warehouseId,
    name: c.name,
    colIndex: c.colIndex,
    rowIndex: c.row,
  }));
  for (let i = 0; i < rows.length; i += FIELD_INSERT_CHUNK) {
    await db.insert(fields).values(rows.slice(i, i + FIELD_INSERT_CHUNK));
  }
}

export async function updateGridSize(
  db: Db,
  companyId: number,
  warehouseId: number,
  size: { rows: number; cols: number },
) {
  await db
    .update(warehouses)
    .set(size)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)));
}

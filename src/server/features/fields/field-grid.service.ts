import type { SessionUser } from '../../../contracts/auth';
import type {
  AddFieldsResponse,
  ChangeFieldGridBody,
  RemoveFieldsResponse,
} from '../../../contracts/field-grid';
import { GRID_DIMENSION_MAX } from '../../../contracts/limits';
import {
  findSplitCouchboxes,
  isRemovedBy,
  listInSentence,
  planGridChange,
  type GridOperation,
} from '../../../domain/field-grid';
import { columnLetters } from '../../../domain/field-names';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import { getWarehouse } from '../warehouses/warehouses.service';
import * as repo from './field-grid.repository';

const REMOVE_VAULTS_FIRST = 'Please remove all vaults from the row that you want to delete.';

/**
 * Adds or removes columns on the left or right, or rows at the bottom, in one transaction
 * that touches only this warehouse's fields. Refuses to remove fields holding vaults or to
 * leave half of a couchbox pair behind.
 */
async function changeFieldGrid(
  db: Db,
  user: SessionUser,
  body: ChangeFieldGridBody,
  operation: GridOperation,
) {
  if (body.opperation !== undefined && body.opperation !== operation) {
    throw new AppError(
      'VALIDATION_FAILED',
      operation === 'plus'
        ? 'Fields are removed with DELETE /api/fields/; POST only adds (opperation plus).'
        : 'Fields are added with POST /api/fields/; DELETE only removes (opperation minus).',
    );
  }
  const warehouseId = body.warehouse_id;
  const size = await db.transaction((tx) => applyGridChange(tx, user.companyId, body, operation));
  const warehouse = await getWarehouse(db, user, warehouseId);
  const gridSize = {
    warehouseId,
    newWarehouseRowsCount: size.rows,
    newWarehouseColsCount: size.cols,
  };
  return { warehouse, gridSize, newNames: size.newNames };
}

/** The grid change itself, inside the caller's transaction; it takes the warehouse lock. */
async function applyGridChange(
  tx: Db,
  companyId: number,
  body: ChangeFieldGridBody,
  operation: GridOperation,
) {
  const warehouseId = body.warehouse_id;
  const grid = await repo.lockWarehouseGrid(tx, companyId, warehouseId);
  if (!grid) throw notFound('Warehouse');
  const isStale =
    (body.warehouse_rows !== undefined && body.warehouse_rows !== grid.rows) ||
    (body.warehouse_cols !== undefined && body.warehouse_cols !== grid.cols);
  if (isStale) {
    throw new AppError(
      'FIELD_GRID_CHANGED',
      `The field grid changed since it was loaded: it now has ${grid.rows} rows and ${grid.cols} columns. Reload and try again.`,
    );
  }
  const plan = planGridChange(grid, body.direction, operation, body.count, GRID_DIMENSION_MAX);
  if ('error' in plan) throw new AppError('VALIDATION_FAILED', plan.error);

  if (operation === 'minus' || plan.columnShift !== 0) {
    const removing = { columns: plan.removedColumns, rowsAbove: plan.keepRowsUpTo };
    const fields = await repo.listGridFields(tx, companyId, warehouseId, removing);
    const removed = (f: { colIndex: number; row: number }) => isRemovedBy(plan, f);
    const holding = fields.filter((f) => removed(f) && f.hasVaults).map((f) => f.name);
    if (holding.length > 0) {
      const verb = holding.length === 1 ? 'still holds vaults' : 'still hold vaults';
      throw new AppError(
        'FIELD_HAS_VAULTS',
        `${REMOVE_VAULTS_FIRST} ${listInSentence(holding)} ${verb}.`,
      );
    }
    const split = findSplitCouchboxes(fields, removed);
    if (split.length > 0) {
      throw new AppError(
        'COUCHBOX_PAIR_SPLIT',
        `This would split the couchbox at ${listInSentence(split)} from its other half. Remove both rows of the pair, or turn it back into vault fields first.`,
      );
    }
    try {
      await repo.deleteFields(tx, companyId, warehouseId, removing);
    } catch (error) {
      // The check above runs under the warehouse lock every placement shares, so this is a
      // missed case, not a race; the foreign key refuses it rather than take vaults along.
      if (isForeignKeyViolation(error)) throw new AppError('FIELD_HAS_VAULTS', REMOVE_VAULTS_FIRST);
      throw error;
    }
    const gone = plan.removedColumns;
    const keptColumns = Array.from({ length: grid.cols }, (_, col) => col).filter(
      (col) => !gone || col < gone.from || col > gone.to,
    );
    await repo.shiftColumns(
      tx,
      companyId,
      warehouseId,
      plan.columnShift,
      new Map(keptColumns.map((col) => [col, columnLetters(col + plan.columnShift)])),
    );
  }
  await repo.insertFields(tx, companyId, warehouseId, plan.newCells);
  await repo.updateGridSize(tx, companyId, warehouseId, { rows: plan.rows, cols: plan.cols });
  return { rows: plan.rows, cols: plan.cols, newNames: plan.newCells.map((c) => c.name) };
}

export async function removeFields(
  db: Db,
  user: SessionUser,
  body: ChangeFieldGridBody,
): Promise<RemoveFieldsResponse> {
  const { warehouse, gridSize } = await changeFieldGrid(db, user, body, 'minus');
  return { fields: warehouse.fields, ...gridSize };
}

export async function addFields(
  db: Db,
  user: SessionUser,
  body: ChangeFieldGridBody,
): Promise<AddFieldsResponse> {
  const { warehouse, gridSize, newNames } = await changeFieldGrid(db, user, body, 'plus');
  // A left edit renames every existing field, so the answer carries them all beside the new ones.
  const added = new Set(newNames);
  const changed = Object.values(warehouse.fields).filter(
    (f) => body.direction === 'left' || added.has(f.name),
  );
  return { fields: changed, ...gridSize };
}

/**
 * Adds columns on the right or rows at the bottom inside a transaction the caller holds (an
 * import that grows a grid, decision 0086), with the same checks and writes as `POST
 * /api/fields/`. The caller's transaction ends it: its live events and version bump are sent
 * at commit, and nothing of it stays if that transaction rolls back.
 */
export function growFieldGridIn(
  tx: Db,
  companyId: number,
  body: ChangeFieldGridBody & { direction: 'right' | 'bottom' },
) {
  return applyGridChange(tx, companyId, body, 'plus');
}

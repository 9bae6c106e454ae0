// Growing and shrinking the field grid from its edges (spec §2 layout editor, §4).
// Columns are letters, rows are numbers; adding or removing on the left renames every
// remaining column, so A stays the leftmost letter.
import { fieldName } from './field-names';

export type GridEdge = 'left' | 'right' | 'bottom';
export type GridOperation = 'plus' | 'minus';

export interface GridSize {
  rows: number;
  cols: number;
}

interface GridCell {
  colIndex: number;
  row: number;
  name: string;
}

export interface GridChangePlan {
  rows: number;
  cols: number;
  /** Added to the column index of every field that stays (negative when columns go on the left). */
  columnShift: number;
  /** Old column indices that go, inclusive; null when no column goes. */
  removedColumns: { from: number; to: number } | null;
  /** Rows numbered above this go; null when no row goes. */
  keepRowsUpTo: number | null;
  /** Fields to create, in the new grid's coordinates. */
  newCells: GridCell[];
}

/** Whether a field at old coordinates is removed by the plan. */
export function isRemovedBy(
  plan: GridChangePlan,
  cell: { colIndex: number; row: number },
): boolean {
  if (
    plan.removedColumns &&
    cell.colIndex >= plan.removedColumns.from &&
    cell.colIndex <= plan.removedColumns.to
  ) {
    return true;
  }
  return plan.keepRowsUpTo !== null && cell.row > plan.keepRowsUpTo;
}

function cellsOf(colFrom: number, colTo: number, rowFrom: number, rowTo: number): GridCell[] {
  const cells: GridCell[] = [];
  for (let c = colFrom; c <= colTo; c++) {
    for (let r = rowFrom; r <= rowTo; r++)
      cells.push({ colIndex: c, row: r, name: fieldName(c, r) });
  }
  return cells;
}

/**
 * What adding or removing `count` columns (left, right) or rows (bottom) does to a grid.
 * Returns a sentence instead when the change cannot be made.
 */
export function planGridChange(
  grid: GridSize,
  edge: GridEdge,
  operation: GridOperation,
  count: number,
  maxDimension: number,
): GridChangePlan | { error: string } {
  const isRowEdge = edge === 'bottom';
  const current = isRowEdge ? grid.rows : grid.cols;
  const noun = (n: number) =>
    isRowEdge ? (n === 1 ? 'row' : 'rows') : n === 1 ? 'column' : 'columns';
  if (operation === 'plus' && current + count > maxDimension) {
    return { error: `A warehouse can have at most ${maxDimension} ${noun(2)}; it has ${current}.` };
  }
  if (operation === 'minus' && count > current) {
    return { error: `Cannot remove ${count} ${noun(count)}: the warehouse has ${current}.` };
  }
  const base: GridChangePlan = {
    ...grid,
    columnShift: 0,
    removedColumns: null,
    keepRowsUpTo: null,
    newCells: [],
  };

  if (isRowEdge) {
    if (operation === 'plus') {
      return {
        ...base,
        rows: grid.rows + count,
        newCells: cellsOf(0, grid.cols - 1, grid.rows + 1, grid.rows + count),
      };
    }
    return { ...base, rows: grid.rows - count, keepRowsUpTo: grid.rows - count };
  }
  if (operation === 'plus') {
    const cols = grid.cols + count;
    return edge === 'left'
      ? { ...base, cols, columnShift: count, newCells: cellsOf(0, count - 1, 1, grid.rows) }
      : { ...base, cols, newCells: cellsOf(grid.cols, cols - 1, 1, grid.rows) };
  }
  const cols = grid.cols - count;
  return edge === 'left'
    ? { ...base, cols, columnShift: -count, removedColumns: { from: 0, to: count - 1 } }
    : { ...base, cols, removedColumns: { from: cols, to: grid.cols - 1 } };
}

export interface GridField {
  colIndex: number;
  row: number;
  name: string;
  type: string;
}

/**
 * Couchbox halves that would lose their partner: a couchbox-T at row r pairs with the
 * couchbox-B at row r + 1 of the same column. Returns the names of the halves that stay.
 */
export function findSplitCouchboxes(
  fields: readonly GridField[],
  isRemoved: (f: GridField) => boolean,
): string[] {
  const byCell = new Map(fields.map((f) => [`${f.colIndex}:${f.row}`, f]));
  const split: string[] = [];
  for (const f of fields) {
    if (isRemoved(f)) continue;
    const partnerRow =
      f.type === 'couchbox-T' ? f.row + 1 : f.type === 'couchbox-B' ? f.row - 1 : null;
    if (partnerRow === null) continue;
    const partner = byCell.get(`${f.colIndex}:${partnerRow}`);
    if (partner && isRemoved(partner)) split.push(f.name);
  }
  return split;
}

/** Lists names the way a sentence does: "A1", "A1 and B1", "A1, B1 and C1". */
export function listInSentence(names: readonly string[], max = 5): string {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1] ?? ''}`;
}

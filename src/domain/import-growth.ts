import { GRID_DIMENSION_MAX } from '../contracts/limits';
import { columnIndex, columnLetters, fieldName, parseFieldName } from './field-names';

/**
 * The most columns, and the most rows, one import adds to an existing warehouse (decision
 * 0086). A new aisle is a few columns; a typo such as "ZZ999" for "B9" would be hundreds.
 */
const IMPORT_GROWTH_MAX = 10;

export interface GridSize {
  rows: number;
  cols: number;
}

/** How a warehouse's grid grows so that the fields an import names exist. */
export interface GridGrowth {
  warehouse: string;
  from: GridSize;
  to: GridSize;
  /** Letters of the columns added on the right. */
  addedColumns: string[];
  /** Numbers of the rows added at the bottom. */
  addedRows: number[];
}

export type FieldOutsideGrid =
  { kind: 'grow'; colIndex: number; row: number } | { kind: 'refuse'; reason: string };

const lastColumn = (cols: number) => (cols > 0 ? columnLetters(cols - 1) : 'none');

/**
 * What an import does with a field it names that an existing warehouse lacks, when the user
 * ticked "create missing warehouses and fields": grow the grid to the right and/or bottom, or
 * refuse with a sentence when the name is no field name, lies left of or above the grid (a
 * gap the grid has no word for), or would grow it past the bound.
 */
export function fieldOutsideGrid(
  warehouse: string,
  grid: GridSize,
  field: string,
): FieldOutsideGrid {
  const parsed = parseFieldName(field);
  // "C01" would grow the grid by a field named C1, which the row then would not name.
  if (!parsed || parsed.row < 1 || fieldName(columnIndex(parsed.letters), parsed.row) !== field) {
    return {
      kind: 'refuse',
      reason: `Warehouse ${warehouse} has no field ${field}, and it is not a field name: a field is named by its column letters and row number, such as B4.`,
    };
  }
  const colIndex = columnIndex(parsed.letters);
  if (colIndex < grid.cols && parsed.row <= grid.rows) {
    // Inside the grid yet missing: the grid's own fields are not what it says.
    return {
      kind: 'refuse',
      reason: `Warehouse ${warehouse} has no field ${field} although its grid covers it; open the warehouse page and check its grid.`,
    };
  }
  const maxCols = Math.min(grid.cols + IMPORT_GROWTH_MAX, GRID_DIMENSION_MAX);
  const maxRows = Math.min(grid.rows + IMPORT_GROWTH_MAX, GRID_DIMENSION_MAX);
  if (colIndex + 1 > maxCols || parsed.row > maxRows) {
    return {
      kind: 'refuse',
      reason: `Warehouse ${warehouse} has no field ${field}, and an import adds at most ${IMPORT_GROWTH_MAX} columns and ${IMPORT_GROWTH_MAX} rows to a warehouse (up to ${GRID_DIMENSION_MAX} of each); it has columns A to ${lastColumn(grid.cols)} and rows 1 to ${grid.rows}. Correct the field, or add the columns or rows on the warehouse page first.`,
    };
  }
  return { kind: 'grow', colIndex, row: parsed.row };
}

/** The smallest growth to the right and bottom that holds every cell; null when none is needed. */
export function gridGrowth(
  warehouse: string,
  grid: GridSize,
  cells: readonly { colIndex: number; row: number }[],
): GridGrowth | null {
  let cols = grid.cols;
  let rows = grid.rows;
  for (const cell of cells) {
    cols = Math.max(cols, cell.colIndex + 1);
    rows = Math.max(rows, cell.row);
  }
  if (cols === grid.cols && rows === grid.rows) return null;
  const addedColumns: string[] = [];
  for (let c = grid.cols; c < cols; c++) addedColumns.push(columnLetters(c));
  const addedRows: number[] = [];
  for (let r = grid.rows + 1; r <= rows; r++) addedRows.push(r);
  return { warehouse, from: grid, to: { rows, cols }, addedColumns, addedRows };
}

/** Fields a growth adds: whole columns on the right, then whole rows at the bottom. */
export function fieldsAdded(g: GridGrowth): number {
  return g.to.rows * g.to.cols - g.from.rows * g.from.cols;
}

/**
 * "Warehouse North grows from 10 x 8 to 12 x 8: columns K, L added." Sizes are columns x
 * rows, the way the grid is drawn (letters across, numbers down). A finished import tells the
 * same in the past: "Warehouse North grew from ...", the same words for what did happen.
 */
export function growthSentence(g: GridGrowth, when: 'planned' | 'done' = 'planned'): string {
  const parts: string[] = [];
  if (g.addedColumns.length > 0) {
    parts.push(
      `${g.addedColumns.length === 1 ? 'column' : 'columns'} ${g.addedColumns.join(', ')}`,
    );
  }
  if (g.addedRows.length > 0) {
    parts.push(`${g.addedRows.length === 1 ? 'row' : 'rows'} ${g.addedRows.join(', ')}`);
  }
  const verb = when === 'done' ? 'grew' : 'grows';
  return `Warehouse ${g.warehouse} ${verb} from ${size(g.from)} to ${size(g.to)}: ${parts.join(' and ')} added.`;
}

const size = (s: GridSize) => `${s.cols} x ${s.rows}`;

/**
 * "Warehouse South created at 3 x 2: 6 fields added." What a finished import says of a
 * warehouse it created because "create missing warehouses and fields" was ticked.
 */
export function createdWarehouseSentence(name: string, grid: GridSize): string {
  const fields = grid.rows * grid.cols;
  return `Warehouse ${name} created at ${size(grid)}: ${fields.toLocaleString('en-US')} ${fields === 1 ? 'field' : 'fields'} added.`;
}

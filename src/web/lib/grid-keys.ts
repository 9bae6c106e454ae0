/**
 * Keyboard movement in an ARIA grid (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): the
 * cells are a matrix of ids, where one id may cover two rows (a couchbox pair) and a hole is
 * null. A key moves to the next cell with a different id, skipping holes.
 */
export type GridMatrix<T> = readonly (readonly (T | null)[])[];

export interface GridPoint {
  row: number;
  col: number;
}

/** Rows moved by PageUp and PageDown. */
const GRID_PAGE_ROWS = 5;

function at<T>(matrix: GridMatrix<T>, p: GridPoint): T | null {
  return matrix[p.row]?.[p.col] ?? null;
}

/** Steps from `from` by (dRow, dCol) until a different, present cell; at most `steps` cells moved. */
function step<T>(
  matrix: GridMatrix<T>,
  from: GridPoint,
  dRow: number,
  dCol: number,
  steps = 1,
): GridPoint {
  const start = at(matrix, from);
  let best = from;
  let moved = 0;
  let p = { row: from.row + dRow, col: from.col + dCol };
  while (
    p.row >= 0 &&
    p.row < matrix.length &&
    p.col >= 0 &&
    p.col < (matrix[p.row]?.length ?? 0)
  ) {
    const id = at(matrix, p);
    if (id !== null && id !== start && id !== at(matrix, best)) {
      best = p;
      moved += 1;
      if (moved >= steps) break;
    }
    p = { row: p.row + dRow, col: p.col + dCol };
  }
  return best;
}

function firstIn<T>(matrix: GridMatrix<T>, rows: number[], cols: number[]): GridPoint | null {
  for (const row of rows)
    for (const col of cols) if (at(matrix, { row, col }) !== null) return { row, col };
  return null;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Where a key takes the focus, or null when the key is not a grid key. */
export function moveInGrid<T>(
  matrix: GridMatrix<T>,
  from: GridPoint,
  key: string,
  ctrl = false,
): GridPoint | null {
  const cols = matrix[from.row]?.length ?? 0;
  switch (key) {
    case 'ArrowRight':
      return step(matrix, from, 0, 1);
    case 'ArrowLeft':
      return step(matrix, from, 0, -1);
    case 'ArrowDown':
      return step(matrix, from, 1, 0);
    case 'ArrowUp':
      return step(matrix, from, -1, 0);
    case 'PageDown':
      return step(matrix, from, 1, 0, GRID_PAGE_ROWS);
    case 'PageUp':
      return step(matrix, from, -1, 0, GRID_PAGE_ROWS);
    case 'Home':
      return ctrl
        ? (firstIn(matrix, range(matrix.length), range(cols)) ?? from)
        : (firstIn(matrix, [from.row], range(cols)) ?? from);
    case 'End':
      return ctrl
        ? (firstIn(matrix, range(matrix.length).reverse(), range(cols).reverse()) ?? from)
        : (firstIn(matrix, [from.row], range(cols).reverse()) ?? from);
    default:
      return null;
  }
}

// The warehouse floor in feet: x runs along the warehouse width, y along its length, (0, 0) is
// the top-left corner. Racks and the VAULTS block are axis-aligned rectangles on it.

/** Spec §9: a vault cell of the field grid is 5 feet on the floor plan. */
const VAULT_CELL_FEET = 5;
/** Spec §9: racks snap to walls and to other racks' corners within half a foot. */
const SNAP_TOLERANCE_FEET = 0.5;
/** Feet are stored as doubles; edges that meet within this are touching, not overlapping. */
const EPSILON = 1e-6;

export interface Point {
  x: number;
  y: number;
}

/** Extent along x (`w`) and along y (`h`), in feet. */
export interface Size {
  w: number;
  h: number;
}

export type Rect = Point & Size;

export type Orientation = 'horizontal' | 'vertical';

/** A horizontal rack lies with its width along x; a vertical one is turned a quarter. */
export function rackFootprint(rack: {
  width: number;
  length: number;
  orientation: Orientation;
}): Size {
  return rack.orientation === 'horizontal'
    ? { w: rack.width, h: rack.length }
    : { w: rack.length, h: rack.width };
}

/** The VAULTS block: one 5 ft cell per field, cols across and rows down. */
export function vaultBlockFootprint(grid: { cols: number; rows: number }): Size {
  return { w: grid.cols * VAULT_CELL_FEET, h: grid.rows * VAULT_CELL_FEET };
}

export function floorSize(warehouse: { width: number; length: number }): Size {
  return { w: warehouse.width, h: warehouse.length };
}

const clamp = (value: number, min: number, max: number) =>
  Math.min(Math.max(value, min), Math.max(min, max));

/** Keeps a rectangle of `size` inside the floor; one larger than the floor sits at the wall. */
export function clampPosition(position: Point, size: Size, floor: Size): Point {
  return { x: clamp(position.x, 0, floor.w - size.w), y: clamp(position.y, 0, floor.h - size.h) };
}

export function isInsideFloor(rect: Rect, floor: Size): boolean {
  return (
    rect.x >= -EPSILON &&
    rect.y >= -EPSILON &&
    rect.x + rect.w <= floor.w + EPSILON &&
    rect.y + rect.h <= floor.h + EPSILON
  );
}

/** True when the rectangles share area; touching edges or corners is not overlap. */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.w - EPSILON &&
    b.x < a.x + a.w - EPSILON &&
    a.y < b.y + b.h - EPSILON &&
    b.y < a.y + a.h - EPSILON
  );
}

function corners(rect: Rect): Point[] {
  return [
    { x: rect.x, y: rect.y },
    { x: rect.x + rect.w, y: rect.y },
    { x: rect.x, y: rect.y + rect.h },
    { x: rect.x + rect.w, y: rect.y + rect.h },
  ];
}

function snapToWall(value: number, extent: number, wall: number, tolerance: number): number {
  if (Math.abs(value) <= tolerance) return 0;
  if (Math.abs(value + extent - wall) <= tolerance) return wall - extent;
  return value;
}

/**
 * Where a dragged rectangle lands: a corner within `tolerance` of another rack's corner
 * (on both axes) moves onto it; otherwise each axis snaps to a wall within `tolerance`.
 * The result is always clamped inside the floor.
 */
export function snapPosition(
  position: Point,
  size: Size,
  floor: Size,
  others: readonly Rect[],
  tolerance = SNAP_TOLERANCE_FEET,
): Point {
  // Corner offsets from the top-left; the snapped position is taken from the target corner
  // itself so that touching racks share an exact edge, not one a rounding error apart.
  const offsets = [
    { x: 0, y: 0 },
    { x: size.w, y: 0 },
    { x: 0, y: size.h },
    { x: size.w, y: size.h },
  ];
  let best: { position: Point; distance: number } | null = null;
  for (const other of others) {
    for (const offset of offsets) {
      for (const theirs of corners(other)) {
        const dx = theirs.x - (position.x + offset.x);
        const dy = theirs.y - (position.y + offset.y);
        if (Math.abs(dx) > tolerance || Math.abs(dy) > tolerance) continue;
        const distance = Math.hypot(dx, dy);
        if (!best || distance < best.distance) {
          best = { position: { x: theirs.x - offset.x, y: theirs.y - offset.y }, distance };
        }
      }
    }
  }
  const snapped = best
    ? best.position
    : {
        x: snapToWall(position.x, size.w, floor.w, tolerance),
        y: snapToWall(position.y, size.h, floor.h, tolerance),
      };
  return clampPosition(snapped, size, floor);
}

export type PlacementProblem = { kind: 'outside' } | { kind: 'overlap'; with: string };

/** Why a rectangle cannot stand where it is: outside the walls, or on top of something named. */
export function findPlacementProblem(
  rect: Rect,
  floor: Size,
  obstacles: readonly { label: string; rect: Rect }[],
): PlacementProblem | null {
  if (!isInsideFloor(rect, floor)) return { kind: 'outside' };
  const hit = obstacles.find((o) => rectsOverlap(rect, o.rect));
  return hit ? { kind: 'overlap', with: hit.label } : null;
}

/**
 * The sentence for something that would land on another: `subject` "Rack \"Dock\"" or "The
 * VAULTS block", `what` the obstacle's label. The same words the server refuses a move with,
 * so the layout editor can say it before sending the move (issue 30).
 */
export function overlapSentence(subject: string, at: Point, what: string): string {
  const feet = (n: number) => `${Math.round(n * 100) / 100}`;
  return `${subject} at x ${feet(at.x)}, y ${feet(at.y)} would overlap ${what}.`;
}

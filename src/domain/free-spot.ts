import { isInsideFloor, rectsOverlap, type Point, type Rect, type Size } from './floor-plan';

/** The grid the search walks, in feet: the floor plan's own snap is finer, but a rack is large. */
const STEP_FEET = 1;

/**
 * The first spot, reading the floor row by row from the top-left corner, where a thing of
 * `size` fits inside the floor without covering the VAULTS block or any rack (issue 11: a
 * rack added by keyboard lands there). Null when the floor has no room.
 */
export function firstFreeSpot(size: Size, floor: Size, taken: readonly Rect[]): Point | null {
  for (let y = 0; y + size.h <= floor.h; y += STEP_FEET) {
    for (let x = 0; x + size.w <= floor.w; x += STEP_FEET) {
      const rect = { x, y, ...size };
      if (isInsideFloor(rect, floor) && !taken.some((t) => rectsOverlap(rect, t))) return { x, y };
    }
  }
  return null;
}

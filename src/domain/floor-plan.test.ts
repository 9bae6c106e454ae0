import { describe, expect, it } from 'vitest';
import {
  clampPosition,
  findPlacementProblem,
  isInsideFloor,
  overlapSentence,
  rackFootprint,
  rectsOverlap,
  snapPosition,
  vaultBlockFootprint,
} from './floor-plan';

const floor = { w: 60, h: 100 };

describe('footprints', () => {
  it('lays a horizontal rack with its width along x and turns a vertical one', () => {
    expect(rackFootprint({ width: 12, length: 4, orientation: 'horizontal' })).toEqual({
      w: 12,
      h: 4,
    });
    expect(rackFootprint({ width: 12, length: 4, orientation: 'vertical' })).toEqual({
      w: 4,
      h: 12,
    });
  });

  it('sizes the VAULTS block at 5 ft per field', () => {
    expect(vaultBlockFootprint({ cols: 2, rows: 12 })).toEqual({ w: 10, h: 60 });
  });
});

describe('clamping', () => {
  it('keeps a rack inside the walls', () => {
    expect(clampPosition({ x: -3, y: 98 }, { w: 12, h: 4 }, floor)).toEqual({ x: 0, y: 96 });
    expect(clampPosition({ x: 55, y: -1 }, { w: 12, h: 4 }, floor)).toEqual({ x: 48, y: 0 });
  });

  it('leaves a position that already fits alone', () => {
    expect(clampPosition({ x: 10.25, y: 20 }, { w: 12, h: 4 }, floor)).toEqual({ x: 10.25, y: 20 });
  });

  it('puts a rack larger than the floor against the top-left walls', () => {
    expect(clampPosition({ x: 5, y: 5 }, { w: 80, h: 4 }, floor)).toEqual({ x: 0, y: 5 });
  });
});

describe('snapping', () => {
  it('snaps to a wall within half a foot on each axis', () => {
    expect(snapPosition({ x: 0.4, y: 95.7 }, { w: 12, h: 4 }, floor, [])).toEqual({ x: 0, y: 96 });
  });

  it('does not snap to a wall further than half a foot away', () => {
    expect(snapPosition({ x: 0.6, y: 50 }, { w: 12, h: 4 }, floor, [])).toEqual({ x: 0.6, y: 50 });
  });

  it("moves a corner onto another rack's nearby corner", () => {
    const other = { x: 20, y: 20, w: 12, h: 4 };
    // Our top-left corner is 0.3 right and 0.2 below their bottom-left corner.
    expect(snapPosition({ x: 20.3, y: 24.2 }, { w: 12, h: 4 }, floor, [other])).toEqual({
      x: 20,
      y: 24,
    });
    // Our top-left near their top-right: side by side.
    expect(snapPosition({ x: 31.6, y: 19.55 }, { w: 12, h: 4 }, floor, [other])).toEqual({
      x: 32,
      y: 20,
    });
  });

  it('ignores racks whose corners are further than half a foot away', () => {
    const other = { x: 20, y: 20, w: 12, h: 4 };
    expect(snapPosition({ x: 20.3, y: 25 }, { w: 12, h: 4 }, floor, [other])).toEqual({
      x: 20.3,
      y: 25,
    });
  });

  it('clamps after snapping', () => {
    expect(snapPosition({ x: -5, y: 200 }, { w: 12, h: 4 }, floor, [])).toEqual({ x: 0, y: 96 });
  });
});

describe('overlap and placement', () => {
  const a = { x: 0, y: 0, w: 10, h: 10 };

  it('counts shared area as overlap', () => {
    expect(rectsOverlap(a, { x: 5, y: 5, w: 10, h: 10 })).toBe(true);
    expect(rectsOverlap(a, { x: 2, y: 2, w: 1, h: 1 })).toBe(true);
  });

  it('lets rectangles touch at an edge or a corner', () => {
    expect(rectsOverlap(a, { x: 10, y: 0, w: 5, h: 5 })).toBe(false);
    expect(rectsOverlap(a, { x: 10, y: 10, w: 5, h: 5 })).toBe(false);
    expect(rectsOverlap(a, { x: 0, y: 10.0000001, w: 5, h: 5 })).toBe(false);
  });

  it('knows when a rectangle leaves the floor', () => {
    expect(isInsideFloor({ x: 48, y: 96, w: 12, h: 4 }, floor)).toBe(true);
    expect(isInsideFloor({ x: 48.5, y: 0, w: 12, h: 4 }, floor)).toBe(false);
    expect(isInsideFloor({ x: -0.1, y: 0, w: 12, h: 4 }, floor)).toBe(false);
  });

  it('names what a placement runs into', () => {
    const obstacles = [{ label: 'the VAULTS block', rect: a }];
    expect(findPlacementProblem({ x: 55, y: 0, w: 12, h: 4 }, floor, obstacles)).toEqual({
      kind: 'outside',
    });
    expect(findPlacementProblem({ x: 9, y: 0, w: 12, h: 4 }, floor, obstacles)).toEqual({
      kind: 'overlap',
      with: 'the VAULTS block',
    });
    expect(findPlacementProblem({ x: 10, y: 0, w: 12, h: 4 }, floor, obstacles)).toBeNull();
  });
});

describe('overlapSentence', () => {
  it('says what would land where, on what, in feet', () => {
    expect(overlapSentence('Rack "Dock"', { x: 30.004, y: 20 }, 'rack "North"')).toBe(
      'Rack "Dock" at x 30, y 20 would overlap rack "North".',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { firstFreeSpot } from './free-spot';

describe('first free spot', () => {
  const floor = { w: 40, h: 30 };

  it('is the top-left corner of an empty floor', () => {
    expect(firstFreeSpot({ w: 12, h: 4 }, floor, [])).toEqual({ x: 0, y: 0 });
  });

  it('steps past the VAULTS block and racks in reading order', () => {
    const vaults = { x: 0, y: 0, w: 15, h: 10 };
    const rack = { x: 15, y: 0, w: 12, h: 4 };
    expect(firstFreeSpot({ w: 12, h: 4 }, floor, [vaults, rack])).toEqual({ x: 27, y: 0 });
    expect(firstFreeSpot({ w: 20, h: 4 }, floor, [vaults, rack])).toEqual({ x: 15, y: 4 });
  });

  it('is null when nothing fits', () => {
    expect(firstFreeSpot({ w: 50, h: 4 }, floor, [])).toBeNull();
  });
});

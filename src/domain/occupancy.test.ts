import { describe, expect, it } from 'vitest';
import { occupancyLevel, occupancyPercent } from './occupancy';

describe('occupancy', () => {
  it('is non-empty vaults over capacity, rounded', () => {
    expect(occupancyPercent(1, 3)).toBe(33);
    expect(occupancyPercent(2, 3)).toBe(67);
    expect(occupancyPercent(0, 324)).toBe(0);
    expect(occupancyPercent(5, 0)).toBe(0);
  });

  it('colours at 25, 50 and 75 percent', () => {
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(occupancyLevel)).toEqual([
      'ok',
      'ok',
      'caution',
      'caution',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
  });
});

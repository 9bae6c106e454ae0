import { describe, expect, it } from 'vitest';
import {
  emptyCustomerName,
  fieldSlotCount,
  isEmptyCustomerName,
  occupancyLevel,
  occupancyPercent,
  warehouseCapacity,
} from './occupancy';

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

  it('gives couchbox fields one slot more than the capacity', () => {
    expect(fieldSlotCount(3, 'vault')).toBe(3);
    expect(fieldSlotCount(3, 'couchbox-T')).toBe(4);
  });

  it('counts warehouse capacity as rows x cols x field capacity', () => {
    expect(warehouseCapacity(12, 9, 3)).toBe(324);
  });

  it('names and recognises empty vaults', () => {
    expect(emptyCustomerName('liftvan')).toBe('EMPTY LIFTVAN');
    expect(isEmptyCustomerName('EMPTY T2')).toBe(true);
    expect(isEmptyCustomerName('JOHNSON')).toBe(false);
  });
});

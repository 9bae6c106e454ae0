import { describe, expect, it } from 'vitest';
import { slugify, warehouseNameFromChecklistPath } from './slug';

describe('slugs', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(slugify('Naglee Main Warehouse')).toBe('naglee-main-warehouse');
    expect(slugify('  Warehouse   1 ')).toBe('warehouse-1');
  });

  it('reads the warehouse name back from a checklist path', () => {
    expect(warehouseNameFromChecklistPath('naglee-main-warehouse-checklist')).toBe(
      'naglee main warehouse',
    );
    expect(warehouseNameFromChecklistPath('warehouse-3-checklist')).toBe('warehouse 3');
  });
});

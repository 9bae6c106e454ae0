import { describe, expect, it } from 'vitest';
import { slugify, warehouseNameFromChecklistPath } from './slug';

describe('slugs', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(slugify('Naglee Main Warehouse')).toBe('naglee-main-warehouse');
    expect(slugify('  Warehouse   1 ')).toBe('warehouse-1');
  });

  it('drops characters a URL path would misread, leaving single hyphens', () => {
    expect(slugify('Main #2 & Co')).toBe('main-2-co');
    expect(slugify('100% Storage?')).toBe('100-storage');
    expect(slugify('North/East \\ Dock')).toBe('north-east-dock');
    expect(slugify('A & B Moving')).toBe('a-b-moving');
    expect(slugify('Zürich Süd')).toBe('zürich-süd');
    expect(slugify('###')).toBe('');
  });

  it('reads the warehouse name back from a checklist path', () => {
    expect(warehouseNameFromChecklistPath('naglee-main-warehouse-checklist')).toBe(
      'naglee main warehouse',
    );
    expect(warehouseNameFromChecklistPath('warehouse-3-checklist')).toBe('warehouse 3');
  });
});

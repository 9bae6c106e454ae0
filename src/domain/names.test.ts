import { describe, expect, it } from 'vitest';
import { normaliseName, truncate } from './names';

describe('names', () => {
  it('upper-cases names and folds spaces', () => {
    expect(normaliseName('  john   smith ')).toBe('JOHN SMITH');
    expect(normaliseName('JOHN\tSMITH')).toBe('JOHN SMITH');
  });
  it('cuts long names and marks the cut', () => {
    expect(truncate('JOHNSONVILLE', 8)).toBe('JOHNSONV…');
    expect(truncate('SHORT', 8)).toBe('SHORT');
  });
});

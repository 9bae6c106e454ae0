import { describe, expect, it } from 'vitest';
import { releasedSearchDay } from './vault-release';

describe('releasedSearchDay', () => {
  it('reads the day of "released YYYY-MM-DD", in any case and spacing', () => {
    expect(releasedSearchDay('released 2026-11-03')).toBe('2026-11-03');
    expect(releasedSearchDay('  Released   2026-02-28 ')).toBe('2026-02-28');
  });

  it('is null for other texts and for days that do not exist', () => {
    expect(releasedSearchDay('2026-11-03')).toBeNull();
    expect(releasedSearchDay('released')).toBeNull();
    expect(releasedSearchDay('released 2026-02-30')).toBeNull();
    expect(releasedSearchDay('released yesterday')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dateInProblem } from './date-in';

describe('date in', () => {
  it('takes today and any day before it', () => {
    expect(dateInProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(dateInProblem('2025-12-31', '2026-11-27')).toBeNull();
  });

  it('refuses a day after today', () => {
    expect(dateInProblem('2026-11-28', '2026-11-27')).toBe('Date in cannot be in the future.');
    expect(dateInProblem('2027-01-01', '2026-12-31')).toBe('Date in cannot be in the future.');
  });
});

/**
 * A vault's date in is the day it came in, and storage is billed from it (decision 0490): it
 * may be entered after the fact, never ahead of the day it is (decision 0600). `today` is the
 * database's day, the one clock for dates in.
 */
export function dateInProblem(dateIn: string, today: string): string | null {
  return dateIn > today ? 'Date in cannot be in the future.' : null;
}

// Storage is counted in calendar days, written as ISO dates ('2026-11-03'). Arithmetic goes
// through UTC midnight, so no clock change makes a day 23 or 25 hours long.

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(day: string): number {
  const m = ISO_DATE.exec(day);
  if (!m) throw new Error(`Not an ISO date: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
}

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** Days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** A month written YYYY-MM. */
export type Month = string;

function monthOf(day: string): Month {
  return day.slice(0, 7);
}

export function firstDayOf(month: Month): string {
  return `${month}-01`;
}

export function lastDayOf(month: Month): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m, 0));
}

export function daysIn(month: Month): number {
  return daysBetween(firstDayOf(month), lastDayOf(month)) + 1;
}

/** The months from `from` to `to`, both included, in order. */
export function monthsFrom(from: Month, to: Month): Month[] {
  const months: Month[] = [];
  for (let m = from; m <= to; m = monthOf(addDays(lastDayOf(m), 1))) months.push(m);
  return months;
}

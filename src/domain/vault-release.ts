import { isIsoDate } from './calendar-days';

// Search finds released vaults by the day they went out (decision 0492): "released 2026-11-03".
const RELEASED_QUERY = /^released\s+(\S+)$/i;

/** The day a search text asks for released vaults of, or null when it asks for something else. */
export function releasedSearchDay(text: string): string | null {
  const day = RELEASED_QUERY.exec(text.trim())?.[1];
  return day !== undefined && isIsoDate(day) ? day : null;
}

import { addDays, daysBetween } from './calendar-days';

// Storage in transit (SIT): a carrier's storage on a move, paid for a number of authorised days
// (military moves: 90 without a further authorisation); at the conversion date the goods become
// the customer's own permanent storage, and the customer must be told in writing beforehand.

export const accountTypes = ['sit', 'permanent'] as const;
export type AccountType = (typeof accountTypes)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  sit: 'SIT (storage in transit)',
  permanent: 'Permanent storage',
};

export const DEFAULT_AUTHORISED_DAYS = 90;
/** Days from the storage start to the conversion to permanent storage, when none is set. */
export const DEFAULT_CONVERSION_AFTER_DAYS = 180;
/** How soon an ending or a conversion shows on the dashboard. */
export const SIT_ENDING_WITHIN_DAYS = 14;

export interface SitAccount {
  accountType: AccountType;
  storageStart: string;
  authorisedDays: number;
  /** null: the default, storage start plus `DEFAULT_CONVERSION_AFTER_DAYS`. */
  conversionDate: string | null;
}

export type SitStatus = 'running' | 'ending' | 'over-authorised' | 'converted';

export interface SitClock {
  /** Days of storage so far; the start day is day one. 0 before the start. */
  daysUsed: number;
  authorisedDays: number;
  /** The last authorised day. */
  authorisedUntil: string;
  /** Authorised days left after today; negative once over. */
  daysLeft: number;
  conversionDate: string;
  /** Days from today to the conversion; 0 on the day, negative after it. */
  daysToConversion: number;
  status: SitStatus;
}

export function conversionDateOf(account: Pick<SitAccount, 'storageStart' | 'conversionDate'>) {
  return account.conversionDate ?? addDays(account.storageStart, DEFAULT_CONVERSION_AFTER_DAYS);
}

/** The SIT clock of an account on `today`; null for permanent storage, which has none. */
export function sitClock(account: SitAccount, today: string): SitClock | null {
  if (account.accountType !== 'sit') return null;
  const daysUsed = Math.max(0, daysBetween(account.storageStart, today) + 1);
  const authorisedUntil = addDays(account.storageStart, account.authorisedDays - 1);
  const daysLeft = account.authorisedDays - daysUsed;
  const conversionDate = conversionDateOf(account);
  const daysToConversion = daysBetween(today, conversionDate);
  return {
    daysUsed,
    authorisedDays: account.authorisedDays,
    authorisedUntil,
    daysLeft,
    conversionDate,
    daysToConversion,
    status: statusOf(daysLeft, daysToConversion),
  };
}

function statusOf(daysLeft: number, daysToConversion: number): SitStatus {
  if (daysToConversion <= 0) return 'converted';
  if (daysLeft < 0) return 'over-authorised';
  if (Math.min(daysLeft, daysToConversion) <= SIT_ENDING_WITHIN_DAYS) return 'ending';
  return 'running';
}

/**
 * Whether the dashboard lists the account under "SIT ending": its authorised days end or it
 * converts within `SIT_ENDING_WITHIN_DAYS`, or its authorised days are already over and it has
 * not converted yet, which needs the office's action most of all (decision 0491).
 */
export function isSitEnding(clock: SitClock | null): boolean {
  return clock !== null && (clock.status === 'ending' || clock.status === 'over-authorised');
}

export const SIT_STATUS_LABELS: Record<SitStatus, string> = {
  running: 'Running',
  ending: 'Ending soon',
  'over-authorised': 'Over authorised days',
  converted: 'Converted to permanent',
};

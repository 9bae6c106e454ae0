import {
  daysBetween,
  daysIn,
  firstDayOf,
  lastDayOf,
  type Month,
  monthsFrom,
} from './calendar-days';

// The storage report bills storage per customer per month (decision 0490): a vault counts
// every day from its date in to today, or to its release day when released (decision 0492),
// both included, and a pallet counts by the shelf spots it takes, from the day it was put on
// its shelf. Weight bills in hundredweight (CWT, 100 lb): the weight stored in the month, and
// CWT-months, each item's CWT times the share of the month it was stored, for a rate per CWT per
// month.

/** Pounds in a hundredweight. */
const POUNDS_PER_CWT = 100;

/** One thing in storage: a vault (one unit) or a pallet (its shelf spots). */
export interface StoredItem {
  customerId: number;
  customerName: string;
  kind: 'vault' | 'pallet';
  /** The first day it was stored. */
  since: string;
  /** The day a vault was released: its last day stored. */
  releasedOn?: string | null;
  /** Shelf spots for a pallet; 1 for a vault. */
  units: number;
  /** In pounds; null when nobody weighed it. */
  weight?: number | null;
}

export interface StorageReportRow {
  customerId: number;
  customerName: string;
  month: Month;
  vaults: number;
  vaultDays: number;
  /** Vault-days over the days of the month: one vault stored the whole month is 1. */
  vaultMonths: number;
  palletSpots: number;
  palletSpotDays: number;
  palletSpotMonths: number;
  /** The weight of what was stored in the month, in hundredweight. */
  cwt: number;
  /** Each item's CWT times its days stored over the days of the month. */
  cwtMonths: number;
  /** Items stored in the month that nobody weighed: the CWT leaves them out. */
  unweighed: number;
  /** The first and last day of the month anything of the customer's was stored. */
  firstDay: string;
  lastDay: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The days of `month` an item stored since `since` counts, up to `today`; null for none. */
export function storedDaysIn(
  month: Month,
  since: string,
  today: string,
): { first: string; last: string; days: number } | null {
  const first = since > firstDayOf(month) ? since : firstDayOf(month);
  const last = today < lastDayOf(month) ? today : lastDayOf(month);
  if (last < first) return null;
  return { first, last, days: daysBetween(first, last) + 1 };
}

/** The last day something counts as stored: its release day, or today while it is kept. */
export function lastStoredDay(releasedOn: string | null | undefined, today: string): string {
  return releasedOn && releasedOn < today ? releasedOn : today;
}

/** Rows ordered by month, then customer name; customers with nothing stored in a month have no row. */
export function storageReport(
  items: readonly StoredItem[],
  range: { from: Month; to: Month },
  today: string,
): StorageReportRow[] {
  const rows: StorageReportRow[] = [];
  for (const month of monthsFrom(range.from, range.to)) {
    const byCustomer = new Map<number, StorageReportRow>();
    const cwtDays = new Map<StorageReportRow, number>();
    for (const item of items) {
      const stored = storedDaysIn(month, item.since, lastStoredDay(item.releasedOn, today));
      if (!stored) continue;
      let row = byCustomer.get(item.customerId);
      if (!row) {
        row = {
          customerId: item.customerId,
          customerName: item.customerName,
          month,
          vaults: 0,
          vaultDays: 0,
          vaultMonths: 0,
          palletSpots: 0,
          palletSpotDays: 0,
          palletSpotMonths: 0,
          cwt: 0,
          cwtMonths: 0,
          unweighed: 0,
          firstDay: stored.first,
          lastDay: stored.last,
        };
        byCustomer.set(item.customerId, row);
      }
      if (item.kind === 'vault') {
        row.vaults += 1;
        row.vaultDays += stored.days;
      } else {
        row.palletSpots += item.units;
        row.palletSpotDays += stored.days * item.units;
      }
      if (item.weight == null) row.unweighed += 1;
      else {
        row.cwt += item.weight / POUNDS_PER_CWT;
        cwtDays.set(row, (cwtDays.get(row) ?? 0) + (item.weight / POUNDS_PER_CWT) * stored.days);
      }
      if (stored.first < row.firstDay) row.firstDay = stored.first;
      if (stored.last > row.lastDay) row.lastDay = stored.last;
    }
    const days = daysIn(month);
    for (const row of byCustomer.values()) {
      row.vaultMonths = round2(row.vaultDays / days);
      row.palletSpotMonths = round2(row.palletSpotDays / days);
      row.cwt = round2(row.cwt);
      row.cwtMonths = round2((cwtDays.get(row) ?? 0) / days);
    }
    rows.push(
      ...[...byCustomer.values()].sort(
        (a, b) => a.customerName.localeCompare(b.customerName, 'en') || a.customerId - b.customerId,
      ),
    );
  }
  return rows;
}

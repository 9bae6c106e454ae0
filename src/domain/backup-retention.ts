/** How many backups are kept: the newest of each of so many days, and of so many weeks. */
export interface RetentionPolicy {
  daily: number;
  weekly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 14, weekly: 8 };

export interface DatedBackup {
  name: string;
  createdAt: Date;
}

/** A day as the server's clock reads it, so "daily" follows the office's own days. */
const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** The Monday that starts the backup's week, as a day. */
function weekOf(d: Date): string {
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  return dayOf(monday);
}

/**
 * The backups a policy no longer keeps: a backup stays when it is the newest of one of the
 * `daily` most recent days that have backups, or the newest of one of the `weekly` most recent
 * weeks that have. Every kind (daily, on demand, before a migration) counts alike, so a
 * backup taken by hand before a risky change is kept as that day's.
 */
export function backupsToDelete<T extends DatedBackup>(
  backups: readonly T[],
  policy: RetentionPolicy,
): T[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<T>();
  const pick = (period: (d: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      const key = period(backup.createdAt);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(backup);
    }
  };
  pick(dayOf, policy.daily);
  pick(weekOf, policy.weekly);
  return newestFirst.filter((b) => !keep.has(b));
}

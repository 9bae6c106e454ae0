import { describe, expect, it } from 'vitest';
import { backupsToDelete } from './backup-retention';

const at = (day: number, hour = 2) => ({
  name: `b-${day}-${hour}`,
  createdAt: new Date(2026, 0, day, hour),
});

describe('backup retention', () => {
  it('keeps the newest backup of each recent day and drops the others of that day', () => {
    const backups = [at(10, 2), at(10, 14), at(11, 2)];
    const gone = backupsToDelete(backups, { daily: 14, weekly: 8 });
    expect(gone.map((b) => b.name)).toEqual(['b-10-2']);
  });

  it('keeps the newest backup of each recent week once the daily ones run out', () => {
    // Days 1 to 40 of January 2026 end on Monday 9 February; the weeks before it run from
    // Monday 2 February (day 33) and Monday 26 January (day 26).
    const backups = Array.from({ length: 40 }, (_, i) => at(i + 1));
    const gone = backupsToDelete(backups, { daily: 3, weekly: 3 });
    const kept = backups.filter((b) => !gone.includes(b));
    expect(kept.map((b) => b.name)).toEqual(['b-32-2', 'b-38-2', 'b-39-2', 'b-40-2']);
  });
});

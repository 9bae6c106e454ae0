import { describe, expect, it } from 'vitest';
import { isSitEnding, sitClock, type SitAccount } from './sit-clock';

const sit = (over: Partial<SitAccount> = {}): SitAccount => ({
  accountType: 'sit',
  storageStart: '2026-09-01',
  authorisedDays: 90,
  conversionDate: null,
  ...over,
});

describe('sit clock', () => {
  it('permanent storage has no clock', () => {
    expect(sitClock(sit({ accountType: 'permanent' }), '2026-09-10')).toBeNull();
  });

  it('counts the start day as day one and converts 180 days after the start by default', () => {
    const clock = sitClock(sit(), '2026-09-10');
    expect(clock).toEqual({
      daysUsed: 10,
      authorisedDays: 90,
      authorisedUntil: '2026-11-29',
      daysLeft: 80,
      conversionDate: '2027-02-28',
      daysToConversion: 171,
      status: 'running',
    });
  });

  it('has used no days before the start', () => {
    expect(sitClock(sit(), '2026-08-20')?.daysUsed).toBe(0);
  });

  it('is ending from 14 authorised days left, and over the day after the last one', () => {
    expect(sitClock(sit(), '2026-11-14')?.status).toBe('running');
    expect(sitClock(sit(), '2026-11-15')).toMatchObject({ daysLeft: 14, status: 'ending' });
    expect(sitClock(sit(), '2026-11-29')).toMatchObject({ daysLeft: 0, status: 'ending' });
    expect(sitClock(sit(), '2026-11-30')).toMatchObject({
      daysLeft: -1,
      status: 'over-authorised',
    });
  });

  it('is ending when a set conversion date is near, and converted on that day', () => {
    const account = sit({ authorisedDays: 365, conversionDate: '2026-10-01' });
    expect(sitClock(account, '2026-09-16')?.status).toBe('running');
    expect(sitClock(account, '2026-09-17')).toMatchObject({
      daysToConversion: 14,
      status: 'ending',
    });
    expect(sitClock(account, '2026-10-01')).toMatchObject({
      daysToConversion: 0,
      status: 'converted',
    });
  });

  it('lists ending and over-authorised accounts as SIT ending, not running or converted ones', () => {
    expect(isSitEnding(sitClock(sit(), '2026-11-20'))).toBe(true);
    expect(isSitEnding(sitClock(sit(), '2026-12-20'))).toBe(true);
    expect(isSitEnding(sitClock(sit(), '2026-10-01'))).toBe(false);
    expect(isSitEnding(sitClock(sit(), '2027-03-01'))).toBe(false);
    expect(isSitEnding(null)).toBe(false);
  });
});

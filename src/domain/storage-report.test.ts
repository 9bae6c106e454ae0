import { describe, expect, it } from 'vitest';
import { daysIn, isIsoDate, lastDayOf, monthsFrom } from './calendar-days';
import { INVOICE_COLUMNS, invoiceCells, invoiceLine } from './storage-invoice';
import { storageReport, storedDaysIn, type StoredItem } from './storage-report';

const vault = (customerId: number, since: string): StoredItem => ({
  customerId,
  customerName: `C${customerId}`,
  kind: 'vault',
  since,
  units: 1,
});

describe('calendar days', () => {
  it('knows month lengths, leap years and real dates', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(daysIn('2026-02')).toBe(28);
    expect(monthsFrom('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });
});

describe('storage report', () => {
  it('counts a vault from its date in to the end of the month, both days included', () => {
    expect(storedDaysIn('2026-09', '2026-09-21', '2026-12-01')).toEqual({
      first: '2026-09-21',
      last: '2026-09-30',
      days: 10,
    });
  });

  it('counts to today in the running month and nothing before the date in', () => {
    expect(storedDaysIn('2026-11', '2026-09-21', '2026-11-05')?.days).toBe(5);
    expect(storedDaysIn('2026-08', '2026-09-21', '2026-11-05')).toBeNull();
  });

  it('counts a released vault up to its release day, that day included, and no further', () => {
    const rows = storageReport(
      [{ ...vault(1, '2026-09-21'), releasedOn: '2026-10-05' }],
      { from: '2026-09', to: '2026-11' },
      '2026-11-20',
    );
    expect(rows.map((r) => [r.month, r.vaultDays, r.lastDay])).toEqual([
      ['2026-09', 10, '2026-09-30'],
      ['2026-10', 5, '2026-10-05'],
    ]);
  });

  it('sums vault-days per customer per month and turns them into vault-months', () => {
    const rows = storageReport(
      [
        vault(1, '2026-09-16'),
        vault(1, '2026-10-01'),
        vault(2, '2026-10-11'),
        { customerId: 2, customerName: 'C2', kind: 'pallet', since: '2026-10-21', units: 2 },
      ],
      { from: '2026-09', to: '2026-10' },
      '2026-11-05',
    );
    expect(rows).toEqual([
      {
        customerId: 1,
        customerName: 'C1',
        month: '2026-09',
        vaults: 1,
        vaultDays: 15,
        vaultMonths: 0.5,
        palletSpots: 0,
        palletSpotDays: 0,
        palletSpotMonths: 0,
        cwt: 0,
        cwtMonths: 0,
        unweighed: 1,
        firstDay: '2026-09-16',
        lastDay: '2026-09-30',
      },
      {
        customerId: 1,
        customerName: 'C1',
        month: '2026-10',
        vaults: 2,
        vaultDays: 62,
        vaultMonths: 2,
        palletSpots: 0,
        palletSpotDays: 0,
        palletSpotMonths: 0,
        cwt: 0,
        cwtMonths: 0,
        unweighed: 2,
        firstDay: '2026-10-01',
        lastDay: '2026-10-31',
      },
      {
        customerId: 2,
        customerName: 'C2',
        month: '2026-10',
        vaults: 1,
        vaultDays: 21,
        vaultMonths: 0.68,
        palletSpots: 2,
        palletSpotDays: 22,
        palletSpotMonths: 0.71,
        cwt: 0,
        cwtMonths: 0,
        unweighed: 2,
        firstDay: '2026-10-11',
        lastDay: '2026-10-31',
      },
    ]);
  });

  it('weighs each month in hundredweight, prorates CWT-months by the days stored and counts the unweighed', () => {
    const rows = storageReport(
      [
        { ...vault(1, '2026-09-01'), weight: 1250 },
        { ...vault(1, '2026-09-16'), weight: 800.5 },
        { ...vault(1, '2026-09-21'), weight: null },
        { ...vault(1, '2026-09-01'), weight: 400, releasedOn: '2026-09-10' },
      ],
      { from: '2026-09', to: '2026-10' },
      '2026-11-05',
    );
    // September: 12.5 + 8.005 + 4 CWT; CWT-days 12.5 x 30 + 8.005 x 15 + 4 x 10 = 535.075 over 30.
    // October: the released vault is gone; 20.505 CWT stored all month.
    expect(rows.map((r) => [r.month, r.cwt, r.cwtMonths, r.unweighed])).toEqual([
      ['2026-09', 24.51, 17.84, 1],
      ['2026-10', 20.51, 20.51, 1],
    ]);
  });

  it('names the weight in the invoice line and gives its own columns for CWT', () => {
    const [row] = storageReport(
      [{ ...vault(7, '2026-10-17'), weight: 1500 }, vault(7, '2026-10-17')],
      { from: '2026-10', to: '2026-10' },
      '2026-12-01',
    );
    if (!row) throw new Error('no row');
    const cells = invoiceCells(invoiceLine(row));
    expect(cells[6]).toBe('Storage 2026-10-17 to 2026-10-31: 2 vaults, 30 vault-days; 15 CWT');
    const column = (name: (typeof INVOICE_COLUMNS)[number]) => cells[INVOICE_COLUMNS.indexOf(name)];
    expect([column('Cwt'), column('CwtMonths'), column('Unweighed')]).toEqual([15, 7.26, 1]);
  });

  it('gives QuickBooks one line per customer per month with the rate left empty', () => {
    const [row] = storageReport(
      [vault(7, '2026-10-11')],
      { from: '2026-10', to: '2026-10' },
      '2026-12-01',
    );
    if (!row) throw new Error('no row');
    const line = invoiceLine(row);
    expect(invoiceCells(line).slice(0, 10)).toEqual([
      'ST202610-7',
      'C7',
      '10/31/2026',
      '11/30/2026',
      'Net 30',
      'Vault storage',
      'Storage 2026-10-11 to 2026-10-31: 1 vault, 21 vault-days',
      0.68,
      null,
      null,
    ]);
  });
});

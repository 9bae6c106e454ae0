import { describe, expect, it } from 'vitest';
import {
  releaseOutlook,
  suggestPlace,
  weekStartOf,
  type SlottingField,
  type SlottingVault,
} from './release-slotting';

/** A field in column `col`, row `row`, holding vaults due on these days, bottom first. */
const field = (
  name: string,
  col: number,
  row: number,
  due: (string | null)[] = [],
  extra: Partial<SlottingField> = {},
): SlottingField => ({
  id: col * 100 + row,
  name,
  colIndex: col,
  rowIndex: row,
  type: 'vault',
  full: false,
  fieldCapacity: 3,
  vaults: due.map((expectedRelease, i) => ({ position: i + 1, expectedRelease, customerId: 7 })),
  ...extra,
});

const arriving = (expectedRelease: string, type = 'vault', customerId: number | null = 9) => ({
  type,
  expectedRelease,
  customerId,
});

// 2026-12-07 is a Monday.
const MON = '2026-12-07';
const WED = '2026-12-09';
const NEXT_WEEK = '2026-12-16';
const IN_A_MONTH = '2027-01-06';

describe('weekStartOf', () => {
  it('gives the Monday of the week, Sunday included in the week before it', () => {
    expect(weekStartOf(MON)).toBe(MON);
    expect(weekStartOf(WED)).toBe(MON);
    expect(weekStartOf('2026-12-13')).toBe(MON);
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('suggestPlace', () => {
  it('puts a vault due sooner on top of one due later, not on a sooner one or an empty field', () => {
    const fields = [field('A1', 0, 1, [WED]), field('A2', 0, 2), field('B1', 1, 1, [IN_A_MONTH])];
    expect(suggestPlace({ fields, arriving: arriving(NEXT_WEEK), from: null })).toEqual({
      fieldId: 101,
      fieldName: 'B1',
      position: 2,
      reason: { kind: 'on_later', below: '2027-01-04', isOnSameCustomer: false },
    });
  });

  it('takes a stack whose top leaves the same week, or whose release nobody knows', () => {
    const sameWeek = [field('A1', 0, 1, [MON]), field('A2', 0, 2)];
    expect(suggestPlace({ fields: sameWeek, arriving: arriving(WED), from: null })).toMatchObject({
      fieldName: 'A1',
      position: 2,
      reason: { kind: 'on_later', below: MON },
    });
    const unknown = [field('A1', 0, 1), field('A2', 0, 2, [null])];
    expect(suggestPlace({ fields: unknown, arriving: arriving(WED), from: null })).toMatchObject({
      fieldName: 'A2',
      reason: { kind: 'on_later', below: null },
    });
  });

  it('prefers an empty field to burying a sooner release', () => {
    const fields = [field('A1', 0, 1, [MON]), field('B3', 1, 3)];
    expect(suggestPlace({ fields, arriving: arriving(IN_A_MONTH), from: null })).toEqual({
      fieldId: 103,
      fieldName: 'B3',
      position: 1,
      reason: { kind: 'empty_field' },
    });
  });

  it('buries only when it must, and then the release due latest', () => {
    const fields = [field('A1', 0, 1, [MON]), field('A2', 0, 2, [NEXT_WEEK])];
    expect(suggestPlace({ fields, arriving: arriving(IN_A_MONTH), from: null })).toMatchObject({
      fieldName: 'A2',
      reason: { kind: 'buries_sooner', below: '2026-12-14' },
    });
  });

  it('keeps the stacks topped by later releases for later vaults: the tightest fit first', () => {
    const fields = [field('A1', 0, 1, [IN_A_MONTH]), field('A2', 0, 2, [NEXT_WEEK])];
    expect(suggestPlace({ fields, arriving: arriving(MON), from: null })).toMatchObject({
      fieldName: 'A2',
    });
  });

  it('chooses the nearest fitting field to the one staff started from', () => {
    const fields = [field('A1', 0, 1, [NEXT_WEEK]), field('C1', 2, 1, [NEXT_WEEK])];
    const from = { colIndex: 2, rowIndex: 4 };
    expect(suggestPlace({ fields, arriving: arriving(MON), from })).toMatchObject({
      fieldName: 'C1',
    });
    expect(suggestPlace({ fields, arriving: arriving(MON), from: null })).toMatchObject({
      fieldName: 'A1',
    });
  });

  it("stacks on the same customer's vaults among equally good places", () => {
    const fields = [field('A1', 0, 1, [NEXT_WEEK]), field('A2', 0, 2, [NEXT_WEEK])];
    const own = fields.map((f, i) => ({
      ...f,
      vaults: f.vaults.map((v): SlottingVault => ({ ...v, customerId: i === 1 ? 9 : 7 })),
    }));
    expect(suggestPlace({ fields: own, arriving: arriving(MON), from: null })).toMatchObject({
      fieldName: 'A2',
      reason: { kind: 'on_later', isOnSameCustomer: true },
    });
  });

  it("prefers the same customer's stack to a nearer one: their vaults leave together", () => {
    const fields = [field('A1', 0, 1, [NEXT_WEEK]), field('C1', 2, 1, [NEXT_WEEK])];
    const own = fields.map((f, i) => ({
      ...f,
      vaults: f.vaults.map((v): SlottingVault => ({ ...v, customerId: i === 1 ? 9 : 7 })),
    }));
    const fromA = { colIndex: 0, rowIndex: 1 };
    expect(suggestPlace({ fields: own, arriving: arriving(MON), from: fromA })).toMatchObject({
      fieldName: 'C1',
    });
    expect(
      suggestPlace({ fields: own, arriving: arriving(MON, 'vault', 5), from: fromA }),
    ).toMatchObject({ fieldName: 'A1', reason: { isOnSameCustomer: false } });
  });

  it('treats an arrival of unknown customer as nobody’s, not as the customer of unowned vaults', () => {
    const fields = [field('A1', 0, 1, [NEXT_WEEK]), field('A2', 0, 2, [NEXT_WEEK])];
    const unowned = fields.map((f, i) => ({
      ...f,
      vaults: f.vaults.map((v): SlottingVault => ({ ...v, customerId: i === 1 ? null : 7 })),
    }));
    expect(
      suggestPlace({ fields: unowned, arriving: arriving(MON, 'vault', null), from: null }),
    ).toMatchObject({ fieldName: 'A1', reason: { isOnSameCustomer: false } });
  });

  it('respects capacity, the full flag and couchbox pairs', () => {
    const fields = [
      field('A1', 0, 1, [IN_A_MONTH, IN_A_MONTH, IN_A_MONTH]),
      field('A2', 0, 2, [IN_A_MONTH], { full: true }),
      field('A3', 0, 3, [IN_A_MONTH], { type: 'couchbox-T' }),
      field('A4', 0, 4, [], { type: 'couchbox-B' }),
      field('B1', 1, 1),
    ];
    expect(suggestPlace({ fields, arriving: arriving(MON), from: null })).toMatchObject({
      fieldName: 'A3',
      position: 2,
    });
    const noCouchbox = fields.filter((f) => f.name !== 'A3');
    expect(suggestPlace({ fields: noCouchbox, arriving: arriving(MON), from: null })).toMatchObject(
      { fieldName: 'B1', reason: { kind: 'empty_field' } },
    );
    expect(
      suggestPlace({ fields: noCouchbox, arriving: arriving(MON, 'couchbox'), from: null }),
    ).toBeNull();
  });

  it('fills a couchbox top to its one extra slot', () => {
    const top = field('A3', 0, 3, [IN_A_MONTH, IN_A_MONTH, IN_A_MONTH], { type: 'couchbox-T' });
    expect(
      suggestPlace({ fields: [top], arriving: arriving(MON, 'couchbox'), from: null }),
    ).toMatchObject({ fieldName: 'A3', position: 4 });
  });

  it('answers null when no field has room', () => {
    const fields = [field('A1', 0, 1, [MON, MON, MON])];
    expect(suggestPlace({ fields, arriving: arriving(MON), from: null })).toBeNull();
  });

  it('counts a later vault standing above a free slot left by a gap as burying the arrival', () => {
    const gap: SlottingField = {
      ...field('A1', 0, 1),
      vaults: [{ position: 2, expectedRelease: IN_A_MONTH, customerId: 7 }],
    };
    expect(suggestPlace({ fields: [gap], arriving: arriving(MON), from: null })).toMatchObject({
      position: 1,
      reason: { kind: 'under_later', above: '2027-01-04' },
    });
  });
});

describe('releaseOutlook', () => {
  it('counts per week the vaults due that have a later or undated vault above them', () => {
    const fields = [
      // The vault due Monday is under one due next week: a dig-out.
      field('A1', 0, 1, [MON, NEXT_WEEK]),
      // Same week on top: goes out together, no dig-out.
      field('A2', 0, 2, [WED, MON]),
      // Undated on top counts as later.
      field('A3', 0, 3, [NEXT_WEEK, null]),
      // Sooner on top: in order.
      field('B1', 1, 1, [IN_A_MONTH, NEXT_WEEK, WED]),
    ];
    expect(releaseOutlook(fields)).toEqual([
      { weekStart: MON, due: 4, needingDigOut: 1 },
      { weekStart: '2026-12-14', due: 3, needingDigOut: 1 },
      { weekStart: '2027-01-04', due: 1, needingDigOut: 0 },
    ]);
  });

  it('is empty when no vault has an expected release', () => {
    expect(releaseOutlook([field('A1', 0, 1, [null, null])])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { compareField, restackPlan, type KnownVault } from './audit-findings';

const recorded = [
  { vaultId: 1, name: '100', position: 1 },
  { vaultId: 2, name: '200', position: 2 },
  { vaultId: 3, name: '300', position: 3 },
];
const none = new Map<string, KnownVault>();

const statuses = (findings: ReturnType<typeof compareField>) =>
  findings.map((f) => [f.vaultName, f.status]);

describe('compareField', () => {
  it('finds every vault in place when the stack matches the records', () => {
    const findings = compareField({
      fieldId: 9,
      seen: ['100', '200', '300'],
      recorded,
      known: none,
    });
    expect(statuses(findings)).toEqual([
      ['100', 'in_place'],
      ['200', 'in_place'],
      ['300', 'in_place'],
    ]);
  });

  it('names a vault seen here but recorded elsewhere, and one recorded here but not seen', () => {
    const known = new Map([['900', { vaultId: 9, fieldId: 4, place: 'W, field B2, position 1' }]]);
    const findings = compareField({ fieldId: 9, seen: ['100', '200', '900'], recorded, known });
    expect(findings).toContainEqual({
      status: 'elsewhere',
      vaultId: 9,
      vaultName: '900',
      seenPosition: 3,
      recordedPosition: null,
      recordedPlace: 'W, field B2, position 1',
    });
    expect(findings).toContainEqual(
      expect.objectContaining({ status: 'missing', vaultId: 3, recordedPosition: 3 }),
    );
  });

  it('judges order on the vaults both seen and recorded, so a missing one below moves nothing', () => {
    const findings = compareField({ fieldId: 9, seen: ['200', '300'], recorded, known: none });
    expect(statuses(findings)).toEqual([
      ['200', 'in_place'],
      ['300', 'in_place'],
      ['100', 'missing'],
    ]);
  });

  it('marks the vaults whose order differs from the records', () => {
    const findings = compareField({
      fieldId: 9,
      seen: ['200', '100', '300'],
      recorded,
      known: none,
    });
    expect(statuses(findings)).toEqual([
      ['200', 'order_differs'],
      ['100', 'order_differs'],
      ['300', 'in_place'],
    ]);
  });

  it('counts a double scan once, and tells unknown numbers and untagged units apart', () => {
    const withUntagged = [...recorded, { vaultId: 4, name: null, position: 4 }];
    const findings = compareField({
      fieldId: 9,
      seen: [' 100 ', '100', '200', '300', 'XYZ'],
      recorded: withUntagged,
      known: none,
    });
    expect(statuses(findings)).toEqual([
      ['100', 'in_place'],
      ['200', 'in_place'],
      ['300', 'in_place'],
      ['XYZ', 'unknown'],
      [null, 'unnumbered'],
    ]);
  });
});

describe('restackPlan', () => {
  it('lifts from the top down to the first vault out of order, then sets them back as seen', () => {
    expect(restackPlan([1, 2, 3, 4], [1, 3, 2, 4])).toEqual({
      lift: [4, 3, 2],
      setBack: [3, 2, 4],
    });
  });

  it('needs no move when the order already matches', () => {
    expect(restackPlan([1, 2], [1, 2])).toEqual({ lift: [], setBack: [] });
  });

  it('refuses when the seen vaults are not the recorded ones', () => {
    expect(restackPlan([1, 2], [1, 3])).toBeNull();
    expect(restackPlan([1, 2], [1])).toBeNull();
  });
});

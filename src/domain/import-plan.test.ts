import { describe, expect, it } from 'vitest';
import {
  fieldKey,
  missingFieldReason,
  planImport,
  type ExistingVault,
  type PlanField,
} from './import-plan';
import type { ImportRow } from './import-rows';

const field = (name: string, over: Partial<PlanField> = {}): [string, PlanField] => [
  fieldKey('Main', name),
  { id: 1, warehouseName: 'Main', name, type: 'vault', full: false, fieldCapacity: 3, ...over },
];

function row(n: number, vaultNumber: string, place: ImportRow['place']): ImportRow {
  return {
    row: n,
    vaultNumber,
    customerName: 'SMITH',
    orderName: null,
    type: 'vault',
    note: '',
    place,
  };
}
const at = (field: string, position: number | null = null): ImportRow['place'] => ({
  kind: 'field',
  warehouse: 'main',
  field,
  position,
});

function stored(name: string, fieldName: string | null, position: number | null): ExistingVault {
  return {
    id: Number(name),
    name,
    fieldKey: fieldName ? fieldKey('Main', fieldName) : null,
    position,
    customerName: 'SMITH',
    orderName: null,
    type: 'vault',
    note: '',
  };
}

function plan(
  rows: ImportRow[],
  vaults: ExistingVault[] = [],
  fields: [string, PlanField][] = [field('A1'), field('B1')],
) {
  const taken = new Map<string, number[]>();
  for (const v of vaults) {
    if (v.fieldKey && v.position !== null) {
      taken.set(v.fieldKey, [...(taken.get(v.fieldKey) ?? []), v.position]);
    }
  }
  return planImport(
    rows,
    {
      fields: new Map(fields),
      warehouses: new Map([['main', 'Main']]),
      vaults: new Map(vaults.map((v) => [v.name, v])),
      taken,
    },
    (w) => `missing ${w}`,
  );
}

describe('planImport', () => {
  it('fills each field from its lowest free position, in position order', () => {
    const result = plan([
      row(2, '1', at('A1', 2)),
      row(3, '2', at('A1', 1)),
      row(4, '3', at('A1')),
    ]);
    expect(result.refusals).toEqual([]);
    expect(result.planned.map((p) => p.target?.position)).toEqual([2, 1, 3]);
  });

  it('refuses a gap, an overfull field and a couchbox outside a couchbox field', () => {
    const couch = { ...row(5, '4', at('B1')), type: 'couchbox' as const };
    const result = plan([
      row(2, '1', at('A1', 2)),
      row(3, '2', at('B1')),
      row(4, '3', at('B1')),
      couch,
      row(6, '5', at('B1')),
      row(7, '6', at('B1')),
    ]);
    expect(result.refusals.map((r) => [r.row, r.column])).toEqual([
      [2, 'position'],
      [5, 'type'],
      [7, 'position'],
    ]);
  });

  it('updates a stored vault whose contents the file changes, and leaves one it repeats', () => {
    const kept = {
      ...stored('8', 'A1', 1),
      contents: { weight: 500, date_in: '2025-05-05', seal: 'S-9' },
      tags: [{ lot: '9', first: 1, last: 10 }],
    };
    const same = { ...row(2, '8', { kind: 'unsaid' }), contents: { weight: 500, seal: 'S-9' } };
    const heavier = { ...row(2, '8', { kind: 'unsaid' }), contents: { weight: 650 } };
    const retagged = {
      ...row(2, '8', { kind: 'unsaid' }),
      contents: { tags: [{ lot: '9', first: 11, last: 20 }] },
    };
    expect(plan([same], [kept]).planned[0]?.action).toBe('unchanged');
    const updated = plan([heavier], [kept]).planned[0];
    expect(updated?.action).toBe('update');
    expect(updated?.values.contents).toMatchObject({
      weight: 650,
      date_in: '2025-05-05',
      seal: 'S-9',
    });
    expect(plan([retagged], [kept]).planned[0]?.action).toBe('update');
  });

  it('refuses a row naming a released vault, whose number stays in the records', () => {
    const released = { ...stored('7', null, null), releasedOn: '2026-11-03' };
    const result = plan([row(2, '7', at('A1', 1))], [released]);
    expect(result.planned).toEqual([]);
    expect(result.refusals).toEqual([
      {
        row: 2,
        column: 'vault_number',
        reason:
          'Vault 7 was released on 2026-11-03 and is still in the records: its number cannot be given to another vault.',
      },
    ]);
  });

  it('changes nothing for a row that says what is stored', () => {
    const result = plan([row(2, '1', at('A1', 1))], [stored('1', 'A1', 1)]);
    expect(result.planned[0]?.action).toBe('unchanged');
  });

  it('lifts only the topmost vault of a field, and keeps a vault whose landing fails', () => {
    const vaults = [stored('1', 'A1', 1), stored('2', 'A1', 2)];
    const blocked = plan([row(2, '1', at('B1'))], vaults);
    expect(blocked.refusals[0]?.reason).toMatch(/not the topmost vault of field A1/);

    const full = [field('A1'), field('B1', { full: true })];
    const kept = plan([row(2, '2', at('B1')), row(3, '9', at('A1'))], vaults, full);
    // 2 stays in A1 (B1 is full), so the new vault takes A1's next position, 3.
    expect(kept.refusals.map((r) => r.row)).toEqual([2]);
    expect(kept.planned[0]?.target?.position).toBe(3);
  });

  it('refuses a number the file already used, and an unknown warehouse or field', () => {
    const result = plan([
      row(2, '1', at('A1')),
      row(3, '1', at('A1')),
      row(4, '2', { kind: 'field', warehouse: 'Other', field: 'A1', position: null }),
      row(5, '3', at('Z9')),
    ]);
    expect(result.refusals.map((r) => r.reason)).toEqual([
      'Vault 1 is already on row 2 of this file.',
      'missing Other',
      missingFieldReason('Main', 'Z9'),
    ]);
  });

  it('stages new vaults without a place and leaves stored ones where they are', () => {
    const result = plan(
      [row(2, '1', { kind: 'unsaid' }), row(3, '2', { kind: 'unsaid' })],
      [stored('2', 'A1', 1)],
    );
    expect(result.planned.map((p) => [p.action, p.target?.position ?? null])).toEqual([
      ['create', null],
      ['unchanged', 1],
    ]);
  });
});

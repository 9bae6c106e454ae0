import { describe, expect, it } from 'vitest';
import { planDigOut, planPutBack, type PlanField } from './dig-out-plan';

const field = (
  name: string,
  colIndex: number,
  rowIndex: number,
  taken: number[] = [],
  extra: Partial<PlanField> = {},
): PlanField => ({
  id: colIndex * 100 + rowIndex,
  name,
  colIndex,
  rowIndex,
  type: 'vault',
  full: false,
  capacity: 3,
  taken,
  ...extra,
});

const a1 = field('A1', 0, 1, [1, 2, 3]);
const bottom = { id: 11, name: '11', type: 'vault', position: 1 };
const stack = [
  bottom,
  { id: 12, name: '12', type: 'vault', position: 2 },
  { id: 13, name: '13', type: 'vault', position: 3 },
];

describe('planDigOut', () => {
  it('moves the vaults above, topmost first, to the same column before the neighbours', () => {
    const fields = [a1, field('B1', 1, 1), field('A3', 0, 3, [1, 2]), field('A2', 0, 2, [1, 2])];
    const plan = planDigOut({
      target: { id: 11, position: 1 },
      field: a1,
      fieldVaults: stack,
      fields,
    });
    expect(plan).toEqual({
      kind: 'plan',
      isAnyStaged: false,
      isNoRoom: false,
      moves: [
        { vault: stack[2], to: { fieldId: a1.id + 1, fieldName: 'A2', position: 3 } },
        { vault: stack[1], to: { fieldId: a1.id + 2, fieldName: 'A3', position: 3 } },
      ],
    });
  });

  it('goes to a neighbouring column when its own is full, skipping flagged and lower couchbox halves', () => {
    const fields = [
      a1,
      field('A2', 0, 2, [1, 2, 3]),
      field('B1', 1, 1, [], { full: true }),
      field('B2', 1, 2, [], { type: 'couchbox-B' }),
      field('C1', 2, 1),
      field('B3', 1, 3, [1]),
    ];
    const plan = planDigOut({
      target: { id: 12, position: 2 },
      field: a1,
      fieldVaults: stack,
      fields,
    });
    expect(plan.kind === 'plan' && plan.moves.map((m) => m.to)).toEqual([
      { fieldId: 103, fieldName: 'B3', position: 2 },
    ]);
  });

  it('proposes the stage when no field has room, and says so', () => {
    const fields = [a1, field('A2', 0, 2, [1, 2, 3])];
    const plan = planDigOut({
      target: { id: 11, position: 1 },
      field: a1,
      fieldVaults: stack,
      fields,
    });
    expect(plan).toMatchObject({ kind: 'plan', isNoRoom: true, isAnyStaged: true });
    expect(plan.kind === 'plan' && plan.moves.map((m) => m.to)).toEqual([null, null]);
  });

  it('keeps a couchbox to couchbox fields', () => {
    const fields = [a1, field('A2', 0, 2), field('B1', 1, 1, [], { type: 'couchbox-T' })];
    const couch = [bottom, { id: 14, name: null, type: 'couchbox', position: 2 }];
    const plan = planDigOut({
      target: { id: 11, position: 1 },
      field: a1,
      fieldVaults: couch,
      fields,
    });
    expect(plan.kind === 'plan' && plan.moves[0]?.to?.fieldName).toBe('B1');
  });

  it('has nothing to plan for the topmost vault', () => {
    expect(
      planDigOut({ target: { id: 13, position: 3 }, field: a1, fieldVaults: stack, fields: [a1] }),
    ).toEqual({ kind: 'on_top' });
  });
});

describe('planPutBack', () => {
  it('puts back bottom first, as many as there are free slots', () => {
    expect(planPutBack(['top', 'middle'], 2)).toEqual({ back: ['middle', 'top'], stay: [] });
    expect(planPutBack(['top', 'middle'], 1)).toEqual({ back: ['middle'], stay: ['top'] });
    expect(planPutBack(['top'], 0)).toEqual({ back: [], stay: ['top'] });
  });
});

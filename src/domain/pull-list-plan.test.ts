import { describe, expect, it } from 'vitest';
import { seededPullDay } from '../../tests/support/pull-day';
import { planDay, type DayField, type DayVault } from './pull-list-plan';

const field = (name: string, colIndex: number, rowIndex: number, warehouseId = 1): DayField => ({
  id: warehouseId * 1000 + colIndex * 100 + rowIndex,
  name,
  colIndex,
  rowIndex,
  type: 'vault',
  full: false,
  capacity: 3,
  taken: [],
  warehouseId,
});

const vault = (id: number, f: DayField | null, position: number | null): DayVault => ({
  id,
  name: String(id),
  type: 'vault',
  fieldId: f?.id ?? null,
  position,
});

const a1 = field('A1', 0, 1);
const a2 = field('A2', 0, 2);
const a3 = field('A3', 0, 3);
const b1 = field('B1', 1, 1);

/** The steps as the crew reads them. */
const words = (plan: ReturnType<typeof planDay>) =>
  plan.steps.map((s) =>
    s.kind === 'pull'
      ? `pull ${s.vault.name} for ${s.requestId}`
      : `aside ${s.vault.name} to ${s.to ? `${s.to.fieldName}/${s.to.position}` : 'stage'}`,
  );

describe('planDay', () => {
  it('moves a vault that blocks two requested vaults once, not once per request', () => {
    // A1: 11 (request 1) under 12 (request 2) under 13; A2 holds 21 under 22 (request 1).
    const vaults = [
      vault(11, a1, 1),
      vault(12, a1, 2),
      vault(13, a1, 3),
      vault(21, a2, 1),
      vault(22, a2, 2),
    ];
    const plan = planDay({
      fields: [a1, a2, a3, b1],
      vaults,
      targets: [
        { vaultId: 11, requestId: 1 },
        { vaultId: 21, requestId: 1 },
        { vaultId: 12, requestId: 2 },
      ],
      requestOrder: [1, 2],
    });
    expect(words(plan)).toEqual([
      'aside 13 to A3/1',
      'pull 12 for 2',
      'pull 11 for 1',
      // A1 holds no vault still to be pulled any more, so it takes the one lifted from A2.
      'aside 22 to A1/1',
      'pull 21 for 1',
    ]);
    expect(plan.moves).toBe(5);
    // Alone, request 1 lifts 12 aside, and request 2 must lift it a second time.
    expect(plan.movesOneByOne).toBe(6);
  });

  it('counts a request-by-request plan that lifts a blocker again for the next request', () => {
    const vaults = [vault(11, a1, 1), vault(12, a1, 2), vault(13, a1, 3)];
    const plan = planDay({
      fields: [a1, a2],
      vaults,
      targets: [
        { vaultId: 12, requestId: 1 },
        { vaultId: 11, requestId: 2 },
      ],
      requestOrder: [1, 2],
    });
    expect(words(plan)).toEqual(['aside 13 to A2/1', 'pull 12 for 1', 'pull 11 for 2']);
    expect(plan.moves).toBe(3);
    // Alone: 13 aside, 12 pulled; then 11 is on top: the same three moves.
    expect(plan.movesOneByOne).toBe(3);
  });

  it('never parks a blocker on a field that still holds a vault to pull', () => {
    // A2 is nearest to A1 but holds request 2's vault; A3 is free of targets.
    const vaults = [vault(11, a1, 1), vault(12, a1, 2), vault(21, a2, 1)];
    const plan = planDay({
      fields: [a1, a2, a3],
      vaults,
      targets: [
        { vaultId: 11, requestId: 1 },
        { vaultId: 21, requestId: 2 },
      ],
      requestOrder: [1, 2],
    });
    expect(words(plan)).toEqual(['aside 12 to A3/1', 'pull 11 for 1', 'pull 21 for 2']);
    // Alone, request 1 parks 12 on A2 over 21, and request 2 must lift it again.
    expect(plan.movesOneByOne).toBe(plan.moves + 1);
  });

  it('pulls a requested vault on top without moving anything, and records a staged one', () => {
    const plan = planDay({
      fields: [a1, a2],
      vaults: [vault(11, a1, 1), vault(12, a1, 2), vault(30, null, null)],
      targets: [
        { vaultId: 12, requestId: 1 },
        { vaultId: 30, requestId: 1 },
      ],
      requestOrder: [1],
    });
    expect(words(plan)).toEqual(['pull 30 for 1', 'pull 12 for 1']);
    expect(plan.steps[0]).toMatchObject({ kind: 'pull', from: null });
    expect(plan.moves).toBe(1);
    expect(plan.movesOneByOne).toBe(1);
  });

  it('keeps blockers in their warehouse and sends them to the stage when it has no room', () => {
    const other = field('A2', 0, 2, 2);
    const plan = planDay({
      fields: [a1, other],
      vaults: [vault(11, a1, 1), vault(12, a1, 2)],
      targets: [{ vaultId: 11, requestId: 1 }],
      requestOrder: [1],
    });
    expect(words(plan)).toEqual(['aside 12 to stage', 'pull 11 for 1']);
  });
});

describe('a seeded day of 10 requests', () => {
  it('needs fewer forklift moves as one day plan than request by request', () => {
    const day = seededPullDay(10);
    const plan = planDay(day);
    expect(new Set(day.targets.map((t) => t.requestId)).size).toBe(10);
    expect(plan.steps.filter((s) => s.kind === 'pull')).toHaveLength(day.targets.length);
    const asides = plan.steps.filter((s) => s.kind === 'aside').map((s) => s.vault.id);
    expect(new Set(asides).size).toBe(asides.length);
    expect(plan.moves).toBeLessThan(plan.movesOneByOne);
  });
});

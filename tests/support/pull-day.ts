import type { DayField, DayVault, PullTarget } from '../../src/domain/pull-list-plan';

// A seeded floor day for the pull-list planner: the unit test and the bench plan the same one.

/** The same numbers every run (a linear congruential generator). */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * below);
  };
}

/**
 * One warehouse of 8 columns x 5 rows of fields of 5, about four in five slots taken, and
 * `requests` requests of one to three vaults each, drawn mostly from the lower slots where
 * customers' older vaults sit, several of them sharing a stack.
 */
export function seededPullDay(requests: number, seed = 32) {
  const random = seeded(seed);
  const fields: DayField[] = [];
  const vaults: DayVault[] = [];
  for (let col = 0; col < 8; col++) {
    for (let row = 1; row <= 5; row++) {
      const id = col * 10 + row;
      const held = 3 + random(3);
      const name = `${String.fromCharCode(65 + col)}${row}`;
      const taken = Array.from({ length: held }, (_, i) => i + 1);
      fields.push({
        id,
        name,
        colIndex: col,
        rowIndex: row,
        type: 'vault',
        full: false,
        capacity: 5,
        taken,
        warehouseId: 1,
      });
      for (const position of taken) {
        vaults.push({
          id: id * 10 + position,
          name: `${name}-${position}`,
          type: 'vault',
          fieldId: id,
          position,
        });
      }
    }
  }
  const targets: PullTarget[] = [];
  const busy = vaults.filter((v) => (v.position ?? 0) <= 2 && (v.fieldId ?? 0) % 10 <= 3);
  for (let requestId = 1; requestId <= requests; requestId++) {
    const wanted = targets.length + 1 + random(3);
    while (targets.length < wanted) {
      const vault = busy[random(busy.length)];
      if (vault && !targets.some((t) => t.vaultId === vault.id))
        targets.push({ vaultId: vault.id, requestId });
    }
  }
  return {
    fields,
    vaults,
    targets,
    requestOrder: Array.from({ length: requests }, (_, i) => i + 1),
  };
}

// The day's pull list (issue 32 §3): every vault the day's requests take, and the vaults on top
// of them moved aside first, planned as one job so a vault that blocks several requests moves
// once. The parking rule is the dig-out's (src/domain/dig-out-plan.ts).
import { parkingNear, takeNearestSlot, type PlaceTo, type PlanField } from './dig-out-plan';

export interface DayField extends PlanField {
  warehouseId: number;
}

export interface DayVault {
  id: number;
  name: string | null;
  type: string;
  /** Null while on the stage. */
  fieldId: number | null;
  position: number | null;
}

/** A vault a request takes; a vault two requests take is pulled once, for the first. */
export interface PullTarget {
  vaultId: number;
  requestId: number;
}

interface PlaceFrom {
  fieldId: number;
  fieldName: string;
  position: number;
}

export type PullStep =
  | {
      kind: 'aside';
      vault: DayVault;
      from: PlaceFrom;
      /** Null: no field of the warehouse has room, so it waits on the stage. */
      to: PlaceTo | null;
      /** The request whose vault it uncovers first. */
      requestId: number;
    }
  /** `from` null: the vault is on the stage already, and the pull only records it. */
  | { kind: 'pull'; vault: DayVault; from: PlaceFrom | null; requestId: number };

export interface DayPlan {
  steps: PullStep[];
  /** Forklift moves: each vault lifted out of a field, aside or to the stage. */
  moves: number;
  /** The moves the same requests need when each is planned and carried out on its own, in order. */
  movesOneByOne: number;
}

/** The floor as a plan sees it: which vault holds which slot, changed as the plan goes. */
interface Floor {
  fields: Map<number, DayField>;
  stacks: Map<number, DayVault[]>;
  /** Every vault, staged ones included. */
  vaults: Map<number, DayVault>;
}

function floorOf(fields: readonly DayField[], vaults: readonly DayVault[]): Floor {
  const stacks = new Map<number, DayVault[]>(fields.map((f) => [f.id, []]));
  for (const v of vaults) {
    if (v.fieldId !== null && v.position !== null) stacks.get(v.fieldId)?.push({ ...v });
  }
  return {
    fields: new Map(fields.map((f) => [f.id, f])),
    stacks,
    vaults: new Map(vaults.map((v) => [v.id, v])),
  };
}

const fieldOrder = (a: DayField, b: DayField) =>
  a.warehouseId - b.warehouseId || a.colIndex - b.colIndex || a.rowIndex - b.rowIndex;

/**
 * Plans `targets` on `floor`, changing it as the steps would. Field by field, each is dug once
 * from the top down to its lowest target: a target on the way is pulled, any other vault moves
 * aside to the nearest field with room that holds no target still to come (it would bury it),
 * so nothing is moved twice.
 */
function planOn(
  floor: Floor,
  targets: readonly PullTarget[],
): { steps: PullStep[]; moves: number } {
  const requestOf = new Map<number, number>();
  for (const t of targets) if (!requestOf.has(t.vaultId)) requestOf.set(t.vaultId, t.requestId);
  const steps: PullStep[] = [];
  const fieldOfVault = new Map<number, number>();
  for (const [fieldId, stack] of floor.stacks)
    for (const v of stack) fieldOfVault.set(v.id, fieldId);
  // Staged targets need no forklift: their pull only records them.
  for (const [vaultId, requestId] of requestOf) {
    const vault = floor.vaults.get(vaultId);
    if (fieldOfVault.has(vaultId) || !vault) continue;
    steps.push({
      kind: 'pull',
      vault: { ...vault, fieldId: null, position: null },
      from: null,
      requestId,
    });
  }
  const pending = new Set([...requestOf.keys()].filter((id) => fieldOfVault.has(id)));
  const dug = [...new Set([...pending].map((id) => fieldOfVault.get(id) ?? 0))]
    .map((id) => floor.fields.get(id))
    .filter((f): f is DayField => f !== undefined)
    .sort(fieldOrder);
  let moves = 0;
  for (const field of dug) {
    const stack = floor.stacks.get(field.id) ?? [];
    const lowest = Math.min(
      ...stack.filter((v) => pending.has(v.id)).map((v) => v.position ?? Infinity),
    );
    const holdsPending = new Set([...pending].map((id) => fieldOfVault.get(id)));
    const parking = parkingNear(
      field,
      [...floor.fields.values()]
        .filter((f) => f.warehouseId === field.warehouseId && f.id !== field.id)
        .filter((f) => !holdsPending.has(f.id))
        .map((f) => ({ ...f, taken: (floor.stacks.get(f.id) ?? []).map((v) => v.position ?? 0) })),
    );
    const lifted = stack
      .filter((v) => (v.position ?? 0) >= lowest)
      .sort((a, b) => (b.position ?? 0) - (a.position ?? 0));
    for (const v of lifted) {
      const from = { fieldId: field.id, fieldName: field.name, position: v.position ?? 0 };
      moves++;
      const requestId = requestOf.get(v.id);
      if (requestId !== undefined) {
        steps.push({ kind: 'pull', vault: { ...v }, from, requestId });
        pending.delete(v.id);
        continue;
      }
      const below = lifted.find((u) => pending.has(u.id));
      const to = takeNearestSlot(parking, v.type);
      steps.push({
        kind: 'aside',
        vault: { ...v },
        from,
        to,
        requestId: requestOf.get(below?.id ?? 0) ?? 0,
      });
      if (to) {
        const moved = { ...v, fieldId: to.fieldId, position: to.position };
        floor.stacks.get(to.fieldId)?.push(moved);
      }
    }
    floor.stacks.set(
      field.id,
      stack.filter((v) => (v.position ?? 0) < lowest),
    );
  }
  return { steps, moves };
}

/**
 * The day's plan for `targets` on the floor as the records hold it, with the moves it needs
 * beside the moves of planning each request alone (in `requestOrder`, each on the floor the
 * ones before it left).
 */
export function planDay(input: {
  fields: readonly DayField[];
  vaults: readonly DayVault[];
  targets: readonly PullTarget[];
  requestOrder: readonly number[];
}): DayPlan {
  const { steps, moves } = planOn(floorOf(input.fields, input.vaults), input.targets);
  const alone = floorOf(input.fields, input.vaults);
  const done = new Set<number>();
  let movesOneByOne = 0;
  for (const requestId of input.requestOrder) {
    const own = input.targets.filter((t) => t.requestId === requestId && !done.has(t.vaultId));
    own.forEach((t) => done.add(t.vaultId));
    movesOneByOne += planOn(alone, own).moves;
  }
  return { steps, moves, movesOneByOne };
}

import type { ImportAction, ImportContents } from '../contracts/imports';
import type { VaultType } from '../contracts/vaults';
import type { ImportRow, RowRefusal } from './import-rows';
import { mergeContents, sameContents, sameTags } from './import-contents';
import type { TagRange } from './inventory-tags';
import { couchboxTypeRefusal, isTopmost, placementRefusal } from './placement-rules';
import { lowestFreePosition, slotCount, type FieldKind } from './slots';

/**
 * An existing warehouse without the field a row names, when "create missing warehouses and
 * fields" is not ticked: the grid grows only when the user asks (decision 0086).
 */
export const missingFieldReason = (warehouse: string, field: string) =>
  `Warehouse ${warehouse} has no field ${field}. Tick "create missing warehouses and fields" to grow its grid to the right or bottom, add the row or column on the warehouse page, or correct the field.`;

/** Warehouse names are unique per company without regard to case. */
export const warehouseKey = (name: string) => name.trim().toLowerCase();
export const fieldKey = (warehouse: string, field: string) =>
  `${warehouseKey(warehouse)}\u0000${field}`;

export interface PlanField {
  /** Null for a field of a warehouse the import creates. */
  id: number | null;
  warehouseName: string;
  name: string;
  type: FieldKind;
  full: boolean;
  fieldCapacity: number;
}

export interface ExistingVault {
  id: number;
  name: string;
  fieldKey: string | null;
  position: number | null;
  customerName: string;
  orderName: string | null;
  type: VaultType;
  note: string;
  /** The day it was released: its number stays in the records, off the floor (decision 0492). */
  releasedOn?: string | null;
  /** Its own columns the import writes (IMPORT_CONTENTS), as stored. */
  contents?: Partial<ImportContents>;
  tags?: TagRange[];
}

export interface PlanState {
  /** Every field of the company (and of the warehouses the import creates), by `fieldKey`. */
  fields: ReadonlyMap<string, PlanField>;
  /** Names of the warehouses that exist or will be created, by `warehouseKey`. */
  warehouses: ReadonlyMap<string, string>;
  /** The vaults the file names that already exist, by number. */
  vaults: ReadonlyMap<string, ExistingVault>;
  /** Positions taken in each field before the import, by `fieldKey`. */
  taken: ReadonlyMap<string, readonly number[]>;
  /** Why a field missing from `fields` is refused, by `fieldKey`, where not `missingFieldReason`. */
  fieldRefusals?: ReadonlyMap<string, string>;
}

interface Target {
  fieldKey: string;
  position: number;
}

/** What a vault holds after the import: the file's values, or the stored ones it left out. */
interface VaultValues {
  customerName: string;
  orderName: string | null;
  type: VaultType;
  note: string;
  contents: ImportContents;
  tags: TagRange[];
}

export interface PlannedRow {
  row: ImportRow;
  values: VaultValues;
  action: Exclude<ImportAction, 'refused'>;
  existing: ExistingVault | null;
  /** Where the vault stands after the import; null is the stage. */
  target: Target | null;
}

export interface ImportPlan {
  planned: PlannedRow[];
  refusals: RowRefusal[];
}

interface Intent {
  row: ImportRow;
  existing: ExistingVault | null;
  /** Null: the stage; undefined: stays where it is (or the stage, when new). */
  fieldKey: string | null;
  position: number | null;
  isMove: boolean;
}

/**
 * Decides what each row does, with the rules every placement follows, as if the rows were
 * applied one by one: vaults leave their fields top down (only the topmost vault can be lifted),
 * then arrivals in each field take the lowest free position in position order, within the
 * field's slots, couchbox pairs and full flag. A refused arrival of a vault that was to leave
 * another field keeps it there, so the plan is made again without that row until it holds.
 * Rows that name an existing vault (the number is the key) move or update it, or change
 * nothing when the file says what is already stored.
 */
export function planImport(
  rows: readonly ImportRow[],
  state: PlanState,
  missingWarehouseReason: (warehouse: string) => string,
): ImportPlan {
  const refused = new Map<number, RowRefusal>();
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    const first = firstRowOf.get(row.vaultNumber);
    if (first === undefined) firstRowOf.set(row.vaultNumber, row.row);
    else {
      refused.set(row.row, {
        row: row.row,
        column: 'vault_number',
        reason: `Vault ${row.vaultNumber} is already on row ${first} of this file.`,
      });
    }
  }
  for (;;) {
    const pass = planPass(rows, state, refused, missingWarehouseReason);
    if (pass.retry.length === 0) {
      return {
        planned: pass.planned,
        refusals: [...refused.values()].sort((a, b) => a.row - b.row),
      };
    }
    for (const refusal of pass.retry) refused.set(refusal.row, refusal);
  }
}

function planPass(
  rows: readonly ImportRow[],
  state: PlanState,
  refused: Map<number, RowRefusal>,
  missingWarehouseReason: (warehouse: string) => string,
): { planned: PlannedRow[]; retry: RowRefusal[] } {
  const intents: Intent[] = [];
  for (const row of rows) {
    if (refused.has(row.row)) continue;
    const intent = resolveIntent(row, state, missingWarehouseReason);
    if ('refusal' in intent) refused.set(row.row, intent.refusal);
    else intents.push(intent);
  }

  const occupied = new Map<string, number[]>();
  const positionsOf = (key: string) => {
    let list = occupied.get(key);
    if (!list) {
      list = [...(state.taken.get(key) ?? [])];
      occupied.set(key, list);
    }
    return list;
  };

  // Departures, top down per field: a vault under one that stays cannot be lifted out.
  const leaving = intents
    .filter((i) => i.isMove && i.existing?.fieldKey && i.existing.position !== null)
    .sort((a, b) => (b.existing?.position ?? 0) - (a.existing?.position ?? 0));
  const departed = new Set<Intent>();
  for (const intent of leaving) {
    const { fieldKey: from, position } = intent.existing as { fieldKey: string; position: number };
    const taken = positionsOf(from);
    const field = state.fields.get(from);
    if (!isTopmost(taken, position)) {
      refused.set(intent.row.row, {
        row: intent.row.row,
        column: 'field',
        reason: `Vault ${intent.row.vaultNumber} is not the topmost vault of field ${field?.name ?? ''}: the vault above it must be moved first.`,
      });
      continue;
    }
    taken.splice(taken.indexOf(position), 1);
    departed.add(intent);
  }

  // Arrivals per field: explicit positions in order, then rows without one in file order.
  const arriving = intents.filter(
    (i) => i.isMove && i.fieldKey !== null && (!i.existing?.fieldKey || departed.has(i)),
  );
  arriving.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
  const retry: RowRefusal[] = [];
  const targets = new Map<Intent, Target>();
  for (const intent of arriving) {
    const key = intent.fieldKey as string;
    const field = state.fields.get(key) as PlanField;
    const taken = positionsOf(key);
    const position =
      intent.position ?? lowestFreePosition(taken, slotCount(field.fieldCapacity, field.type)) ?? 1;
    const refusal = placementRefusal(
      field,
      taken,
      position,
      valuesOf(intent.row, intent.existing).type,
    );
    if (refusal) {
      const rowRefusal = {
        row: intent.row.row,
        column: refusal.code === 'VAULT_TYPE_NOT_ALLOWED' ? 'type' : 'position',
        reason: refusal.message,
      } as const;
      // Its vault left another field in this pass; without the row it stays there.
      if (departed.has(intent)) retry.push(rowRefusal);
      else refused.set(intent.row.row, rowRefusal);
      continue;
    }
    taken.push(position);
    targets.set(intent, { fieldKey: key, position });
  }
  if (retry.length > 0) return { planned: [], retry };

  const planned: PlannedRow[] = [];
  for (const intent of intents) {
    if (refused.has(intent.row.row)) continue;
    const { row, existing } = intent;
    const values = valuesOf(row, existing);
    if (!intent.isMove) {
      const at = existing?.fieldKey ? state.fields.get(existing.fieldKey) : undefined;
      const typeRefusal = at ? couchboxTypeRefusal(at, values.type) : null;
      if (typeRefusal) {
        refused.set(row.row, { row: row.row, column: 'type', reason: typeRefusal.message });
        continue;
      }
      const target =
        existing?.fieldKey && existing.position !== null
          ? { fieldKey: existing.fieldKey, position: existing.position }
          : null;
      planned.push({
        row,
        values,
        existing,
        target,
        action: existing === null ? 'create' : isSame(existing, values) ? 'unchanged' : 'update',
      });
      continue;
    }
    const target = intent.fieldKey === null ? null : (targets.get(intent) ?? null);
    planned.push({ row, values, existing, target, action: existing === null ? 'create' : 'move' });
  }
  return { planned, retry: [] };
}

function resolveIntent(
  row: ImportRow,
  state: PlanState,
  missingWarehouseReason: (warehouse: string) => string,
): Intent | { refusal: RowRefusal } {
  const existing = state.vaults.get(row.vaultNumber) ?? null;
  if (existing?.releasedOn) {
    return {
      refusal: {
        row: row.row,
        column: 'vault_number',
        reason: `Vault ${row.vaultNumber} was released on ${existing.releasedOn} and is still in the records: its number cannot be given to another vault.`,
      },
    };
  }
  if (existing === null && row.customerName === undefined) {
    return {
      refusal: { row: row.row, column: 'customer', reason: 'A customer name is required.' },
    };
  }
  const place = row.place;
  if (place.kind === 'unsaid') {
    // New vaults without a place go to the stage; stored ones stay where they are.
    return { row, existing, fieldKey: null, position: null, isMove: existing === null };
  }
  if (place.kind === 'stage') {
    return {
      row,
      existing,
      fieldKey: null,
      position: null,
      isMove: existing === null || existing.fieldKey !== null,
    };
  }
  const warehouse = state.warehouses.get(warehouseKey(place.warehouse));
  if (warehouse === undefined) {
    return {
      refusal: {
        row: row.row,
        column: 'warehouse',
        reason: missingWarehouseReason(place.warehouse),
      },
    };
  }
  const key = fieldKey(place.warehouse, place.field);
  if (!state.fields.has(key)) {
    return {
      refusal: {
        row: row.row,
        column: 'field',
        reason: state.fieldRefusals?.get(key) ?? missingFieldReason(warehouse, place.field),
      },
    };
  }
  const stays =
    existing !== null &&
    existing.fieldKey === key &&
    (place.position === null || place.position === existing.position);
  return { row, existing, fieldKey: key, position: place.position, isMove: !stays };
}

function valuesOf(row: ImportRow, existing: ExistingVault | null): VaultValues {
  const contents = row.contents ?? {};
  return {
    customerName: row.customerName ?? existing?.customerName ?? '',
    orderName: row.orderName !== undefined ? row.orderName : (existing?.orderName ?? null),
    type: row.type ?? existing?.type ?? 'vault',
    note: row.note ?? existing?.note ?? '',
    contents: mergeContents(contents, existing?.contents),
    tags: contents.tags ?? existing?.tags ?? [],
  };
}

function isSame(v: ExistingVault, values: VaultValues): boolean {
  return (
    v.customerName === values.customerName &&
    v.orderName === values.orderName &&
    v.type === values.type &&
    v.note === values.note &&
    sameContents(v.contents ?? {}, values.contents) &&
    sameTags(v.tags ?? [], values.tags)
  );
}

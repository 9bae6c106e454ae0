import type {
  ImportGrowth,
  ImportMapping,
  ImportRowError,
  NewWarehouseSpec,
} from '../../../contracts/imports';
import {
  IMPORT_COLUMNS,
  importColumns,
  type ImportColumn,
  type ImportContents,
} from '../../../contracts/imports';
import {
  isPalletRow,
  planPallets,
  rackKey,
  readPalletRow,
  shelfKey,
  type PalletImportRow,
  type StoredPallet,
} from '../../../domain/import-pallets';
import { gridFieldNames } from '../../../domain/field-names';
import {
  fieldOutsideGrid,
  fieldsAdded,
  gridGrowth,
  growthSentence,
  type GridGrowth,
} from '../../../domain/import-growth';
import {
  fieldKey,
  planImport,
  warehouseKey,
  type ExistingVault,
  type ImportPlan,
  type PlanField,
  type PlanState,
} from '../../../domain/import-plan';
import { readImportRow, type CellProblem, type ImportRow } from '../../../domain/import-rows';
import { planContacts, type ContactChange } from '../../../domain/import-contents';
import type { TagRange } from '../../../domain/inventory-tags';
import type * as repo from './imports.repository';

/** The file as stored with its job: the table read from it. */
export interface StoredSheet {
  rows: string[][];
  rowNumbers: number[];
  problems: CellProblem[];
}

/** Every data row read through the mapping: the rows to plan and the ones refused already. */
export function readRows(
  sheet: StoredSheet,
  mapping: ImportMapping,
): { rows: ImportRow[]; pallets: PalletImportRow[]; errors: ImportRowError[] } {
  const problemsByRow = new Map<number, CellProblem[]>();
  for (const p of sheet.problems) {
    problemsByRow.set(p.row, [...(problemsByRow.get(p.row) ?? []), p]);
  }
  const rows: ImportRow[] = [];
  const pallets: PalletImportRow[] = [];
  const errors: ImportRowError[] = [];
  sheet.rows.forEach((cells, i) => {
    const n = sheet.rowNumbers[i] ?? i + 2;
    const problems = problemsByRow.get(n) ?? [];
    const problem = problems.find((p) => Object.values(mapping).includes(p.column));
    if (isPalletRow(cells, mapping)) {
      const column = importColumns.find((c) => mapping[c] === problem?.column) ?? null;
      const read = problem
        ? ({ ok: false, refusal: { row: n, column, reason: problem.reason } } as const)
        : readPalletRow(cells, n, mapping);
      if (read.ok) pallets.push(read.value);
      else errors.push(rowError(read.refusal));
      return;
    }
    const read = readImportRow(cells, n, mapping, problems);
    if (read.ok) rows.push(read.value);
    else errors.push(rowError(read.refusal));
  });
  return { rows, pallets, errors };
}

export function rowError(r: {
  row: number;
  column: ImportColumn | null;
  reason: string;
}): ImportRowError {
  return { row: r.row, column: r.column ? IMPORT_COLUMNS[r.column].label : '', reason: r.reason };
}

/** Names of warehouses the rows place vaults into that the company does not have. */
export function missingWarehouses(rows: readonly ImportRow[], known: readonly string[]): string[] {
  const have = new Set(known.map(warehouseKey));
  const missing = new Map<string, string>();
  for (const row of rows) {
    if (row.place.kind !== 'field') continue;
    const key = warehouseKey(row.place.warehouse);
    if (!have.has(key) && !missing.has(key)) missing.set(key, row.place.warehouse.trim());
  }
  return [...missing.values()];
}

/** "Warehouse field" of each field the rows name in an existing warehouse that lacks it. */
export function missingFields(
  rows: readonly ImportRow[],
  warehouses: readonly repo.WarehouseRow[],
  fields: readonly repo.FieldRow[],
): string[] {
  const byKey = new Map(warehouses.map((w) => [warehouseKey(w.name), w]));
  const have = new Set(fields.map((f) => `${f.warehouse_id}\u0000${f.name}`));
  const missing = new Set<string>();
  for (const row of rows) {
    if (row.place.kind !== 'field') continue;
    const w = byKey.get(warehouseKey(row.place.warehouse));
    if (w && !have.has(`${w.id}\u0000${row.place.field}`))
      missing.add(`${w.name} ${row.place.field}`);
  }
  return [...missing];
}

/** A grid the import grows, with the warehouse it belongs to. */
export type WarehouseGrowth = GridGrowth & { warehouseId: number };

/** A growth as the preview (planned) and the finished job (done) tell it. */
export function presentGrowth(g: GridGrowth, when: 'planned' | 'done'): ImportGrowth {
  return {
    warehouse: g.warehouse,
    from: g.from,
    to: g.to,
    added_columns: g.addedColumns,
    added_rows: g.addedRows,
    fields_added: fieldsAdded(g),
    sentence: growthSentence(g, when),
  };
}

/**
 * The plan over what the database holds. Warehouses still to be created are added as empty
 * grids (`simulated`), so a preview shows the rows that would land in them. With "create
 * missing" ticked, a field an existing warehouse lacks is planned as if its grid had grown to
 * hold it (decision 0086), within the bound, and only for the warehouses in `growable` when
 * given (those the last step holds exclusively); `growth` is what the planned rows need.
 */
export function planOver(
  rows: readonly ImportRow[],
  db: {
    warehouses: readonly repo.WarehouseRow[];
    fields: readonly repo.FieldRow[];
    taken: readonly { field_id: number; position: number }[];
    vaults: readonly repo.VaultStateRow[];
  },
  simulated: readonly NewWarehouseSpec[],
  options: { isCreatingMissing: boolean; growable?: ReadonlySet<number> },
): {
  plan: ImportPlan;
  keyOfField: Map<number, string>;
  fields: Map<string, PlanField>;
  growth: WarehouseGrowth[];
} {
  const { isCreatingMissing } = options;
  const warehouseById = new Map(db.warehouses.map((w) => [w.id, w]));
  const fields = new Map<string, PlanField>();
  const keyOfField = new Map<number, string>();
  for (const f of db.fields) {
    const w = warehouseById.get(f.warehouse_id);
    if (!w) continue;
    const key = fieldKey(w.name, f.name);
    keyOfField.set(f.id, key);
    fields.set(key, {
      id: f.id,
      warehouseName: w.name,
      name: f.name,
      type: f.type,
      full: f.full,
      fieldCapacity: w.field_capacity,
    });
  }
  const warehouses = new Map(db.warehouses.map((w) => [warehouseKey(w.name), w.name]));
  for (const spec of simulated) {
    warehouses.set(warehouseKey(spec.name), spec.name);
    for (const f of gridFieldNames(spec.rows, spec.cols)) {
      fields.set(fieldKey(spec.name, f.name), {
        id: null,
        warehouseName: spec.name,
        name: f.name,
        type: 'vault',
        full: false,
        fieldCapacity: spec.field_capacity,
      });
    }
  }
  const taken = new Map<string, number[]>();
  for (const t of db.taken) {
    const key = keyOfField.get(t.field_id);
    if (key) taken.set(key, [...(taken.get(key) ?? []), t.position]);
  }
  const vaults = new Map<string, ExistingVault>(
    db.vaults.map((v) => [
      v.name,
      {
        id: v.id,
        name: v.name,
        fieldKey: v.field_id === null ? null : (keyOfField.get(v.field_id) ?? null),
        position: v.position,
        customerName: v.customer_name ?? '',
        orderName: v.order_name,
        type: v.type,
        note: v.note,
        releasedOn: v.released_on,
        contents: JSON.parse(v.contents) as ImportContents,
        tags: JSON.parse(v.tags) as TagRange[],
      },
    ]),
  );
  const fieldRefusals = new Map<string, string>();
  const grown = new Map<string, { warehouseId: number; colIndex: number; row: number }>();
  if (isCreatingMissing) {
    const stored = new Map(db.warehouses.map((w) => [warehouseKey(w.name), w]));
    const specs = new Map(simulated.map((spec) => [warehouseKey(spec.name), spec]));
    for (const row of rows) {
      if (row.place.kind !== 'field') continue;
      const { field } = row.place;
      const key = fieldKey(row.place.warehouse, field);
      if (fields.has(key) || fieldRefusals.has(key)) continue;
      const w = stored.get(warehouseKey(row.place.warehouse));
      const spec = specs.get(warehouseKey(row.place.warehouse));
      if (spec) {
        fieldRefusals.set(
          key,
          `Warehouse ${spec.name} is to be created with ${spec.cols} columns and ${spec.rows} rows, which have no field ${field}: give it more columns or rows, or correct the field.`,
        );
      }
      if (!w) continue;
      if (options.growable && !options.growable.has(w.id)) {
        fieldRefusals.set(
          key,
          `Warehouse ${w.name}'s grid changed while this import ran, and it has no field ${field}. Preview the file again.`,
        );
        continue;
      }
      const outside = fieldOutsideGrid(w.name, { rows: w.rows, cols: w.cols }, field);
      if (outside.kind === 'refuse') {
        fieldRefusals.set(key, outside.reason);
        continue;
      }
      grown.set(key, { warehouseId: w.id, colIndex: outside.colIndex, row: outside.row });
      fields.set(key, {
        id: null,
        warehouseName: w.name,
        name: field,
        type: 'vault',
        full: false,
        fieldCapacity: w.field_capacity,
      });
    }
  }
  const state: PlanState = { fields, warehouses, vaults, taken, fieldRefusals };
  const plan = planImport(rows, state, (name) =>
    isCreatingMissing
      ? `Warehouse ${name} does not exist; give its rows, columns and capacity to create it.`
      : `Warehouse ${name} does not exist; tick "create missing warehouses and fields" to create it.`,
  );
  // The grids grow only as far as the rows that land need.
  const cells = new Map<number, { colIndex: number; row: number }[]>();
  for (const p of plan.planned) {
    const cell = p.target ? grown.get(p.target.fieldKey) : undefined;
    if (cell) cells.set(cell.warehouseId, [...(cells.get(cell.warehouseId) ?? []), cell]);
  }
  const growth = [...db.warehouses]
    .sort((a, b) => a.id - b.id)
    .flatMap((w): WarehouseGrowth[] => {
      const needed = cells.get(w.id);
      const g = needed ? gridGrowth(w.name, { rows: w.rows, cols: w.cols }, needed) : null;
      return g ? [{ ...g, warehouseId: w.id }] : [];
    });
  return { plan, keyOfField, fields, growth };
}

/**
 * The contact the planned rows add to their customers' records, over the contact those records
 * hold (`listCustomerContacts`); the preview shows it and the last step writes it.
 */
export function contactsOver(
  plan: ImportPlan,
  stored: readonly { name: string; phone: string; email: string; address: string }[],
): ContactChange[] {
  return planContacts(
    plan.planned.map((p) => ({ customerName: p.values.customerName, contact: p.row.contact })),
    new Map(stored.map((c) => [c.name, c])),
  );
}

/** The customers whose contact the rows give. */
export const contactNames = (plan: ImportPlan) => [
  ...new Set(plan.planned.flatMap((p) => (p.row.contact ? [p.values.customerName] : []))),
];

/** The pallet plan over the company's racks, shelves and pallets. */
export function planPalletsOver(
  rows: readonly PalletImportRow[],
  db: {
    warehouses: readonly repo.WarehouseRow[];
    shelves: readonly repo.ShelfRow[];
    pallets: readonly repo.PalletStateRow[];
  },
) {
  const warehouseName = new Map(db.warehouses.map((w) => [w.id, w.name]));
  const racksByKey = new Map<string, Set<number>>();
  const shelves = new Map<string, { id: number; capacity: number }>();
  for (const s of db.shelves) {
    const name = warehouseName.get(s.warehouse_id);
    if (name === undefined) continue;
    const key = rackKey(name, s.rack_name);
    racksByKey.set(key, (racksByKey.get(key) ?? new Set()).add(s.rack_id));
    shelves.set(shelfKey(name, s.rack_name, s.shelf_index + 1), { id: s.id, capacity: s.capacity });
  }
  const ambiguousRacks = new Set(
    [...racksByKey].filter(([, ids]) => ids.size > 1).map(([key]) => key),
  );
  const shelfCounts = new Map<string, number>();
  for (const s of db.shelves) {
    const name = warehouseName.get(s.warehouse_id);
    if (name === undefined) continue;
    const key = rackKey(name, s.rack_name);
    shelfCounts.set(key, Math.max(shelfCounts.get(key) ?? 0, s.shelf_index + 1));
  }
  const palletsOnShelf = new Map<number, StoredPallet[]>();
  const numberCount = new Map<string, number>();
  const stored: StoredPallet[] = db.pallets.map((p) => ({
    id: p.id,
    shelfId: p.shelf_id,
    slotIndex: p.slot_index,
    spaces: p.shelf_spots,
    palletNumber: p.pallet_number,
    customerName: p.customer_name ?? '',
  }));
  for (const p of stored) {
    palletsOnShelf.set(p.shelfId, [...(palletsOnShelf.get(p.shelfId) ?? []), p]);
    numberCount.set(p.palletNumber, (numberCount.get(p.palletNumber) ?? 0) + 1);
  }
  const byNumber = new Map(
    stored.filter((p) => numberCount.get(p.palletNumber) === 1).map((p) => [p.palletNumber, p]),
  );
  return planPallets(rows, {
    shelves,
    ambiguousRacks,
    shelfCounts,
    warehouses: new Set(db.warehouses.map((w) => warehouseKey(w.name))),
    palletsOnShelf,
    byNumber,
  });
}

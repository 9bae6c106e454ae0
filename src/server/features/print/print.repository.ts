import { setImmediate as turn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jsonColumns, parseJsonColumns } from '../../db/json-rows';
import { printOrderParts, type PrintPlace } from '../../../domain/print-order';
import {
  PRINT_COLUMN_KEYS,
  STAGED_FIELD_NAME,
  type PrintColumnKey,
  type PrintVault,
} from '../../../contracts/print';
import type { vaults } from '../../db/schema/vaults';

/**
 * The vault, its field (or, staged, the field it left) and that field's warehouse, with where
 * the warehouse comes in the print order by name (`domain/print-order.ts`).
 */
const PRINT_JOINS = (companyId: number) => sql`
      LEFT JOIN fields pf ON pf.id = coalesce(v.field_id, v.old_field_id) AND pf.company_id = v.company_id
      LEFT JOIN (SELECT id, name,
                        row_number() OVER (ORDER BY lower(name) COLLATE "C", name COLLATE "C")::int AS rank
                   FROM warehouses WHERE company_id = ${companyId}) w ON w.id = pf.warehouse_id
      LEFT JOIN customers c ON c.id = v.customer_id`;

const PLACED_FIELD_NAME = sql`CASE WHEN v.field_id IS NOT NULL THEN pf.name END`;

/** The print list's columns (contracts/print.ts) that a join or a rule gives. */
const DERIVED_VALUES = {
  customer_name: sql`coalesce(c.name, '')`,
  field_name: sql`coalesce(${PLACED_FIELD_NAME}, ${STAGED_FIELD_NAME})`,
  warehouse_name: sql`coalesce(w.name, '')`,
} satisfies Partial<Record<PrintColumnKey, SQL>>;
type DerivedKey = keyof typeof DERIVED_VALUES;

type VaultColumn = (typeof vaults)['_']['columns'][keyof (typeof vaults)['_']['columns']];
/** Any other column is the vault's own column of that name, as stored: adding one to the print list is all. */
type OwnKey = Extract<Exclude<PrintColumnKey, DerivedKey>, VaultColumn['_']['name']>;

function isDerived(key: PrintColumnKey): key is DerivedKey {
  return key in DERIVED_VALUES;
}

const ownValue = (key: OwnKey) => sql`v.${sql.identifier(key)}`;

/** Each column of the print list, read as its answer gives it. */
const COLUMN_VALUES = Object.fromEntries(
  PRINT_COLUMN_KEYS.map((key) => [key, isDerived(key) ? DERIVED_VALUES[key] : ownValue(key)]),
) as Record<PrintColumnKey, SQL>;

/** One vault of the print list: the answer's values and what the print order sorts by. */
export type PrintRow = PrintVault & PrintPlace;

const PRINT_ROW_COLUMNS: Record<keyof PrintRow, SQL> = {
  id: sql`v.id`,
  ...COLUMN_VALUES,
  fieldName: PLACED_FIELD_NAME,
  warehouseRank: sql`w.rank`,
};

/**
 * Vaults read per statement: the engine builds each slice's text in its own heap, which never
 * shrinks once grown (decision 0611).
 */
const SLICE = 10_000;

/**
 * Every vault of the company, in print order: sorted here by the domain's rule, as the
 * database sorted them on regular expressions at several times the cost of reading them.
 * Read in slices by id, in one snapshot on one connection: each vault comes once, and the
 * slices wait for a connection once.
 */
export async function listPrintRows(db: Db, companyId: number): Promise<PrintRow[]> {
  const rows = await db.transaction(
    async (tx) => {
      const read: PrintRow[] = [];
      for (let after = 0; ;) {
        const result = await queryRows<{ rows: string }>(
          tx,
          sql`SELECT ${jsonColumns(PRINT_ROW_COLUMNS)} AS rows
              FROM (SELECT * FROM vaults
                     WHERE company_id = ${companyId} AND released_on IS NULL AND id > ${after}
                     ORDER BY id LIMIT ${SLICE}) v
              ${PRINT_JOINS(companyId)}`,
        );
        const slice = parseJsonColumns<PrintRow>(result, PRINT_ROW_COLUMNS);
        for (const row of slice) {
          read.push(row);
          after = Math.max(after, row.id);
        }
        if (slice.length < SLICE) return read;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // A warehouse at a time, serving what waits between two: sorted whole, a company's vaults
  // held the HTTP thread, and every other call, for as long as a phone's tap takes.
  const sorted: PrintRow[] = [];
  for (const part of printOrderParts(rows)) {
    for (const row of part) sorted.push(row);
    await turn();
  }
  return sorted;
}

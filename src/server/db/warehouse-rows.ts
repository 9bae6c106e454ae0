import { gridFieldNames } from '../../domain/field-names';
import type { Db } from './client';
import { fields, warehouses } from './schema/warehouses';

export type WarehouseRow = typeof warehouses.$inferSelect;

// Each field row takes 7 parameters; PostgreSQL allows 65,535 per statement.
const FIELD_INSERT_CHUNK = 5000;

/**
 * A new warehouse and its grid of fields: the one way a warehouse comes to be, whether staff
 * add it, an import creates it or the demo seeds it.
 */
export async function insertWarehouseWithFields(
  db: Db,
  params: {
    companyId: number;
    name: string;
    slug: string;
    rows: number;
    cols: number;
    fieldCapacity: number;
    length: number;
    width: number;
  },
): Promise<WarehouseRow> {
  const [row] = await db.insert(warehouses).values(params).returning();
  if (!row) throw new Error('Warehouse insert returned nothing');
  const grid = gridFieldNames(params.rows, params.cols).map((f) => ({
    companyId: params.companyId,
    warehouseId: row.id,
    name: f.name,
    colIndex: f.colIndex,
    rowIndex: f.row,
  }));
  for (let i = 0; i < grid.length; i += FIELD_INSERT_CHUNK) {
    await db.insert(fields).values(grid.slice(i, i + FIELD_INSERT_CHUNK));
  }
  return row;
}

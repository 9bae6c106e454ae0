import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pallets, racks, shelves } from '../../db/schema/racks';
import { customers } from '../../db/schema/vaults';
import { warehouses } from '../../db/schema/warehouses';

export type RackRow = typeof racks.$inferSelect;
export type ShelfRow = typeof shelves.$inferSelect;

const floorColumns = {
  id: warehouses.id,
  width: warehouses.width,
  length: warehouses.length,
  rows: warehouses.rows,
  cols: warehouses.cols,
  fieldgridX: warehouses.fieldgridX,
  fieldgridY: warehouses.fieldgridY,
};

export async function findWarehouseFloor(db: Db, companyId: number, warehouseId: number) {
  const rows = await db
    .select(floorColumns)
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the warehouse row: placements in one warehouse are checked and written one at a time. */
export async function lockWarehouseFloor(db: Db, companyId: number, warehouseId: number) {
  const rows = await db
    .select(floorColumns)
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, warehouseId)))
    .for('update');
  return rows[0] ?? null;
}

export async function listRacks(db: Db, companyId: number, warehouseIds: number[]) {
  if (warehouseIds.length === 0) return [];
  return db
    .select()
    .from(racks)
    .where(and(eq(racks.companyId, companyId), inArray(racks.warehouseId, warehouseIds)))
    .orderBy(asc(racks.createdAt), asc(racks.id));
}

export async function findRack(db: Db, companyId: number, warehouseId: number, rackId: number) {
  const rows = await db
    .select()
    .from(racks)
    .where(
      and(eq(racks.companyId, companyId), eq(racks.warehouseId, warehouseId), eq(racks.id, rackId)),
    )
    .limit(1);
  return rows[0] ?? null;
}

async function listShelves(db: Db, companyId: number, rackIds: number[]) {
  if (rackIds.length === 0) return [];
  return db
    .select()
    .from(shelves)
    .where(and(eq(shelves.companyId, companyId), inArray(shelves.rackId, rackIds)))
    .orderBy(asc(shelves.shelfIndex));
}

const palletColumns = {
  id: pallets.id,
  name: pallets.name,
  shelfId: pallets.shelfId,
  customerId: pallets.customerId,
  customerName: customers.name,
  palletNumber: pallets.palletNumber,
  notes: pallets.notes,
  weight: pallets.weight,
  shelfSpots: pallets.shelfSpots,
  slotIndex: pallets.slotIndex,
};
export type PalletRow = Awaited<ReturnType<typeof listPallets>>[number];

export async function listPallets(db: Db, companyId: number, shelfIds: number[]) {
  if (shelfIds.length === 0) return [];
  return db
    .select(palletColumns)
    .from(pallets)
    .innerJoin(customers, eq(customers.id, pallets.customerId))
    .where(and(eq(pallets.companyId, companyId), inArray(pallets.shelfId, shelfIds)))
    .orderBy(asc(pallets.slotIndex), asc(pallets.createdAt));
}

/** The shelves of these racks and the pallets on them: what a rack answer nests. */
export async function listShelvesAndPallets(db: Db, companyId: number, rackIds: number[]) {
  const shelves = await listShelves(db, companyId, rackIds);
  const pallets = await listPallets(
    db,
    companyId,
    shelves.map((s) => s.id),
  );
  return { shelves, pallets };
}

export async function findPallet(db: Db, companyId: number, palletId: number) {
  const rows = await db
    .select(palletColumns)
    .from(pallets)
    .innerJoin(customers, eq(customers.id, pallets.customerId))
    .where(and(eq(pallets.companyId, companyId), eq(pallets.id, palletId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertRackWithShelves(
  db: Db,
  params: {
    companyId: number;
    warehouseId: number;
    name: string;
    orientation: 'horizontal' | 'vertical';
    x: number;
    y: number;
    width: number;
    length: number;
    capacity: number;
    numShelves: number;
  },
): Promise<RackRow> {
  const [rack] = await db.insert(racks).values(params).returning();
  if (!rack) throw new Error('Rack insert returned nothing');
  await db.insert(shelves).values(
    Array.from({ length: params.numShelves }, (_, shelfIndex) => ({
      companyId: params.companyId,
      rackId: rack.id,
      shelfIndex,
      capacity: params.capacity,
    })),
  );
  return rack;
}

export async function updateRack(
  db: Db,
  companyId: number,
  rackId: number,
  patch: Partial<Pick<RackRow, 'name' | 'orientation' | 'x' | 'y' | 'width' | 'length'>>,
) {
  await db
    .update(racks)
    .set(patch)
    .where(and(eq(racks.companyId, companyId), eq(racks.id, rackId)));
}

export async function deleteRack(db: Db, companyId: number, warehouseId: number, rackId: number) {
  const deleted = await db
    .delete(racks)
    .where(
      and(eq(racks.companyId, companyId), eq(racks.warehouseId, warehouseId), eq(racks.id, rackId)),
    )
    .returning({ id: racks.id });
  return deleted.length > 0;
}

/** Locks the shelf so that two pallets added at once cannot both take its last spot. */
export async function lockShelf(db: Db, companyId: number, shelfId: number) {
  const rows = await db
    .select()
    .from(shelves)
    .where(and(eq(shelves.companyId, companyId), eq(shelves.id, shelfId)))
    .for('update');
  return rows[0] ?? null;
}

export async function insertPallet(
  db: Db,
  params: {
    companyId: number;
    shelfId: number;
    name: string;
    customerId: number;
    palletNumber: string;
    notes: string;
    weight: number;
    shelfSpots: number;
    slotIndex: number;
  },
): Promise<number> {
  const [row] = await db.insert(pallets).values(params).returning({ id: pallets.id });
  if (!row) throw new Error('Pallet insert returned nothing');
  return row.id;
}

export async function updatePallet(
  db: Db,
  companyId: number,
  palletId: number,
  patch: Partial<{
    name: string;
    customerId: number;
    palletNumber: string;
    notes: string;
    weight: number;
    shelfSpots: number;
    slotIndex: number;
  }>,
) {
  await db
    .update(pallets)
    .set(patch)
    .where(and(eq(pallets.companyId, companyId), eq(pallets.id, palletId)));
}

export async function deletePallet(db: Db, companyId: number, palletId: number) {
  const deleted = await db
    .delete(pallets)
    .where(and(eq(pallets.companyId, companyId), eq(pallets.id, palletId)))
    .returning({ id: pallets.id });
  return deleted.length > 0;
}

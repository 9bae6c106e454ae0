import type { SessionUser } from '../../../contracts/auth';
import { idInput } from '../../../contracts/common';
import type {
  AddPalletBody,
  AddRackBody,
  EditPalletBody,
  Pallet,
  Rack,
  UpdateRackBody,
} from '../../../contracts/racks';
import {
  findPlacementProblem,
  floorSize,
  rackFootprint,
  vaultBlockFootprint,
  type Orientation,
  type Rect,
} from '../../../domain/floor-plan';
import {
  checkPalletFit,
  chooseSlotIndex,
  SHELF_NOT_FOUND_MESSAGE,
  shelfFullMessage,
  shelfNotEnoughSpaceMessage,
} from '../../../domain/shelf-space';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { presentPallet, presentRacks } from './racks.presenter';
import { upsertCustomer } from '../../db/customer-names';
import * as repo from './racks.repository';

type Floor = NonNullable<Awaited<ReturnType<typeof repo.findWarehouseFloor>>>;

const feet = (n: number) => `${Math.round(n * 100) / 100}`;

async function loadRacks(db: Db, companyId: number, rackRows: repo.RackRow[]): Promise<Rack[]> {
  const { shelves, pallets } = await repo.listShelvesAndPallets(
    db,
    companyId,
    rackRows.map((r) => r.id),
  );
  return presentRacks(rackRows, shelves, pallets);
}

/** The racks of these warehouses, presented: what a warehouse answer nests. */
export async function listWarehouseRacks(
  db: Db,
  companyId: number,
  warehouseIds: number[],
): Promise<Rack[]> {
  return loadRacks(db, companyId, await repo.listRacks(db, companyId, warehouseIds));
}

async function loadRack(
  db: Db,
  companyId: number,
  warehouseId: number,
  rackId: number,
): Promise<Rack> {
  const row = await repo.findRack(db, companyId, warehouseId, rackId);
  const [rack] = row ? await loadRacks(db, companyId, [row]) : [];
  if (!rack) throw notFound('Rack');
  return rack;
}

/**
 * A rack stands inside the walls and clear of the VAULTS block and of every other rack
 * (touching is fine). The caller holds the warehouse lock, so the check cannot go stale.
 */
async function assertRackPlacement(
  db: Db,
  companyId: number,
  floor: Floor,
  rack: {
    id?: number;
    name: string;
    x: number;
    y: number;
    width: number;
    length: number;
    orientation: Orientation;
  },
): Promise<void> {
  const rect: Rect = { x: rack.x, y: rack.y, ...rackFootprint(rack) };
  const others = (await repo.listRacks(db, companyId, [floor.id])).filter((r) => r.id !== rack.id);
  const obstacles = [
    {
      label: 'the VAULTS block',
      rect: { x: floor.fieldgridX, y: floor.fieldgridY, ...vaultBlockFootprint(floor) },
    },
    ...others.map((r) => ({
      label: `rack "${r.name}"`,
      rect: { x: r.x, y: r.y, ...rackFootprint(r) },
    })),
  ];
  const problem = findPlacementProblem(rect, floorSize(floor), obstacles);
  if (!problem) return;
  const where = `at x ${feet(rect.x)}, y ${feet(rect.y)}`;
  throw new AppError(
    'RACK_POSITION_INVALID',
    problem.kind === 'outside'
      ? `Rack "${rack.name}" (${feet(rect.w)} x ${feet(rect.h)} ft) ${where} would not fit inside the warehouse (${feet(floor.width)} x ${feet(floor.length)} ft).`
      : `Rack "${rack.name}" ${where} would overlap ${problem.with}.`,
  );
}

export async function listRacks(db: Db, user: SessionUser, warehouseId: number): Promise<Rack[]> {
  const floor = await repo.findWarehouseFloor(db, user.companyId, warehouseId);
  if (!floor) throw notFound('Warehouse');
  return loadRacks(db, user.companyId, await repo.listRacks(db, user.companyId, [warehouseId]));
}

export async function addRack(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  body: AddRackBody,
): Promise<Rack> {
  const rackId = await db.transaction(async (tx) => {
    const floor = await repo.lockWarehouseFloor(tx, user.companyId, warehouseId);
    if (!floor) throw notFound('Warehouse');
    const placed = { ...body, x: body.position.x, y: body.position.y };
    await assertRackPlacement(tx, user.companyId, floor, placed);
    const rack = await repo.insertRackWithShelves(tx, {
      companyId: user.companyId,
      warehouseId,
      name: body.name,
      orientation: body.orientation,
      x: placed.x,
      y: placed.y,
      width: body.width,
      length: body.length,
      capacity: body.capacity,
      numShelves: body.num_shelves,
    });
    return rack.id;
  });
  return loadRack(db, user.companyId, warehouseId, rackId);
}

export async function updateRack(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  rackId: number,
  body: UpdateRackBody,
): Promise<Rack> {
  await db.transaction(async (tx) => {
    const floor = await repo.lockWarehouseFloor(tx, user.companyId, warehouseId);
    if (!floor) throw notFound('Warehouse');
    const rack = await repo.findRack(tx, user.companyId, warehouseId, rackId);
    if (!rack) throw notFound('Rack');
    const next = {
      name: body.name ?? rack.name,
      orientation: body.orientation ?? rack.orientation,
      x: body.position?.x ?? rack.x,
      y: body.position?.y ?? rack.y,
      width: body.width ?? rack.width,
      length: body.length ?? rack.length,
    };
    await assertRackPlacement(tx, user.companyId, floor, { id: rack.id, ...next });
    await repo.updateRack(tx, user.companyId, rack.id, next);
  });
  return loadRack(db, user.companyId, warehouseId, rackId);
}

export async function deleteRack(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  rackId: number,
): Promise<void> {
  // Shelves and pallets go with the rack (ON DELETE CASCADE); the client warns first.
  const deleted = await repo.deleteRack(db, user.companyId, warehouseId, rackId);
  if (!deleted) throw notFound('Rack');
}

const shelfNotFound = () => new AppError('SHELF_NOT_FOUND', SHELF_NOT_FOUND_MESSAGE);

function assertFits(fit: ReturnType<typeof checkPalletFit>, capacity: number): void {
  if (fit === 'shelf-full') throw new AppError('SHELF_FULL', shelfFullMessage(capacity));
  if (fit === 'not-enough-space')
    throw new AppError('SHELF_NOT_ENOUGH_SPACE', shelfNotEnoughSpaceMessage(capacity));
}

const onShelf = (pallets: repo.PalletRow[]) =>
  pallets.map((p) => ({ id: p.id, spaces: p.shelfSpots, slotIndex: p.slotIndex }));

export async function addPallet(db: Db, user: SessionUser, body: AddPalletBody): Promise<Pallet> {
  const shelfId = idInput().safeParse(body.shelf_id);
  if (!shelfId.success) throw shelfNotFound();
  const palletId = await db.transaction(async (tx) => {
    const shelf = await repo.lockShelf(tx, user.companyId, shelfId.data);
    if (!shelf) throw shelfNotFound();
    const current = onShelf(await repo.listPallets(tx, user.companyId, [shelf.id]));
    const spaces = body.shelf_spots ?? body.pallet_spaces ?? 1;
    assertFits(
      checkPalletFit({ capacity: shelf.capacity, pallets: current, spaces }),
      shelf.capacity,
    );
    return repo.insertPallet(tx, {
      companyId: user.companyId,
      shelfId: shelf.id,
      name: body.name,
      customerId: await upsertCustomer(tx, user.companyId, body.customer_name),
      palletNumber: body.pallet_number,
      notes: body.notes,
      weight: body.weight,
      shelfSpots: spaces,
      slotIndex: chooseSlotIndex({
        capacity: shelf.capacity,
        pallets: current,
        spaces,
        requested: body.slot_index,
      }),
    });
  });
  return getPallet(db, user.companyId, palletId);
}

async function getPallet(db: Db, companyId: number, palletId: number): Promise<Pallet> {
  const row = await repo.findPallet(db, companyId, palletId);
  if (!row) throw notFound('Pallet');
  return presentPallet(row);
}

export async function editPallet(
  db: Db,
  user: SessionUser,
  palletId: number,
  body: EditPalletBody,
): Promise<Pallet> {
  if (body.id !== undefined && idInput().safeParse(body.id).data !== palletId) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The pallet id in the body does not match the one in the address.',
    );
  }
  await db.transaction(async (tx) => {
    const pallet = await repo.findPallet(tx, user.companyId, palletId);
    if (!pallet) throw notFound('Pallet');
    const shelf = await repo.lockShelf(tx, user.companyId, pallet.shelfId);
    if (!shelf) throw shelfNotFound();
    const current = onShelf(await repo.listPallets(tx, user.companyId, [shelf.id]));
    const spaces = body.pallet_spaces ?? body.shelf_spots ?? pallet.shelfSpots;
    assertFits(
      checkPalletFit({ capacity: shelf.capacity, pallets: current, spaces, editingId: pallet.id }),
      shelf.capacity,
    );
    await repo.updatePallet(tx, user.companyId, pallet.id, {
      name: body.name,
      customerId: body.customer_name
        ? await upsertCustomer(tx, user.companyId, body.customer_name)
        : undefined,
      palletNumber: body.pallet_number,
      notes: body.notes,
      weight: body.weight,
      shelfSpots: spaces,
      slotIndex: chooseSlotIndex({
        capacity: shelf.capacity,
        pallets: current,
        spaces,
        requested: pallet.slotIndex,
        excludingId: pallet.id,
      }),
    });
  });
  return getPallet(db, user.companyId, palletId);
}

export async function deletePallet(db: Db, user: SessionUser, palletId: number): Promise<void> {
  const deleted = await repo.deletePallet(db, user.companyId, palletId);
  if (!deleted) throw notFound('Pallet');
}

import type { SessionUser } from '../../../contracts/auth';
import type { EditDimensionsBody, MoveFieldGridBody } from '../../../contracts/warehouse-layout';
import type { Warehouse } from '../../../contracts/warehouses';
import type { Point } from '../../../domain/floor-plan';
import {
  findPlacementProblem,
  floorSize,
  rackFootprint,
  vaultBlockFootprint,
} from '../../../domain/floor-plan';
import { capacityToHold } from '../../../domain/slots';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import * as repo from './warehouse-layout.repository';
import { getWarehouse } from './warehouses.service';

/**
 * The lowest field capacity that still holds what every field holds. A couchbox field has
 * one slot more than the capacity, so it needs one less. Positions count as well as vaults,
 * so that no vault is left above the top slot.
 */
function capacityNeeded(loads: Awaited<ReturnType<typeof repo.listFieldLoads>>) {
  let needed: { capacity: number; name: string; vaults: number } | null = null;
  for (const load of loads) {
    const capacity = capacityToHold(Math.max(load.vaultCount, load.topPosition), load.type);
    if (!needed || capacity > needed.capacity)
      needed = { capacity, name: load.name, vaults: load.vaultCount };
  }
  return needed;
}

export async function editDimensions(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  body: EditDimensionsBody,
): Promise<{ warehouse: Warehouse }> {
  await db.transaction(async (tx) => {
    const warehouse = await repo.lockWarehouse(tx, user.companyId, warehouseId);
    if (!warehouse) throw notFound('Warehouse');
    if (body.field_capacity !== undefined && body.field_capacity < warehouse.fieldCapacity) {
      const needed = capacityNeeded(await repo.listFieldLoads(tx, user.companyId, warehouseId));
      if (needed && body.field_capacity < needed.capacity) {
        const vaults = needed.vaults === 1 ? '1 vault' : `${needed.vaults} vaults`;
        throw new AppError(
          'CAPACITY_BELOW_CONTENTS',
          `Field capacity cannot be lower than ${needed.capacity}: field ${needed.name} holds ${vaults}. Move or remove vaults first.`,
        );
      }
    }
    await repo.updateDimensions(tx, user.companyId, warehouseId, {
      fieldCapacity: body.field_capacity,
      length: body.length,
      width: body.width,
    });
  });
  return { warehouse: await getWarehouse(db, user, warehouseId) };
}

export async function moveFieldGrid(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  body: MoveFieldGridBody,
): Promise<{ warehouseId: number; fieldgridLocation: Point }> {
  const location = body.fieldgridLocation;
  await db.transaction(async (tx) => {
    const warehouse = await repo.lockWarehouse(tx, user.companyId, warehouseId);
    if (!warehouse) throw notFound('Warehouse');
    const block = { ...location, ...vaultBlockFootprint(warehouse) };
    const racks = await repo.listRackFootprints(tx, user.companyId, warehouseId);
    const problem = findPlacementProblem(
      block,
      floorSize(warehouse),
      racks.map((r) => ({
        label: `rack "${r.name}"`,
        rect: { x: r.x, y: r.y, ...rackFootprint(r) },
      })),
    );
    if (problem) {
      const feet = (n: number) => `${Math.round(n * 100) / 100}`;
      throw new AppError(
        'FIELD_GRID_POSITION_INVALID',
        problem.kind === 'outside'
          ? `The VAULTS block (${feet(block.w)} x ${feet(block.h)} ft) at x ${feet(block.x)}, y ${feet(block.y)} would not fit inside the warehouse (${feet(warehouse.width)} x ${feet(warehouse.length)} ft).`
          : `The VAULTS block at x ${feet(block.x)}, y ${feet(block.y)} would overlap ${problem.with}.`,
      );
    }
    await repo.updateFieldgridLocation(tx, user.companyId, warehouseId, location);
  });
  return { warehouseId, fieldgridLocation: location };
}

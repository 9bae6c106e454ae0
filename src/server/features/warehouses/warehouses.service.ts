import type { SessionUser } from '../../../contracts/auth';
import type { AddWarehouseBody, Warehouse, WarehouseSummary } from '../../../contracts/warehouses';
import { occupancyPercent } from '../../../domain/occupancy';
import { warehouseCapacity } from '../../../domain/slots';
import { slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import { createLimiter } from '../../lib/limiter';
import { loadRacksOf } from '../racks/racks.service';
import * as layoutRepo from './warehouse-layout.repository';
import * as repo from './warehouses.repository';
import { presentWarehouses } from './warehouses.presenter';

async function loadFull(
  db: Db,
  companyId: number,
  rows: repo.WarehouseRow[],
): Promise<Warehouse[]> {
  const ids = rows.map((w) => w.id);
  const [fields, vaults, attachments, { racks, shelves, pallets }] = await Promise.all([
    repo.listFields(db, companyId, ids),
    repo.listPlacedVaults(db, companyId, ids),
    repo.listAttachments(db, companyId, ids),
    loadRacksOf(db, companyId, ids),
  ]);
  return presentWarehouses(rows, { fields, vaults, attachments, racks, shelves, pallets });
}

const companyLoads = createLimiter(2);

export async function listCompanyWarehouses(
  db: Db,
  user: SessionUser,
  companyId: number,
): Promise<Warehouse[]> {
  // Another company's id answers exactly like an id that does not exist.
  if (companyId !== user.companyId) throw notFound('Company');
  return companyLoads(async () =>
    loadFull(db, companyId, await repo.listWarehouses(db, companyId)),
  );
}

export async function getWarehouse(db: Db, user: SessionUser, id: number): Promise<Warehouse> {
  const row = await repo.findWarehouse(db, user.companyId, id);
  if (!row) throw notFound('Warehouse');
  const [full] = await loadFull(db, user.companyId, [row]);
  if (!full) throw notFound('Warehouse');
  return full;
}

export async function getWarehouseBySlug(
  db: Db,
  user: SessionUser,
  slug: string,
): Promise<Warehouse> {
  const row = await repo.findWarehouseBySlug(db, user.companyId, slug.toLowerCase());
  if (!row) throw notFound('Warehouse');
  const [full] = await loadFull(db, user.companyId, [row]);
  if (!full) throw notFound('Warehouse');
  return full;
}

export async function listWarehouseSummaries(
  db: Db,
  user: SessionUser,
): Promise<WarehouseSummary[]> {
  const [rows, counts, couchboxes] = await Promise.all([
    repo.listWarehouses(db, user.companyId),
    repo.listWarehouseCounts(db, user.companyId),
    repo.listCouchboxFieldCounts(db, user.companyId),
  ]);
  const byWarehouse = new Map(counts.map((c) => [c.warehouseId, c]));
  const couchboxesByWarehouse = new Map(couchboxes.map((c) => [c.warehouseId, c]));
  return rows.map((w) => {
    const capacity = warehouseCapacity(
      w,
      couchboxesByWarehouse.get(w.id) ?? { couchboxTops: 0, couchboxBottoms: 0 },
    );
    const c = byWarehouse.get(w.id);
    const nonEmpty = c?.nonEmptyVaultCount ?? 0;
    return {
      id: w.id,
      name: w.name,
      slug: w.slug,
      rows: w.rows,
      cols: w.cols,
      fieldCapacity: w.fieldCapacity,
      warehouseCapacity: capacity,
      vaultCount: c?.vaultCount ?? 0,
      nonEmptyVaultCount: nonEmpty,
      occupancy: occupancyPercent(nonEmpty, capacity),
    };
  });
}

export async function addWarehouse(
  db: Db,
  user: SessionUser,
  body: AddWarehouseBody,
): Promise<Warehouse> {
  const name = body.name.replace(/\s+/g, ' ');
  const slug = slugify(name) || 'warehouse';
  let row: repo.WarehouseRow;
  try {
    row = await db.transaction((tx) =>
      repo.insertWarehouseWithFields(tx, {
        companyId: user.companyId,
        name,
        slug,
        rows: body.rows,
        cols: body.cols,
        fieldCapacity: body.field_capacity,
        length: body.length,
        width: body.width,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('WAREHOUSE_NAME_TAKEN', `A warehouse named "${name}" already exists.`);
    }
    throw error;
  }
  return getWarehouse(db, user, row.id);
}

export async function deleteWarehouse(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
): Promise<void> {
  const fileKeys = await db.transaction(async (tx) => {
    // Exclusive, so no vault is placed into the warehouse after its vaults are listed.
    const warehouse = await layoutRepo.lockWarehouse(tx, user.companyId, id);
    if (!warehouse) throw notFound('Warehouse');
    const keys = await repo.listWarehouseFileKeys(tx, user.companyId, id);
    await repo.recordWarehouseVaultDeletions(tx, {
      companyId: user.companyId,
      warehouseId: id,
      warehouseName: warehouse.name,
      actorUserId: user.id,
      actorEmail: user.email,
    });
    // Vaults go here, after their 'deleted' events; the fields' foreign key refuses to cascade.
    await repo.deleteWarehouseVaults(tx, user.companyId, id);
    await repo.deleteWarehouseRow(tx, user.companyId, id);
    return keys;
  });
  // Files go only after the commit: a rolled-back delete must not have lost them.
  await Promise.allSettled(fileKeys.map((key) => storage.delete(key)));
}

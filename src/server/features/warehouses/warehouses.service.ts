import type { SessionUser } from '../../../contracts/auth';
import type { AddWarehouseBody, Warehouse, WarehouseSummary } from '../../../contracts/warehouses';
import { occupancyPercent } from '../../../domain/occupancy';
import { warehouseCapacity } from '../../../domain/slots';
import { slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/storage';
import { groupBy } from '../../lib/group-by';
import { createLimiter } from '../../lib/limiter';
import { cachePerOwner } from '../../lib/versioned-cache';
import { listWarehouseRacks } from '../racks/racks.service';
import * as layoutRepo from './warehouse-layout.repository';
import * as repo from './warehouses.repository';
import { presentWarehouse } from './warehouses.presenter';
import { insertWarehouseWithFields, type WarehouseRow } from '../../db/warehouse-rows';

/** The company call reads every vault of the company: two at a time, so floor calls get in. */
const companyLoads = createLimiter(2);

/** Warehouses kept at most: the bench company's twice over. */
const KEPT_WAREHOUSES = 40;

const keptOf = cachePerOwner<Db, Warehouse>(KEPT_WAREHOUSES);

/** How many warehouse answers were built for `db`: what shows a test the cache is used. */
export const warehousesBuilt = (db: Db): number => keptOf(db).stored;

/** These warehouses in full, read and presented: six statements however many. */
async function buildWarehouses(db: Db, companyId: number, ids: number[]): Promise<Warehouse[]> {
  if (ids.length === 0) return [];
  const rows = await repo.listWarehouses(db, companyId, { ids });
  const fields = await repo.listWarehouseFields(db, companyId, ids);
  const vaults = await repo.listWarehouseVaults(db, companyId, ids);
  const attachments = await repo.listWarehouseAttachments(db, companyId, ids);
  const tags = await repo.listWarehouseTags(db, companyId, ids);
  const racks = await listWarehouseRacks(db, companyId, ids);
  const fieldsOf = groupBy(fields, (f) => f.warehouseId);
  const vaultsOf = groupBy(vaults, (v) => v.warehouseId);
  const racksOf = groupBy(racks, (r) => r.warehouseId);
  return rows.map((w) =>
    presentWarehouse(
      w,
      fieldsOf.get(w.id) ?? [],
      vaultsOf.get(w.id) ?? [],
      attachments,
      tags,
      racksOf.get(w.id) ?? [],
    ),
  );
}

/**
 * The chosen warehouses in full, by name: kept by the version their writes bump (decision
 * 0401), so the company call after a write builds the one warehouse written. The versions
 * are read first: a write meanwhile leaves a newer answer under an older version, which the
 * next read builds again, never the reverse.
 */
async function loadWarehouses(
  db: Db,
  companyId: number,
  only?: { id: number } | { slug: string },
): Promise<Warehouse[]> {
  const versions = await repo.listWarehouseVersions(db, companyId, only);
  const kept = keptOf(db);
  const key = (id: number) => `${companyId}:${id}`;
  const found = new Map<number, Warehouse>();
  for (const v of versions) {
    const answer = kept.get(key(v.id), v.version);
    if (answer) found.set(v.id, answer);
  }
  const missing = versions.filter((v) => !found.has(v.id));
  const built = await buildWarehouses(
    db,
    companyId,
    missing.map((v) => v.id),
  );
  for (const w of built) {
    const version = missing.find((v) => v.id === w.id)?.version ?? 0;
    kept.set(key(w.id), version, w);
    found.set(w.id, w);
  }
  // A warehouse deleted meanwhile is left out.
  return versions.flatMap((v) => found.get(v.id) ?? []);
}

async function loadWarehouse(
  db: Db,
  companyId: number,
  only: { id: number } | { slug: string },
): Promise<Warehouse> {
  const [found] = await loadWarehouses(db, companyId, only);
  if (!found) throw notFound('Warehouse');
  return found;
}

/** The company's warehouses in full. */
export async function listCompanyWarehouses(
  db: Db,
  user: SessionUser,
  companyId: number,
): Promise<Warehouse[]> {
  // Another company's id answers exactly like an id that does not exist.
  if (companyId !== user.companyId) throw notFound('Company');
  return companyLoads(() => loadWarehouses(db, companyId));
}

/** One warehouse in full. */
export function getWarehouse(db: Db, user: SessionUser, id: number): Promise<Warehouse> {
  return loadWarehouse(db, user.companyId, { id });
}

export function getWarehouseBySlug(db: Db, user: SessionUser, slug: string): Promise<Warehouse> {
  return loadWarehouse(db, user.companyId, { slug: slug.toLowerCase() });
}

/** The dashboard list: names, sizes and occupancy, counted by the database. */
export async function listWarehouseSummaries(
  db: Db,
  user: SessionUser,
): Promise<WarehouseSummary[]> {
  const rows = await repo.listWarehouses(db, user.companyId);
  const counts = new Map(
    (await repo.listWarehouseCounts(db, user.companyId)).map((c) => [c.warehouseId, c]),
  );
  return rows.map((w) => {
    const c = counts.get(w.id);
    const capacity = warehouseCapacity(w, c ?? { couchboxTops: 0, couchboxBottoms: 0 });
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
  let row: WarehouseRow;
  try {
    row = await db.transaction((tx) =>
      insertWarehouseWithFields(tx, {
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

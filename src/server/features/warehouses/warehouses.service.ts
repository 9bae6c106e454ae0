import type { SessionUser } from '../../../contracts/auth';
import type { AddWarehouseBody, Warehouse, WarehouseSummary } from '../../../contracts/warehouses';
import { occupancyPercent } from '../../../domain/occupancy';
import { warehouseCapacity } from '../../../domain/slots';
import { slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../http/errors';
import { GzippedJson, gzipJson } from '../../http/gzipped-json';
import type { FileStorage } from '../../storage/storage';
import { createLimiter } from '../../lib/limiter';
import { cachePerOwner } from '../../lib/versioned-cache';
import { listWarehouseRacks } from '../racks/racks.service';
import * as layoutRepo from './warehouse-layout.repository';
import * as repo from './warehouses.repository';
import { presentWarehouse } from './warehouses.presenter';
import { insertWarehouseWithFields, type WarehouseRow } from '../../db/warehouse-rows';

/** The company call reads every vault of the company: two at a time, so floor calls get in. */
const companyLoads = createLimiter(2);

/** Gzipped bytes of warehouse answers kept at most: about a hundred warehouses of 1,000 fields. */
const KEPT_BYTES = 16 * 1024 * 1024;

const keptOf = cachePerOwner<Db>(KEPT_BYTES);

/** How many warehouse answers were built for `db`: what shows a test the cache is used. */
export const warehousesBuilt = (db: Db): number => keptOf(db).stored;

/**
 * One warehouse in full, read and presented: six statements in one snapshot, on one
 * connection, so on PostgreSQL they wait for a pooled connection once, not six times.
 */
function buildWarehouse(db: Db, companyId: number, id: number): Promise<Warehouse | null> {
  return db.transaction(
    async (tx) => {
      const [row] = await repo.listWarehouses(tx, companyId, { ids: [id] });
      if (!row) return null;
      const fields = await repo.listWarehouseFields(tx, companyId, [id]);
      const vaults = await repo.listWarehouseVaults(tx, companyId, [id]);
      const attachments = await repo.listWarehouseAttachments(tx, companyId, [id]);
      const tags = await repo.listWarehouseTags(tx, companyId, [id]);
      const racks = await listWarehouseRacks(tx, companyId, [id]);
      return presentWarehouse(row, fields, vaults, attachments, tags, racks);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The chosen warehouses in full, as gzipped JSON, by name: kept by the version their writes bump
 * (decision 0401), so the company call after a write builds the one warehouse written. The
 * versions are read first: a write meanwhile leaves a newer answer under an older version,
 * which the next read builds again, never the reverse. Built one at a time, so the engine's
 * heap and this thread's hold one warehouse's rows, not the company's: the engine's never
 * shrinks once grown.
 */
async function loadWarehouses(
  db: Db,
  companyId: number,
  only?: { id: number } | { slug: string },
): Promise<Buffer[]> {
  const versions = await repo.listWarehouseVersions(db, companyId, only);
  const kept = keptOf(db);
  const answers: Buffer[] = [];
  for (const { id, version } of versions) {
    const key = `${companyId}:${id}`;
    let answer = kept.get(key, version);
    if (!answer) {
      const built = await buildWarehouse(db, companyId, id);
      // A warehouse deleted meanwhile is left out.
      if (!built) continue;
      answer = await gzipJson(built);
      kept.set(key, version, answer);
    }
    answers.push(answer);
  }
  return answers;
}

async function loadWarehouse(
  db: Db,
  companyId: number,
  only: { id: number } | { slug: string },
): Promise<GzippedJson> {
  const [found] = await loadWarehouses(db, companyId, only);
  if (!found) throw notFound('Warehouse');
  return new GzippedJson([found]);
}

/** The company's warehouses in full: their kept answers sent as one array. */
export async function listCompanyWarehouses(
  db: Db,
  user: SessionUser,
  companyId: number,
): Promise<GzippedJson> {
  // Another company's id answers exactly like an id that does not exist.
  if (companyId !== user.companyId) throw notFound('Company');
  return new GzippedJson(await companyLoads(() => loadWarehouses(db, companyId)), true);
}

/** One warehouse in full, as the GET calls send it. */
export function readWarehouse(db: Db, user: SessionUser, id: number): Promise<GzippedJson> {
  return loadWarehouse(db, user.companyId, { id });
}

export function readWarehouseBySlug(db: Db, user: SessionUser, slug: string): Promise<GzippedJson> {
  return loadWarehouse(db, user.companyId, { slug: slug.toLowerCase() });
}

/**
 * One warehouse in full, for the answer of a write to it: built fresh, since the write bumped
 * the version anything kept was kept under.
 */
export async function getWarehouse(db: Db, user: SessionUser, id: number): Promise<Warehouse> {
  const found = await buildWarehouse(db, user.companyId, id);
  if (!found) throw notFound('Warehouse');
  return found;
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

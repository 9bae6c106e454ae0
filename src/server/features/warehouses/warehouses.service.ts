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
import * as layoutRepo from './warehouse-layout.repository';
import * as repo from './warehouses.repository';
import { insertWarehouseWithFields, type WarehouseRow } from '../../db/warehouse-rows';
import {
  compactAnswer,
  companyAnswer,
  fieldTextIn,
  keptAnswer,
  keptFieldAnswer,
  versionsKey,
  warehouseAnswers,
  type WarehouseVersion,
} from './warehouse-answers';
import { combinedTag, JsonAnswer } from '../../lib/answer-cache';

const companyLoads = createLimiter(2);

async function answerFor(
  db: Db,
  companyId: number,
  only: { id: number } | { slug: string },
): Promise<JsonAnswer> {
  const versions = await repo.listWarehouseVersions(db, companyId, only);
  const [found] = await warehouseAnswers(db, companyId, versions);
  if (!found) throw notFound('Warehouse');
  return found.answer;
}

/**
 * A field as the warehouse answer kept in memory shows it, or null when that answer is not
 * kept (the caller reads the field itself): a floor screen opening a field asks the engine
 * nothing when the warehouse has not changed (decision 0055).
 */
export async function keptField(
  db: Db,
  user: SessionUser,
  warehouseId: number,
  fieldId: number,
): Promise<JsonAnswer | null> {
  const [version] = await repo.listWarehouseVersions(db, user.companyId, { id: warehouseId });
  return version ? keptFieldAnswer(db, user.companyId, version, fieldId) : null;
}

/** The company's warehouses in full, as the JSON text sent (decision 0025). */
export async function listCompanyWarehouses(
  db: Db,
  user: SessionUser,
  companyId: number,
): Promise<JsonAnswer> {
  // Another company's id answers exactly like an id that does not exist.
  if (companyId !== user.companyId) throw notFound('Company');
  const versions = await repo.listWarehouseVersions(db, companyId);
  // Answers kept for every warehouse need no turn; building them does.
  return companyLoads(() => companyAnswer(db, companyId, versions));
}

export function warehouseAnswer(db: Db, user: SessionUser, id: number): Promise<JsonAnswer> {
  return answerFor(db, user.companyId, { id });
}

export function warehouseAnswerBySlug(
  db: Db,
  user: SessionUser,
  slug: string,
): Promise<JsonAnswer> {
  return answerFor(db, user.companyId, { slug: slug.toLowerCase() });
}

/** The web client's compact form of the same answer (decision 0092), kept beside it. */
export async function compactWarehouseBySlug(
  db: Db,
  user: SessionUser,
  slug: string,
): Promise<JsonAnswer> {
  return compactAnswer(await warehouseAnswerBySlug(db, user, slug));
}

/**
 * An answer that nests a warehouse and one of its fields exactly as the GET calls send them:
 * `{<head's keys>,"field":{...},"warehouse":{...}}`, written from the kept answer's bytes. A
 * 1,000-field warehouse is about 0.8 MB of JSON: parsing it and writing it again, then
 * compressing it in one piece, held the HTTP thread for about 20 ms per answer, during which
 * no other request was answered (decision 0083).
 */
export async function answerNestingWarehouse(
  db: Db,
  user: SessionUser,
  place: { warehouseId: number; fieldId: number },
  head: Record<string, unknown>,
): Promise<JsonAnswer> {
  const warehouse = await warehouseAnswer(db, user, place.warehouseId);
  const field = fieldTextIn(warehouse, place.fieldId);
  if (!field) throw notFound('Field');
  const opening = JSON.stringify(head).slice(0, -1);
  return JsonAnswer.joined(
    [
      Buffer.from(`${opening}${opening.length > 1 ? ',' : ''}"field":`),
      field,
      Buffer.from(',"warehouse":'),
      await warehouse.bytes(),
      Buffer.from('}'),
    ],
    combinedTag([warehouse.etag, opening, String(place.fieldId)]),
  );
}

/** One warehouse in full, as an object, for the answers that nest it. */
export async function getWarehouse(db: Db, user: SessionUser, id: number): Promise<Warehouse> {
  const answer = await warehouseAnswer(db, user, id);
  return JSON.parse((await answer.bytes()).toString('utf8')) as Warehouse;
}

// Counts per warehouse by the version they were counted at, per database (as the answers).
const keptCounts = new WeakMap<Db, Map<number, repo.WarehouseCounts>>();

/**
 * The dashboard's counts: kept per warehouse and counted again only for warehouses written
 * since, so a write to one warehouse recounts that one's vaults, not the company's.
 */
async function currentCounts(
  db: Db,
  companyId: number,
  versions: readonly WarehouseVersion[],
): Promise<Map<number, repo.WarehouseCounts>> {
  let kept = keptCounts.get(db);
  if (!kept) {
    kept = new Map();
    keptCounts.set(db, kept);
  }
  const stale = versions.filter((v) => kept.get(v.id)?.version !== v.version).map((v) => v.id);
  for (const c of await repo.listWarehouseCounts(db, companyId, stale)) kept.set(c.warehouseId, c);
  return kept;
}

async function buildSummaries(
  db: Db,
  companyId: number,
  versions: readonly WarehouseVersion[],
): Promise<WarehouseSummary[]> {
  const rows = await repo.listWarehouses(db, companyId);
  const byWarehouse = await currentCounts(db, companyId, versions);
  return rows.map((w) => {
    const c = byWarehouse.get(w.id);
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

/**
 * The dashboard list, kept while no warehouse of the company changes: one statement (the
 * versions) per call in the steady state (decision 0025).
 */
export async function listWarehouseSummaries(db: Db, user: SessionUser): Promise<JsonAnswer> {
  const versions = await repo.listWarehouseVersions(db, user.companyId);
  return keptAnswer(db, `s:${user.companyId}`, versionsKey(versions), async () =>
    JSON.stringify(await buildSummaries(db, user.companyId, versions)),
  );
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

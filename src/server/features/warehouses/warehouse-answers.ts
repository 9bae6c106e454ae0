import type { Db } from '../../db/client';
import { runAsLongRead } from '../../db/engine-lane';
import { warehouseCapacity } from '../../../domain/slots';
import { AnswerCache, combinedTag, JsonAnswer } from '../../lib/answer-cache';
import * as jsonRepo from './warehouse-json.repository';

/**
 * Whole-warehouse answers, kept per warehouse by the version its writes bump (decision
 * 0025). A read asks the database only for the version; the answer is built again only
 * after a write. The company call is the warehouses' answers joined, so a write to one
 * warehouse rebuilds that one alone.
 */

/** About the company call twice over, at the bench company's size. */
const CACHE_BYTES = 48 * 1024 * 1024;

// One cache per database: tests run several databases in one process, with the same ids.
const caches = new WeakMap<Db, AnswerCache>();

function cacheOf(db: Db): AnswerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache(CACHE_BYTES);
    caches.set(db, cache);
  }
  return cache;
}

export interface WarehouseVersion {
  id: number;
  version: number;
}

const sortStrings = (json: string) => (JSON.parse(json) as string[]).sort();

/** The warehouse's answer text, key by key in the order `warehouseSchema` lists them. */
function warehouseText(row: jsonRepo.WarehouseJsonRow): string {
  return (
    `{"id":${row.id},"name":${JSON.stringify(row.name)},"slug":${JSON.stringify(row.slug)}` +
    `,"width":${JSON.stringify(row.width)},"length":${JSON.stringify(row.length)}` +
    `,"rows":${row.rows},"cols":${row.cols},"fieldCapacity":${row.fieldCapacity}` +
    `,"field_capacity":${row.fieldCapacity}` +
    `,"warehouseCapacity":${warehouseCapacity(row, row)}` +
    `,"fields":${row.fieldsJson},"racks":${row.racksJson}` +
    `,"fieldgridLocation":{"x":${JSON.stringify(row.fieldgridX)},"y":${JSON.stringify(row.fieldgridY)}}` +
    `,"customers":${JSON.stringify(sortStrings(row.customersJson))}` +
    `,"orders":${JSON.stringify(sortStrings(row.ordersJson))}}`
  );
}

const warehouseKey = (companyId: number, id: number) => `w:${companyId}:${id}`;

interface Built {
  version: number;
  answer: JsonAnswer;
}

// Builds under way, per database and warehouse: readers arriving meanwhile wait for them
// instead of building the same answer again.
const building = new WeakMap<Db, Map<string, Promise<Built | null>>>();

function buildsOf(db: Db): Map<string, Promise<Built | null>> {
  let map = building.get(db);
  if (!map) {
    map = new Map();
    building.set(db, map);
  }
  return map;
}

/** Builds these warehouses' answers in one statement and keeps them. */
function build(db: Db, companyId: number, ids: number[]): Map<number, Promise<Built | null>> {
  const cache = cacheOf(db);
  const builds = buildsOf(db);
  const all = runAsLongRead(() => jsonRepo.listWarehouseJson(db, companyId, ids)).then(
    async (rows) => {
      const built = new Map<number, Built>();
      for (const row of rows) {
        const answer = await JsonAnswer.fromText(warehouseText(row));
        cache.set(warehouseKey(companyId, row.id), String(row.version), answer);
        built.set(row.id, { version: row.version, answer });
      }
      return built;
    },
  );
  const each = new Map<number, Promise<Built | null>>();
  for (const id of ids) {
    const key = warehouseKey(companyId, id);
    const one = all.then((built) => built.get(id) ?? null);
    builds.set(key, one);
    const forget = () => {
      if (builds.get(key) === one) builds.delete(key);
    };
    one.then(forget, forget);
    each.set(id, one);
  }
  return each;
}

/**
 * The answers of these warehouses at (at least) the versions given, in their order; those
 * not kept at that version are built, all in one statement. A warehouse deleted meanwhile
 * is left out.
 */
export async function warehouseAnswers(
  db: Db,
  companyId: number,
  versions: readonly WarehouseVersion[],
): Promise<{ id: number; version: number; answer: JsonAnswer }[]> {
  const cache = cacheOf(db);
  const builds = buildsOf(db);
  const found = new Map<number, Built>();
  const joined: [WarehouseVersion, Promise<Built | null>][] = [];
  const missing: number[] = [];
  for (const v of versions) {
    const key = warehouseKey(companyId, v.id);
    const answer = cache.get(key, String(v.version));
    const under = builds.get(key);
    if (answer) found.set(v.id, { version: v.version, answer });
    else if (under) joined.push([v, under]);
    else missing.push(v.id);
  }
  // A build that began before the write the caller saw would miss it: such are built anew.
  for (const [v, under] of joined) {
    const built = await under.catch(() => null);
    if (built && built.version >= v.version) found.set(v.id, built);
    else missing.push(v.id);
  }
  if (missing.length > 0) {
    for (const [id, one] of build(db, companyId, missing)) {
      const built = await one;
      if (built) found.set(id, built);
    }
  }
  return versions.flatMap(({ id }) => {
    const hit = found.get(id);
    return hit ? [{ id, ...hit }] : [];
  });
}

/** `list` as a version string: what a company-wide answer is kept by. */
export const versionsKey = (list: readonly WarehouseVersion[]) =>
  list.map((v) => `${v.id}.${v.version}`).join(',');

/** A company-wide answer kept under `key` while the company's versions stay `version`. */
export async function keptAnswer(
  db: Db,
  key: string,
  version: string,
  build: () => Promise<string>,
): Promise<JsonAnswer> {
  const cache = cacheOf(db);
  const kept = cache.get(key, version);
  if (kept) return kept;
  const answer = await JsonAnswer.fromText(await build());
  cache.set(key, version, answer);
  return answer;
}

/** The company call: the warehouses' answers in a JSON array, kept by all their versions. */
export async function companyAnswer(
  db: Db,
  companyId: number,
  versions: readonly WarehouseVersion[],
): Promise<JsonAnswer> {
  const cache = cacheOf(db);
  const key = `c:${companyId}`;
  const kept = cache.get(key, versionsKey(versions));
  if (kept) return kept;
  const parts = await warehouseAnswers(db, companyId, versions);
  const pieces: Buffer[] = [Buffer.from('[')];
  parts.forEach((p, i) => {
    if (i > 0) pieces.push(Buffer.from(','));
    pieces.push(p.answer.body);
  });
  pieces.push(Buffer.from(']'));
  const answer = new JsonAnswer(
    Buffer.concat(pieces),
    combinedTag(parts.map((p) => p.answer.etag)),
  );
  cache.set(key, versionsKey(parts), answer);
  return answer;
}

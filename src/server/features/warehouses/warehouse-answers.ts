import type { Field } from '../../../contracts/fields';
import { compactField } from '../../../contracts/warehouse-compact';
import type { Db } from '../../db/client';
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

/**
 * Warehouses read per statement when several are built at once (the company call): about
 * 3 MB of JSON text at the bench company's 1,000 fields each (decision 0080).
 */
const WAREHOUSES_PER_READ = 4;

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

/** Lets go of every answer kept for `db`: the next reads build from nothing (tests compare). */
export function forgetKeptAnswers(db: Db): void {
  caches.delete(db);
}

export interface WarehouseVersion {
  id: number;
  version: number;
}

/** What a kept answer was made of, so the next build after a write reuses its fields. */
interface KeptField {
  /** `"<id>":{...}`, a slice of the answer's body. */
  text: Buffer;
  type: string | null;
  customers: readonly string[];
  orders: readonly string[];
  /** The field call's answer, made from `text` when first asked for. */
  answer?: Promise<JsonAnswer>;
  /** The field's row in the compact answer, made from `text` when first asked for. */
  compact?: Buffer;
}

interface KeptParts {
  /** Every vault's text names its warehouse: a rename makes the kept fields stale. */
  name: string;
  fields: Map<number, KeptField>;
  /** The answer's text before the fields' value (`{"id":...,"fields":`), and after it. */
  lead: Buffer;
  tail: Buffer;
}

// Keyed by the answer, so parts go when the cache lets their answer go.
const partsOf = new WeakMap<JsonAnswer, KeptParts>();

const fromUtf8 = (text: string) => Buffer.from(text, 'utf8');

function keptField(part: jsonRepo.FieldPart): KeptField | null {
  if (part.json === null) return null;
  const names = part.namesJson
    ? (JSON.parse(part.namesJson) as { c: string[] | null; o: string[] | null })
    : null;
  return {
    text: fromUtf8(part.json),
    type: part.type,
    customers: names?.c ?? [],
    orders: names?.o ?? [],
  };
}

/**
 * The warehouse's answer from its head and fields, key by key in the order
 * `warehouseSchema` lists them; the fields in ascending id order, as `JSON.stringify` puts
 * integer keys. Each field's text is kept as a slice of the new body.
 */
function composeAnswer(
  head: jsonRepo.WarehouseHead,
  fields: Map<number, KeptField>,
): { body: Buffer; parts: KeptParts } {
  const customers = new Set(head.palletCustomers ?? []);
  const orders = new Set<string>();
  let couchboxTops = 0;
  let couchboxBottoms = 0;
  for (const field of fields.values()) {
    for (const c of field.customers) customers.add(c);
    for (const o of field.orders) orders.add(o);
    if (field.type === 'couchbox-T') couchboxTops++;
    else if (field.type === 'couchbox-B') couchboxBottoms++;
  }
  const lead = fromUtf8(
    `{"id":${head.id},"name":${JSON.stringify(head.name)},"slug":${JSON.stringify(head.slug)}` +
      `,"width":${JSON.stringify(head.width)},"length":${JSON.stringify(head.length)}` +
      `,"rows":${head.rows},"cols":${head.cols},"fieldCapacity":${head.fieldCapacity}` +
      `,"field_capacity":${head.fieldCapacity}` +
      `,"warehouseCapacity":${warehouseCapacity(head, { couchboxTops, couchboxBottoms })}` +
      `,"fields":`,
  );
  const tail = fromUtf8(
    `,"racks":${head.racksJson}` +
      `,"fieldgridLocation":{"x":${JSON.stringify(head.fieldgridX)},"y":${JSON.stringify(head.fieldgridY)}}` +
      `,"customers":${JSON.stringify([...customers].sort())}` +
      `,"orders":${JSON.stringify([...orders].sort())}}`,
  );
  const comma = fromUtf8(',');
  const ids = [...fields.keys()].sort((a, b) => a - b);
  const pieces: Buffer[] = [lead, fromUtf8('{')];
  const spans: [number, number][] = [];
  let at = lead.length + 1;
  ids.forEach((id, i) => {
    if (i > 0) {
      pieces.push(comma);
      at += 1;
    }
    const text = fields.get(id)?.text ?? Buffer.alloc(0);
    pieces.push(text);
    spans.push([at, at + text.length]);
    at += text.length;
  });
  pieces.push(fromUtf8('}'), tail);
  const body = Buffer.concat(pieces);
  const kept = new Map<number, KeptField>();
  ids.forEach((id, i) => {
    const field = fields.get(id);
    const span = spans[i];
    // Not its field-call answer: that holds a slice of the previous body, which may now go.
    if (field && span) {
      const { type, customers, orders, compact } = field;
      kept.set(id, { type, customers, orders, compact, text: body.subarray(span[0], span[1]) });
    }
  });
  return { body, parts: { name: head.name, fields: kept, lead, tail } };
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

/**
 * Reads what changed in these warehouses since the answers kept for them (every field when
 * none is kept) and composes their new answers. A warehouse renamed since is read again
 * in full: its name is in every vault's text.
 */
async function readAnswers(db: Db, companyId: number, ids: number[]): Promise<Map<number, Built>> {
  const cache = cacheOf(db);
  const kept = new Map<number, { version: number; parts: KeptParts }>();
  for (const id of ids) {
    const latest = cache.latest(warehouseKey(companyId, id));
    const parts = latest && partsOf.get(latest.answer);
    if (latest && parts) kept.set(id, { version: Number(latest.version), parts });
  }
  const wanted = ids.map((id) => ({ id, since: kept.get(id)?.version ?? 0 }));
  const built = new Map<number, Built>();
  const again: number[] = [];
  const compose = async (head: jsonRepo.WarehouseHead, fields: Map<number, KeptField>) => {
    const { body, parts } = composeAnswer(head, fields);
    const answer = await JsonAnswer.fromBody(body);
    partsOf.set(answer, parts);
    cache.set(warehouseKey(companyId, head.id), String(head.version), answer);
    built.set(head.id, { version: head.version, answer });
  };
  // A few warehouses per statement: each warehouse's head and fields still come from one
  // snapshot, and no result (nor the engine's heap, which never shrinks) holds the company.
  for (let at = 0; at < wanted.length; at += WAREHOUSES_PER_READ) {
    const group = wanted.slice(at, at + WAREHOUSES_PER_READ);
    const read = await jsonRepo.listWarehouseParts(db, companyId, group);
    const changed = new Map<number, jsonRepo.FieldPart[]>();
    for (const part of read.fields) {
      const list = changed.get(part.warehouseId) ?? [];
      list.push(part);
      changed.set(part.warehouseId, list);
    }
    for (const head of read.heads) {
      const prior = kept.get(head.id);
      if (prior && prior.parts.name !== head.name) {
        again.push(head.id);
        continue;
      }
      const fields = new Map(prior?.parts.fields);
      for (const part of changed.get(head.id) ?? []) {
        const field = keptField(part);
        if (field) fields.set(part.fieldId, field);
        else fields.delete(part.fieldId);
      }
      await compose(head, fields);
    }
  }
  if (again.length > 0) {
    const full = await jsonRepo.listWarehouseParts(
      db,
      companyId,
      again.map((id) => ({ id, since: 0 })),
    );
    for (const head of full.heads) {
      const fields = new Map<number, KeptField>();
      for (const part of full.fields) {
        const field = part.warehouseId === head.id ? keptField(part) : null;
        if (field) fields.set(part.fieldId, field);
      }
      await compose(head, fields);
    }
  }
  return built;
}

/** Builds these warehouses' answers (from what changed since those kept) and keeps them. */
function build(db: Db, companyId: number, ids: number[]): Map<number, Promise<Built | null>> {
  const builds = buildsOf(db);
  const all = readAnswers(db, companyId, ids);
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

/**
 * One field of a warehouse whose answer is kept (brought up to date from the fields written
 * since, if need be), cut from that answer: the text the field call's presenter writes. Null
 * when nothing is kept for the warehouse, or the field is not one of its fields.
 */
export async function keptFieldAnswer(
  db: Db,
  companyId: number,
  version: WarehouseVersion,
  fieldId: number,
): Promise<JsonAnswer | null> {
  if (!cacheOf(db).latest(warehouseKey(companyId, version.id))) return null;
  const [found] = await warehouseAnswers(db, companyId, [version]);
  const field = found && partsOf.get(found.answer)?.fields.get(fieldId);
  if (!field) return null;
  // The kept text is `"<id>":{...}`; the field call answers the object alone.
  field.answer ??= JsonAnswer.fromBody(field.text.subarray(`"${fieldId}":`.length));
  return field.answer;
}

/**
 * The field call's JSON text of one field, cut from this warehouse answer's own bytes (so the
 * two agree); null when the field is not one of the warehouse's.
 */
export function fieldTextIn(answer: JsonAnswer, fieldId: number): Buffer | null {
  const field = partsOf.get(answer)?.fields.get(fieldId);
  return field ? field.text.subarray(`"${fieldId}":`.length) : null;
}

// The compact answer of each kept answer, made when first asked for and let go with it.
const compactOf = new WeakMap<JsonAnswer, Promise<JsonAnswer>>();

/** A field's compact row from its kept text `"<id>":{...}`, made once per field version. */
function compactRow(id: number, field: KeptField): Buffer {
  field.compact ??= fromUtf8(
    JSON.stringify(
      compactField(JSON.parse(field.text.subarray(`"${id}":`.length).toString()) as Field),
    ),
  );
  return field.compact;
}

/**
 * The web client's compact form of a kept warehouse answer (decision 0092): the same text
 * around the fields, the fields as rows. Each field's row is made from its kept text once
 * and carried to the next answer, so after a write only the fields written are made again.
 */
export function compactAnswer(answer: JsonAnswer): Promise<JsonAnswer> {
  let made = compactOf.get(answer);
  if (!made) {
    const parts = partsOf.get(answer);
    if (!parts) throw new Error('compactAnswer needs an answer composed here');
    const ids = [...parts.fields.keys()].sort((a, b) => a - b);
    const pieces: Buffer[] = [parts.lead, fromUtf8('[')];
    ids.forEach((id, i) => {
      const field = parts.fields.get(id);
      if (!field) return;
      if (i > 0) pieces.push(fromUtf8(','));
      pieces.push(compactRow(id, field));
    });
    pieces.push(fromUtf8(']'), parts.tail);
    made = JsonAnswer.fromBody(Buffer.concat(pieces));
    compactOf.set(answer, made);
  }
  return made;
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
  for (const [i, p] of parts.entries()) {
    if (i > 0) pieces.push(Buffer.from(','));
    pieces.push(await p.answer.bytes());
  }
  pieces.push(Buffer.from(']'));
  // The warehouses' own texts, not a copy of them (decision 0080).
  const answer = JsonAnswer.joined(pieces, combinedTag(parts.map((p) => p.answer.etag)));
  cache.set(key, versionsKey(parts), answer);
  return answer;
}

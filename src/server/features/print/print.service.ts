import { Readable } from 'node:stream';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { SessionUser } from '../../../contracts/auth';
import { CSV_COLUMNS, type PrintVault } from '../../../contracts/print';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { AnswerCache, JsonAnswer } from '../../lib/answer-cache';
import { companyScans } from '../../lib/limiter';
import * as repo from './print.repository';

/**
 * The print list is kept per company by the versions of its groups (`printListGroups`): a read
 * asks only for those and sends the kept bytes until a write changes what the list shows
 * (decision 0066). The list is kept in gzip alone (decision 0080): its text is 8 MB on the
 * bench company. Two companies' lists of that size, with their Brotli forms.
 */
const LIST_BYTES = 24 * 1024 * 1024;
/**
 * Each group's text is kept too, in gzip alone, so a write makes the next read redo one
 * warehouse's vaults rather than all of them: 1.1 to 1.7 s for the bench company, during which
 * the embedded engine answered nobody else (decision 0087). About a tenth of the list's
 * text per company.
 */
const GROUP_BYTES = 8 * 1024 * 1024;

interface Kept {
  lists: AnswerCache;
  groups: AnswerCache;
  builds: Map<string, Promise<JsonAnswer>>;
}

// One set of caches and builds per database: tests run several databases in one process.
const caches = new WeakMap<Db, Kept>();

function keptOf(db: Db): Kept {
  let entry = caches.get(db);
  if (!entry) {
    entry = {
      lists: new AnswerCache(LIST_BYTES),
      groups: new AnswerCache(GROUP_BYTES),
      builds: new Map(),
    };
    caches.set(db, entry);
  }
  return entry;
}

const groupKey = (companyId: number, warehouseId: number | null) =>
  `${companyId}:${warehouseId ?? '-'}`;
const listVersion = (groups: readonly repo.PrintGroup[]) =>
  groups.map((g) => `${g.warehouseId ?? '-'}:${g.version}`).join(',');

/**
 * The list's bytes, `[` the groups' texts `]`, each added with a turn for other requests
 * before it: joined and encoded as one 9 MB string it held the HTTP thread for 20 to 40 ms at
 * once, and every call waited (decision 0083).
 */
async function listBody(parts: readonly Buffer[]): Promise<Buffer> {
  const pieces: Buffer[] = [Buffer.from('[')];
  for (const part of parts) {
    if (part.length === 0) continue;
    await yieldToEvents();
    if (pieces.length > 1) pieces.push(Buffer.from(','));
    pieces.push(part);
  }
  pieces.push(Buffer.from(']'));
  return Buffer.concat(pieces);
}

/**
 * The list for these groups: the kept texts of groups whose version is unchanged, the others
 * read again. Kept by the versions the texts were read at, which may be newer than asked.
 */
async function buildList(
  db: Db,
  companyId: number,
  groups: readonly repo.PrintGroup[],
): Promise<JsonAnswer> {
  const kept = keptOf(db);
  const texts = new Map<number | null, { version: string; text: Buffer }>();
  const stale: (number | null)[] = [];
  for (const group of groups) {
    const answer = kept.groups.get(groupKey(companyId, group.warehouseId), group.version);
    if (answer)
      texts.set(group.warehouseId, { version: group.version, text: await answer.bytes() });
    else stale.push(group.warehouseId);
  }
  for (const part of await companyScans(() => repo.printListParts(db, companyId, stale))) {
    const text = Buffer.from(part.json, 'utf8');
    texts.set(part.warehouseId, { version: part.version, text });
    kept.groups.set(
      groupKey(companyId, part.warehouseId),
      part.version,
      await JsonAnswer.compressed(text),
    );
  }
  // A group read again may have been written meanwhile, or removed (no text): the list is
  // kept by what was read, and the next read, seeing other versions, builds again.
  const read = groups.flatMap((g) => {
    const entry = texts.get(g.warehouseId);
    return entry ? [{ group: { ...g, version: entry.version }, text: entry.text }] : [];
  });
  const answer = await JsonAnswer.compressed(await listBody(read.map((r) => r.text)));
  kept.lists.set(String(companyId), listVersion(read.map((r) => r.group)), answer);
  return answer;
}

/**
 * The print list at the versions the company shows now or later. Readers who see the same
 * versions while it is built wait for that build rather than build it again.
 */
async function printList(db: Db, companyId: number): Promise<JsonAnswer> {
  const kept = keptOf(db);
  const groups = await repo.printListGroups(db, companyId);
  const version = listVersion(groups);
  const list = kept.lists.get(String(companyId), version);
  if (list) return list;
  const buildKey = `${companyId}:${version}`;
  let build = kept.builds.get(buildKey);
  if (!build) {
    build = buildList(db, companyId, groups);
    kept.builds.set(buildKey, build);
    const forget = () => kept.builds.delete(buildKey);
    build.then(forget, forget);
  }
  return build;
}

/** `/api/vaults/all` as the JSON text PostgreSQL writes (decisions 0025, 0066). */
export function printListAnswer(db: Db, user: SessionUser): Promise<JsonAnswer> {
  return printList(db, user.companyId);
}

const ROWS_PER_CHUNK = 1000;

function* csvChunks(vaults: readonly PrintVault[]): Generator<string> {
  yield CSV_BOM + csvRow(CSV_COLUMNS);
  for (let i = 0; i < vaults.length; i += ROWS_PER_CHUNK) {
    yield vaults
      .slice(i, i + ROWS_PER_CHUNK)
      .map((v) =>
        csvRow([
          v.name,
          v.customer_name,
          v.type,
          v.position,
          v.field_name,
          v.warehouse_name,
          v.note,
        ]),
      )
      .join('');
  }
}

/**
 * The print list as CSV, written to the response in chunks rather than built as one string.
 * Read from the kept JSON list: one parse of text PostgreSQL wrote costs less time and memory
 * than its rows through the driver, and the two cannot disagree.
 */
export async function exportVaultsCsv(db: Db, user: SessionUser): Promise<Readable> {
  const answer = await printList(db, user.companyId);
  const vaults = JSON.parse((await answer.bytes()).toString('utf8')) as PrintVault[];
  return Readable.from(csvChunks(vaults));
}

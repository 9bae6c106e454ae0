import { Readable } from 'node:stream';
import type { SessionUser } from '../../../contracts/auth';
import { CSV_COLUMNS, type PrintVault } from '../../../contracts/print';
import { CSV_BOM, csvRow } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { AnswerCache, combinedTag, JsonAnswer } from '../../lib/answer-cache';
import { joinPacked, packShortText, packText, type PackedText } from '../../lib/gzip-join';
import { companyScans } from '../../lib/limiter';
import * as repo from './print.repository';

/**
 * The print list is kept per company by the versions of its groups (`printListGroups`): a read
 * asks only for those and sends the kept bytes until a write changes what the list shows
 * (decision 0066). The list is kept in gzip alone (decision 0080): about 1 MB for the bench
 * company's 8 MB of text.
 */
const LIST_BYTES = 24 * 1024 * 1024;
/**
 * Each group's text is kept too, packed, so a write makes the next read redo one warehouse's
 * vaults rather than all of them: 1.1 to 1.7 s for the bench company, during which the
 * embedded engine answered nobody else (decision 0087). About a tenth of the list's text per
 * company.
 */
const GROUP_BYTES = 8 * 1024 * 1024;

interface Kept {
  lists: AnswerCache;
  groups: AnswerCache<PackedText>;
  builds: Map<string, Promise<JsonAnswer>>;
}

// One set of caches and builds per database: tests run several databases in one process.
const caches = new WeakMap<Db, Kept>();

function keptOf(db: Db): Kept {
  let entry = caches.get(db);
  if (!entry) {
    entry = {
      lists: new AnswerCache(LIST_BYTES),
      groups: new AnswerCache<PackedText>(GROUP_BYTES),
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

const OPEN = packShortText('[');
const COMMA = packShortText(',');
const CLOSE = packShortText(']');

/**
 * The list, `[` the groups' texts `]`, joined in gzip from the groups' packed texts: a write
 * costs packing the group it changed, not unpacking and packing the company's 8 MB again,
 * which under issue 9's mixed load took most of a second a read (decision 0088). The ETag is
 * made from the groups' digests, so it follows the text as a digest of all of it would.
 */
function listAnswer(groupTexts: readonly PackedText[]): JsonAnswer {
  const items = groupTexts.filter((text) => text.length > 0);
  const pieces = items.flatMap((text, i) => (i === 0 ? [text] : [COMMA, text]));
  const { gzip, length } = joinPacked([OPEN, ...pieces, CLOSE]);
  return JsonAnswer.packed(gzip, length, combinedTag(items.map((text) => text.tag)));
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
  const texts = new Map<number | null, { version: string; text: PackedText }>();
  const stale: (number | null)[] = [];
  for (const group of groups) {
    const text = kept.groups.get(groupKey(companyId, group.warehouseId), group.version);
    if (text) texts.set(group.warehouseId, { version: group.version, text });
    else stale.push(group.warehouseId);
  }
  for (const part of await companyScans(() => repo.printListParts(db, companyId, stale))) {
    const text = await packText(Buffer.from(part.json, 'utf8'));
    texts.set(part.warehouseId, { version: part.version, text });
    kept.groups.set(groupKey(companyId, part.warehouseId), part.version, text);
  }
  // A group read again may have been written meanwhile, or removed (no text): the list is
  // kept by what was read, and the next read, seeing other versions, builds again.
  const read = groups.flatMap((g) => {
    const entry = texts.get(g.warehouseId);
    return entry ? [{ group: { ...g, version: entry.version }, text: entry.text }] : [];
  });
  const answer = listAnswer(read.map((r) => r.text));
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

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
 * The print list is kept per company by its version (`printListVersion`): a read asks only
 * for the version and sends the kept bytes until a write changes what the list shows
 * (decision 0066). Two companies' lists of the bench company's size (8 MB each, with their
 * compressed forms).
 */
const CACHE_BYTES = 24 * 1024 * 1024;

// One cache and one set of builds per database: tests run several databases in one process.
const caches = new WeakMap<Db, { cache: AnswerCache; builds: Map<string, Promise<JsonAnswer>> }>();

function cacheOf(db: Db) {
  let entry = caches.get(db);
  if (!entry) {
    entry = { cache: new AnswerCache(CACHE_BYTES), builds: new Map() };
    caches.set(db, entry);
  }
  return entry;
}

/**
 * The list's bytes, `[` the warehouses' texts `]`, each encoded with a turn for other
 * requests before it: joined and encoded as one 9 MB string it held the HTTP thread for 20 to
 * 40 ms at once, and every call waited (decision 0083).
 */
async function listBody(parts: readonly string[]): Promise<Buffer> {
  const pieces: Buffer[] = [Buffer.from('[')];
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      await yieldToEvents();
      pieces.push(Buffer.from(','));
    }
    pieces.push(Buffer.from(part, 'utf8'));
  }
  pieces.push(Buffer.from(']'));
  return Buffer.concat(pieces);
}

/**
 * The print list at the version the company shows now or later. Readers who see the same
 * version while it is built wait for that build rather than build it again.
 */
async function printList(db: Db, companyId: number): Promise<JsonAnswer> {
  const { cache, builds } = cacheOf(db);
  const key = String(companyId);
  const version = await repo.printListVersion(db, companyId);
  const kept = cache.get(key, version);
  if (kept) return kept;
  const buildKey = `${companyId}:${version}`;
  let build = builds.get(buildKey);
  if (!build) {
    build = companyScans(() => repo.printListJson(db, companyId)).then(async (built) => {
      // Kept in gzip alone (decision 0080): the text is 8 MB on the bench company.
      const answer = await JsonAnswer.compressed(await listBody(built.parts));
      // Kept by the version read with the list, which may be newer than the one asked for.
      cache.set(key, built.version, answer);
      return answer;
    });
    builds.set(buildKey, build);
    const forget = () => builds.delete(buildKey);
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

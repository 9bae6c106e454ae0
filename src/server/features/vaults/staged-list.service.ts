import type { SessionUser } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { companyChangeStamp } from '../../db/warehouse-versions';
import { cachePerOwner, JsonAnswer } from '../../lib/answer-cache';
import { listStagedVaults } from './stage.service';
import { stagedListDigest } from './staged-list.repository';

/**
 * The staged list kept per company (decision 0075): about 300 bytes a staged vault, so this
 * holds several companies' lists of the bench company's 200 staged vaults.
 */
const CACHE_BYTES = 2 * 1024 * 1024;

const cacheOf = cachePerOwner<Db>(CACHE_BYTES);

/**
 * What the company's staged list shows now, as a string: on the embedded engine the count of
 * changes this process has heard of (it hears each before the write is answered); on
 * PostgreSQL, where other instances write and notices come late, a digest read each time.
 */
async function stagedListVersion(db: Db, companyId: number): Promise<string> {
  const stamp = companyChangeStamp(db, companyId);
  return stamp === null ? stagedListDigest(db, companyId) : `heard ${stamp}`;
}

/**
 * `GET /api/stage/vaults` as kept bytes, with an ETag. The version is read before the list, so
 * an answer is never kept under a version newer than the data it shows.
 */
export async function stagedVaultsAnswer(db: Db, user: SessionUser): Promise<JsonAnswer> {
  const cache = cacheOf(db);
  const key = String(user.companyId);
  const version = await stagedListVersion(db, user.companyId);
  const kept = cache.get(key, version);
  if (kept) return kept;
  const answer = await JsonAnswer.fromText(JSON.stringify(await listStagedVaults(db, user)));
  cache.set(key, version, answer);
  return answer;
}

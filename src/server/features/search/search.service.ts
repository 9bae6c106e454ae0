import type { SessionUser } from '../../../contracts/auth';
import { SEARCH_SUGGESTION_LIMIT } from '../../../contracts/limits';
import type { SearchSuggestions, SearchSuggestionsQuery } from '../../../contracts/search';
import type { Db } from '../../db/client';
import { warehouseVersionsOf, type WarehouseVersionRow } from '../../db/warehouse-versions';
import { cachePerOwner, JsonAnswer } from '../../lib/answer-cache';
import * as repo from './search.repository';
import { suggestFromIndex } from './search-index';

/**
 * Suggestions kept per company, warehouse and text (decision 0074). An answer is a few
 * hundred bytes: this holds a few thousand, the texts staff type over and over in a shift.
 */
const CACHE_BYTES = 512 * 1024;

const cacheOf = cachePerOwner<Db>(CACHE_BYTES);

/** Escapes LIKE's wildcards, so a user's '%' or '_' matches itself. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const NOTHING: SearchSuggestions = { customers: [], orders: [], vaults: [] };

/**
 * What the suggestions show changes only with the placed vaults' numbers, customers and
 * orders, and with the names of customers and orders: every one of those writes bumps the
 * version of the warehouse the vault is in (a rename bumps all of the company's, decision
 * 0025). So the versions of the warehouses searched are the answer's version, on every
 * instance: on PostgreSQL they are read from the database at each call.
 */
function suggestionsVersion(
  versions: readonly WarehouseVersionRow[],
  warehouseId: number | null,
): string {
  const searched = warehouseId === null ? versions : versions.filter((w) => w.id === warehouseId);
  return searched.map((w) => `${w.id}.${w.version}`).join(',');
}

export async function suggest(
  db: Db,
  user: SessionUser,
  query: SearchSuggestionsQuery,
): Promise<SearchSuggestions | JsonAnswer> {
  if (query.q === '') return NOTHING;
  // A foreign or unknown warehouse simply has no vaults of this company: empty lists.
  const warehouseId = query.warehouseId ?? null;
  const cache = cacheOf(db);
  const key = `${user.companyId}:${warehouseId ?? '*'}:${query.q}`;
  // Read before the lists, so an answer is never kept under a version newer than it shows.
  const versions = await warehouseVersionsOf(db, user.companyId);
  const version = suggestionsVersion(versions, warehouseId);
  const kept = cache.get(key, version);
  if (kept) return kept;
  const lists =
    (await suggestFromIndex(
      db,
      user.companyId,
      versions,
      warehouseId,
      query.q,
      SEARCH_SUGGESTION_LIMIT,
    )) ?? (await suggestFromStatement(db, user.companyId, warehouseId, query.q));
  const answer = await JsonAnswer.fromText(JSON.stringify(lists));
  cache.set(key, version, answer);
  return answer;
}

/** For texts and databases the index does not serve (decision 0096). */
function suggestFromStatement(
  db: Db,
  companyId: number,
  warehouseId: number | null,
  text: string,
): Promise<SearchSuggestions> {
  const escaped = likeEscape(text);
  return repo.suggestions(db, {
    companyId,
    pattern: `%${escaped}%`,
    prefix: `${escaped}%`,
    warehouseId,
    limit: SEARCH_SUGGESTION_LIMIT,
  });
}

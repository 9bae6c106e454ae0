import type { SessionUser } from '../../../contracts/auth';
import { SEARCH_SUGGESTION_LIMIT } from '../../../contracts/limits';
import type { SearchSuggestions, SearchSuggestionsQuery } from '../../../contracts/search';
import type { Db } from '../../db/client';
import { releasedSearchDay } from '../../../domain/vault-release';
import * as repo from './search.repository';

/** Escapes LIKE's wildcards, so a user's '%' or '_' matches itself. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const NOTHING: SearchSuggestions = { customers: [], orders: [], vaults: [] };

export function suggest(
  db: Db,
  user: SessionUser,
  query: SearchSuggestionsQuery,
): Promise<SearchSuggestions> {
  if (query.q === '') return Promise.resolve(NOTHING);
  const day = releasedSearchDay(query.q);
  if (day !== null) {
    return repo
      .releasedOn(db, user.companyId, day, SEARCH_SUGGESTION_LIMIT)
      .then((vaults) => ({ ...NOTHING, vaults }));
  }
  // A foreign or unknown warehouse simply has no vaults of this company: empty lists.
  const escaped = likeEscape(query.q);
  return repo.suggestions(db, {
    companyId: user.companyId,
    pattern: `%${escaped}%`,
    prefix: `${escaped}%`,
    warehouseId: query.warehouseId ?? null,
    limit: SEARCH_SUGGESTION_LIMIT,
  });
}

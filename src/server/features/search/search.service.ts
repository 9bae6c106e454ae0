import type { SessionUser } from '../../../contracts/auth';
import { SEARCH_SUGGESTION_LIMIT } from '../../../contracts/limits';
import type { SearchSuggestions, SearchSuggestionsQuery } from '../../../contracts/search';
import type { Db } from '../../db/client';
import { releasedSearchDay } from '../../../domain/vault-release';
import { tagQuery } from '../../../domain/inventory-tags';
import * as repo from './search.repository';

/** Escapes LIKE's wildcards, so a user's '%' or '_' matches itself. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const NOTHING: SearchSuggestions = { customers: [], orders: [], vaults: [] };

export async function suggest(
  db: Db,
  user: SessionUser,
  query: SearchSuggestionsQuery,
): Promise<SearchSuggestions> {
  if (query.q === '') return NOTHING;
  const day = releasedSearchDay(query.q);
  if (day !== null) {
    const vaults = await repo.releasedOn(db, user.companyId, day, SEARCH_SUGGESTION_LIMIT);
    return { ...NOTHING, vaults };
  }
  // A foreign or unknown warehouse simply has no vaults of this company: empty lists.
  const escaped = likeEscape(query.q);
  const { tagged, ...found } = await repo.suggestions(db, {
    companyId: user.companyId,
    pattern: `%${escaped}%`,
    prefix: `${escaped}%`,
    warehouseId: query.warehouseId ?? null,
    limit: SEARCH_SUGGESTION_LIMIT,
    tag: tagQuery(query.q),
  });
  // The vault holding the tag asked for comes first, then numbers that contain the text.
  const vaults = [...new Set([...tagged, ...found.vaults])].slice(0, SEARCH_SUGGESTION_LIMIT);
  return { ...found, vaults };
}

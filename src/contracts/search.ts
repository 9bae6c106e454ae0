import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idInput } from './common';
import { SEARCH_TEXT_MAX_LENGTH } from './limits';

const searchSuggestionsQuerySchema = z.object({
  q: z
    .string({ error: 'q is required.' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(
          SEARCH_TEXT_MAX_LENGTH,
          `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters.`,
        ),
    ),
  warehouseId: idInput().optional(),
});
export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuerySchema>;

const searchSuggestionsSchema = z.object({
  customers: z.array(z.string()),
  orders: z.array(z.string()),
  vaults: z.array(z.string()),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const searchSuggestions = defineEndpoint({
  method: 'GET',
  path: '/api/search/suggestions',
  summary:
    'Case-insensitive substring suggestions, grouped customer / order / vault number, from placed vaults of the company (of one warehouse when given).',
  tag: 'search',
  access: 'session',
  query: searchSuggestionsQuerySchema,
  response: searchSuggestionsSchema,
});

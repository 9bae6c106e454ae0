import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as contract from '../../../../contracts/search';
import { callApi } from '../../../lib/api';

const DEBOUNCE_MS = 150;

/** Suggestions for what is typed, asked for once typing pauses. */
export function useSearchSuggestions(term: string, warehouseId: number | undefined) {
  const [settled, setSettled] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(term.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  return useQuery({
    queryKey: ['search', 'suggestions', warehouseId ?? 'all', settled],
    queryFn: () =>
      callApi(contract.searchSuggestions, {
        query: warehouseId ? { q: settled, warehouseId } : { q: settled },
      }),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** A picked suggestion's group, or `text`: Enter on what is typed matches every group. */
export type SearchKind = 'customer' | 'order' | 'vault' | 'pallet' | 'text';

export interface SearchSelection {
  kind: SearchKind;
  value: string;
}

interface SearchState {
  /** What is typed in the top-nav box. */
  term: string;
  setTerm: (term: string) => void;
  /** The suggestion picked, which drives highlighting; null shows everything. */
  selection: SearchSelection | null;
  select: (selection: SearchSelection | null) => void;
  clear: () => void;
}

const SearchContext = createContext<SearchState | null>(null);

/** Search state shared by the top nav (where it is typed) and the warehouse views (which highlight). */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [term, setTerm] = useState('');
  const [selection, setSelection] = useState<SearchSelection | null>(null);
  // Stable: the warehouse page clears on leaving through an effect that depends on it, so a
  // new function per keystroke would wipe the box as it is typed in.
  const clear = useCallback(() => {
    setTerm('');
    setSelection(null);
  }, []);
  const value = useMemo<SearchState>(
    () => ({ term, setTerm, selection, select: setSelection, clear }),
    [term, selection, clear],
  );
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useWarehouseSearch(): SearchState {
  const state = useContext(SearchContext);
  if (!state) throw new Error('useWarehouseSearch must be used inside SearchProvider');
  return state;
}

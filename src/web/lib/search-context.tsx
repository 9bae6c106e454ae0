import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** A picked suggestion's group, or `text`: Enter on what is typed matches every group. */
export type SearchKind = 'customer' | 'order' | 'vault' | 'pallet' | 'text';

export interface SearchSelection {
  kind: SearchKind;
  value: string;
}

interface SearchActions {
  setTerm: (term: string) => void;
  select: (selection: SearchSelection | null) => void;
  clear: () => void;
}

interface SearchState extends SearchActions {
  /** What is typed in the top-nav box. */
  term: string;
  /** The suggestion picked, which drives highlighting; null shows everything. */
  selection: SearchSelection | null;
}

// Three contexts, so each screen re-renders only for what it reads (decision 0092): the
// warehouse page needs only `clear`, the vault view only the pick, and neither a keystroke.
const ActionsContext = createContext<SearchActions | null>(null);
const TermContext = createContext('');
const SelectionContext = createContext<SearchSelection | null>(null);

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
  const actions = useMemo<SearchActions>(() => ({ setTerm, select: setSelection, clear }), [clear]);
  return (
    <ActionsContext.Provider value={actions}>
      <TermContext.Provider value={term}>
        <SelectionContext.Provider value={selection}>{children}</SelectionContext.Provider>
      </TermContext.Provider>
    </ActionsContext.Provider>
  );
}

/** The search's setters alone: they never change, so reading them re-renders nothing. */
export function useSearchActions(): SearchActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useSearchActions must be used inside SearchProvider');
  return actions;
}

/** The picked suggestion alone: a keystroke in the box does not re-render its readers. */
export function useSearchSelection(): SearchSelection | null {
  return useContext(SelectionContext);
}

export function useWarehouseSearch(): SearchState {
  const actions = useSearchActions();
  const term = useContext(TermContext);
  const selection = useContext(SelectionContext);
  return useMemo(() => ({ ...actions, term, selection }), [actions, term, selection]);
}

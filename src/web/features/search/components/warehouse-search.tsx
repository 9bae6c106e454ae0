import { useState } from 'react';
import { useLocation } from 'react-router';
import { useWarehouse } from '../../warehouses/api/use-warehouse';
import { viewModeFrom } from '../../../lib/view-mode';
import { useSearchSuggestions } from '../api/use-search-suggestions';
import { useWarehouseSearch, type SearchKind } from '../../../lib/search-context';
import { SEARCH_TEXT_MAX_LENGTH } from '../../../../contracts/limits';
import { slugFromPathname } from '../../../lib/paths';

const groups: { kind: SearchKind; title: string; key: 'customers' | 'orders' | 'vaults' }[] = [
  { kind: 'customer', title: 'Customer', key: 'customers' },
  { kind: 'order', title: 'Order', key: 'orders' },
  { kind: 'vault', title: 'Vault', key: 'vaults' },
];

/** The top-nav search: suggestions as you type, grouped; picking one highlights matches. */
export function WarehouseSearch() {
  const location = useLocation();
  const search = useWarehouseSearch();
  const isRackView = viewModeFrom(new URLSearchParams(location.search)) === 'rack';
  const slug = slugFromPathname(location.pathname);
  const warehouse = useWarehouse(slug);
  const suggestions = useSearchSuggestions(search.term, warehouse.data?.id);
  const [isOpen, setOpen] = useState(false);

  // Rack view matches customers only; pallets belong to the rack search.
  const shown = isRackView ? groups.filter((g) => g.kind === 'customer') : groups;
  const data = search.term.trim() ? suggestions.data : undefined;
  const hasAny = data !== undefined && shown.some((g) => data[g.key].length > 0);

  return (
    <div className="relative">
      <input
        type="search"
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        aria-label="Search"
        role="combobox"
        aria-expanded={isOpen && hasAny}
        aria-controls="warehouse-search-suggestions"
        value={search.term}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          search.setTerm(e.target.value);
          setOpen(true);
          if (e.target.value === '') search.select(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') search.clear();
        }}
        placeholder={
          isRackView
            ? 'Search customer/pallet/vault number...'
            : 'Search customer/order/vault number...'
        }
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
      />
      {isOpen && hasAny && (
        <div
          id="warehouse-search-suggestions"
          role="listbox"
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-lg bg-white p-2 text-slate-900 shadow-xl"
        >
          {shown.map((group) =>
            data[group.key].length === 0 ? null : (
              <div key={group.kind} role="group" aria-label={group.title}>
                <p className="px-2 pt-2 text-xs font-bold uppercase text-slate-500">
                  {group.title}
                </p>
                {data[group.key].map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="option"
                    aria-selected={
                      search.selection?.kind === group.kind && search.selection.value === value
                    }
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      search.setTerm(value);
                      search.select({ kind: group.kind, value });
                      setOpen(false);
                    }}
                    className="block w-full rounded px-2 py-2 text-left hover:bg-brand-50"
                  >
                    {value}
                  </button>
                ))}
              </div>
            ),
          )}
        </div>
      )}
    </div>
  );
}

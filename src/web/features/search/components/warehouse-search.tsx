import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { SEARCH_TEXT_MAX_LENGTH } from '../../../../contracts/limits';
import { useWarehouse } from '../../warehouses/api/use-warehouse';
import { viewModeFrom } from '../../../lib/view-mode';
import { useSearchSuggestions } from '../api/use-search-suggestions';
import { useWarehouseSearch, type SearchKind } from '../../../lib/search-context';
import { slugFromPathname } from '../../../lib/paths';

const groups: { kind: SearchKind; title: string; key: 'customers' | 'orders' | 'vaults' }[] = [
  { kind: 'customer', title: 'Customer', key: 'customers' },
  { kind: 'order', title: 'Order', key: 'orders' },
  { kind: 'vault', title: 'Vault', key: 'vaults' },
];

interface Option {
  kind: SearchKind;
  value: string;
}

/**
 * The top-nav search, an ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/):
 * suggestions as you type, grouped; ArrowUp/Down move through them while focus stays in the
 * box, Enter picks the active one (or, with none active, filters by what is typed), Escape
 * clears.
 */
export function WarehouseSearch() {
  const location = useLocation();
  const search = useWarehouseSearch();
  const isRackView = viewModeFrom(new URLSearchParams(location.search)) === 'rack';
  const slug = slugFromPathname(location.pathname);
  const warehouse = useWarehouse(slug);
  const suggestions = useSearchSuggestions(search.term, warehouse.data?.id);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // Rack view matches customers only; pallets belong to the rack search.
  const shown = isRackView ? groups.filter((g) => g.kind === 'customer') : groups;
  const data = search.term.trim() ? suggestions.data : undefined;
  const options: Option[] = data
    ? shown.flatMap((g) => data[g.key].map((value) => ({ kind: g.kind, value })))
    : [];
  const isExpanded = isOpen && options.length > 0;

  const pick = (option: Option) => {
    search.setTerm(option.value);
    search.select(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      const option = isExpanded ? options[active] : undefined;
      if (option) pick(option);
      else if (search.term.trim()) {
        search.select({ kind: 'text', value: search.term.trim() });
        setOpen(false);
      }
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      if (isExpanded) {
        setOpen(false);
        setActive(-1);
      } else search.clear();
    }
  };

  const indexOf = (kind: SearchKind, value: string) =>
    options.findIndex((o) => o.kind === kind && o.value === value);
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-600"
      />
      <input
        type="text"
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        aria-label="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
        value={search.term}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          search.setTerm(e.target.value);
          setOpen(true);
          setActive(-1);
          if (e.target.value === '') search.select(null);
        }}
        onKeyDown={onKeyDown}
        placeholder={
          isRackView
            ? 'Search customer/pallet/vault number...'
            : 'Search customer/order/vault number...'
        }
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-slate-900 placeholder:text-slate-600"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!isExpanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-lg bg-white p-2 text-slate-900 shadow-xl"
      >
        {data &&
          shown.map((group) =>
            data[group.key].length === 0 ? null : (
              <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
                <p
                  id={`${listId}-${group.kind}`}
                  className="px-2 pt-2 text-xs font-bold text-slate-700 uppercase"
                >
                  {group.title}
                </p>
                {data[group.key].map((value) => {
                  const i = indexOf(group.kind, value);
                  return (
                    <div
                      key={value}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => pick({ kind: group.kind, value })}
                      className={`flex min-h-11 cursor-pointer items-center rounded px-2 ${
                        i === active ? 'bg-brand-700 text-white' : 'hover:bg-brand-50'
                      }`}
                    >
                      {value}
                    </div>
                  );
                })}
              </div>
            ),
          )}
      </div>
    </div>
  );
}

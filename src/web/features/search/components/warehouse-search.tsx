import { useLocation } from 'react-router';
import { viewModeFrom } from '../../warehouses/view-mode';
import { useWarehouseSearch } from '../search-context';

export function WarehouseSearch() {
  const location = useLocation();
  const search = useWarehouseSearch();
  const isRackView = viewModeFrom(new URLSearchParams(location.search)) === 'rack';
  return (
    <input
      type="search"
      aria-label="Search"
      value={search.term}
      onChange={(e) => search.setTerm(e.target.value)}
      placeholder={isRackView ? 'Search customer/pallet/vault number...' : 'Search customer/order/vault number...'}
      className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
    />
  );
}

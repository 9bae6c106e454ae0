/** The warehouse screen shows vaults (default) or racks; kept in the URL so a link keeps the view. */
export type WarehouseViewMode = 'vault' | 'rack';

export function viewModeFrom(search: URLSearchParams): WarehouseViewMode {
  return search.get('view') === 'rack' ? 'rack' : 'vault';
}

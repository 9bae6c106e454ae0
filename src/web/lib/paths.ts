/**
 * The client's links to a warehouse. Slugs are URL-safe since decision 0021, but warehouses
 * made before it may carry `#`, `?`, `%` or `&` in theirs, so every link encodes the slug.
 */
export function warehousePath(slug: string): string {
  return `/warehouse/${encodeURIComponent(slug)}`;
}

export function editWarehousePath(slug: string): string {
  return `/edit/${encodeURIComponent(slug)}`;
}

/**
 * The warehouse slug of a `/warehouse/{slug}` or `/edit/{slug}` path. A malformed escape (a
 * bare `%` typed into the address bar) is read as it stands instead of throwing.
 */
export function slugFromPathname(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

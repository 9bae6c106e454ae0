/**
 * Values kept by key while the version the database counts for that key stays the same
 * (decision 0401). The version is read from the database at each call, so a value kept on
 * one instance is never served after a write on another.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();
  /** How many values were put in: what shows a test the cache is used. */
  stored = 0;

  constructor(private readonly maxEntries: number) {}

  get(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry?.version !== version) return undefined;
    // Put back last, so the map's order is the order of last use.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    this.stored++;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}

/** A cache per owner (a database), made on first use: tests run several, with the same ids. */
export function cachePerOwner<K extends object, T>(
  maxEntries: number,
): (owner: K) => VersionedCache<T> {
  const caches = new WeakMap<K, VersionedCache<T>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new VersionedCache<T>(maxEntries);
      caches.set(owner, cache);
    }
    return cache;
  };
}

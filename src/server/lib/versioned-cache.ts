/**
 * Answers kept as their JSON bytes by key while the version the database counts for that key
 * stays the same (decision 0401). The version is read from the database at each call, so an
 * answer kept on one instance is never served after a write on another. Bytes, not the
 * presented objects: the objects take several times the room of their text, and the text is
 * what is sent.
 */
export class VersionedCache {
  private readonly entries = new Map<string, { version: number; bytes: Buffer }>();
  private keptBytes = 0;
  /** How many answers were put in: what shows a test the cache is used. */
  stored = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, version: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry?.version !== version) return undefined;
    // Put back last, so the map's order is the order of last use.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.bytes;
  }

  set(key: string, version: number, bytes: Buffer): void {
    this.remove(key);
    this.entries.set(key, { version, bytes });
    this.keptBytes += bytes.length;
    this.stored++;
    for (const oldest of this.entries.keys()) {
      if (this.keptBytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.keptBytes -= entry.bytes.length;
    this.entries.delete(key);
  }
}

/** A cache per owner (a database), made on first use: tests run several, with the same ids. */
export function cachePerOwner<K extends object>(maxBytes: number): (owner: K) => VersionedCache {
  const caches = new WeakMap<K, VersionedCache>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new VersionedCache(maxBytes);
      caches.set(owner, cache);
    }
    return cache;
  };
}

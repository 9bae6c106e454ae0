import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

const bytes = (n: number) => Buffer.alloc(n, 'x');

describe('VersionedCache', () => {
  it('answers only at the version an answer was kept under', () => {
    const cache = new VersionedCache(100);
    cache.set('a', 1, bytes(10));
    expect(cache.get('a', 1)?.length).toBe(10);
    expect(cache.get('a', 2)).toBeUndefined();
  });

  it('lets the least recently used answers go once its bytes are over the bound', () => {
    const cache = new VersionedCache(100);
    cache.set('a', 1, bytes(40));
    cache.set('b', 1, bytes(40));
    cache.get('a', 1);
    cache.set('c', 1, bytes(40));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.length).toBe(40);
    expect(cache.get('c', 1)?.length).toBe(40);
  });

  it('counts a replaced answer once', () => {
    const cache = new VersionedCache(100);
    cache.set('a', 1, bytes(60));
    cache.set('a', 2, bytes(60));
    cache.set('b', 1, bytes(40));
    expect(cache.get('a', 2)?.length).toBe(60);
    expect(cache.get('b', 1)?.length).toBe(40);
  });
});

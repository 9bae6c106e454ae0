import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const user = {
  id: 1,
  email: 'a@example.com',
  companyId: 1,
  companyName: 'A',
  role: 'admin' as const,
};
const at = (ms: number) => new Date(ms);

describe('SessionCache', () => {
  it('answers a kept session until its own expiry, never past it', () => {
    const cache = new SessionCache(60_000);
    cache.set('s', { user, expiresAt: at(1_000) }, cache.mark(), 0);
    expect(cache.get('s', 999)?.user).toEqual(user);
    expect(cache.get('s', 1_000)).toBeNull();
  });

  it('asks again once an entry has been kept for its time', () => {
    const cache = new SessionCache(100);
    cache.set('s', { user, expiresAt: at(10_000) }, cache.mark(), 0);
    expect(cache.get('s', 99)).not.toBeNull();
    expect(cache.get('s', 100)).toBeNull();
  });

  it('forgets ended sessions, and all of them when told so', () => {
    const cache = new SessionCache(60_000);
    for (const id of ['a', 'b', 'c'])
      cache.set(id, { user, expiresAt: at(10_000) }, cache.mark(), 0);
    cache.forget(['a']);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).not.toBeNull();
    cache.forget(null);
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('c', 1)).toBeNull();
  });

  it('does not keep what was read before sessions ended', () => {
    const cache = new SessionCache(60_000);
    const mark = cache.mark();
    cache.forget(['s']);
    cache.set('s', { user, expiresAt: at(10_000) }, mark, 0);
    expect(cache.get('s', 1)).toBeNull();
  });

  it('lets the oldest entries go past its size', () => {
    const cache = new SessionCache(60_000, 2);
    for (const id of ['a', 'b', 'c'])
      cache.set(id, { user, expiresAt: at(10_000) }, cache.mark(), 0);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
  });
});

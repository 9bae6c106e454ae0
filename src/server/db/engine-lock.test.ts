import { describe, expect, it, vi } from 'vitest';
import { runAsLongRead } from './engine-lane';
import { EngineLock, LONG_READ_PATIENCE_MS } from './engine-lock';

/** Queues a long read and a short call behind a held lock; returns who got it first. */
async function order(waitBeforeRelease: number): Promise<string[]> {
  const lock = new EngineLock();
  const release = await lock.acquire(10_000);
  const granted: string[] = [];
  const take = (name: string) => async () => {
    const done = await lock.acquire(10_000);
    granted.push(name);
    done();
  };
  const long = runAsLongRead(take('long'));
  vi.advanceTimersByTime(waitBeforeRelease);
  const short = take('short')();
  release();
  await Promise.all([long, short]);
  return granted;
}

describe('EngineLock', () => {
  it('lets a short call go ahead of a long read that has waited less than its patience', async () => {
    vi.useFakeTimers();
    try {
      expect(await order(0)).toEqual(['short', 'long']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a long read first once it has waited its patience out', async () => {
    vi.useFakeTimers();
    try {
      expect(await order(LONG_READ_PATIENCE_MS + 1)).toEqual(['long', 'short']);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { EngineLock } from './engine-lock';

describe('EngineLock', () => {
  it('grants the engine in arrival order, maintenance only when no request waits', async () => {
    const lock = new EngineLock();
    const release = await lock.acquire(10_000);
    const granted: string[] = [];
    const take = async (name: string, idleOnly = false) => {
      const done = await (idleOnly ? lock.acquireWhenIdle() : lock.acquire(10_000));
      granted.push(name);
      done();
    };
    const all = Promise.all([take('maintenance', true), take('first'), take('second')]);
    release();
    await all;
    expect(granted).toEqual(['first', 'second', 'maintenance']);
  });

  it('refuses with SERVER_BUSY a request that waited past its bound, and keeps serving', async () => {
    const lock = new EngineLock();
    const release = await lock.acquire(10_000);
    await expect(lock.acquire(20)).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    release();
    const next = await lock.acquire(20);
    next();
  });
});

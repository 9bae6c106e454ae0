import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('limiter', () => {
  it('never runs more than the limit at once, and runs everything', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limit(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('frees the slot when a run fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});

describe('limiter wait bound', () => {
  it('refuses with SERVER_BUSY a run that waited past the bound, and keeps serving', async () => {
    const limit = createLimiter(1, 20);
    let finish: () => void = () => undefined;
    const holding = limit(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await expect(limit(async () => 'late')).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    finish();
    await holding;
    expect(await limit(async () => 'next')).toBe('next');
  });
});

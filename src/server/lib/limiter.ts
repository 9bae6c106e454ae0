import { AppError } from '../http/errors';

/** How long a heavy read waits for a turn before the caller is told to come back (503). */
const HEAVY_READ_WAIT_MS = 10_000;

/**
 * At most `max` runs at once; the rest wait their turn, for at most `waitMs`, then are
 * refused with SERVER_BUSY (503 and Retry-After). Bounds the memory that large responses
 * take when many arrive together (each full-company answer is tens of MB) and the time a
 * heavy read can hold the embedded engine's single session away from everyone else.
 */
export function createLimiter(max: number, waitMs = HEAVY_READ_WAIT_MS) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= max) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(turn), 1);
          reject(new AppError('SERVER_BUSY', 'The server is busy. Please try again shortly.'));
        }, waitMs);
        waiting.push(turn);
      });
    }
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** One limit for the reads that scan a whole company: print list, CSV and statistics. */
export const companyScans = createLimiter(2);

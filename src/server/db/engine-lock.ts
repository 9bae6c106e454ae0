import { AppError } from '../http/errors';
import { isLongRead } from './engine-lane';

type Waiter = { grant: () => void; isIdleOnly: boolean; isLong: boolean; since: number };

/**
 * How long a long read lets short calls go ahead of it; past this it is next, so a steady
 * stream of short calls cannot starve it into the wait bound's 503.
 */
export const LONG_READ_PATIENCE_MS = 300;

/**
 * The embedded engine has one session, so one caller holds it at a time, in arrival order.
 * A request that waits longer than its bound is refused (503 with Retry-After) rather than
 * left hanging behind a queue that only grows. Maintenance asks for the engine only when
 * nobody else waits for it, so it runs between requests, never ahead of them. Long reads
 * (`runAsLongRead`) let waiting short calls go first, for up to `LONG_READ_PATIENCE_MS`.
 */
export class EngineLock {
  private held = false;
  private readonly queue: Waiter[] = [];

  acquire(waitMs: number): Promise<() => void> {
    return this.enqueue(false, waitMs);
  }

  /** Waits until the engine is free and no request is queued. */
  acquireWhenIdle(): Promise<() => void> {
    return this.enqueue(true, Number.POSITIVE_INFINITY);
  }

  get waiting(): number {
    return this.queue.filter((w) => !w.isIdleOnly).length;
  }

  private enqueue(isIdleOnly: boolean, waitMs: number): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        isIdleOnly,
        isLong: isLongRead(),
        since: performance.now(),
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser());
        },
      };
      const timer = Number.isFinite(waitMs)
        ? setTimeout(() => {
            const i = this.queue.indexOf(waiter);
            if (i < 0) return;
            this.queue.splice(i, 1);
            reject(
              new AppError('SERVER_BUSY', 'The server is busy. Please try again in a few seconds.'),
            );
          }, waitMs)
        : undefined;
      this.queue.push(waiter);
      this.dispatch();
    });
  }

  private releaser(): () => void {
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held = false;
      this.dispatch();
    };
  }

  private next(): Waiter | undefined {
    const requests = this.queue.filter((w) => !w.isIdleOnly);
    const first = requests[0];
    if (!first) return this.queue[0];
    if (!first.isLong || performance.now() - first.since >= LONG_READ_PATIENCE_MS) return first;
    return requests.find((w) => !w.isLong) ?? first;
  }

  private dispatch(): void {
    if (this.held) return;
    const next = this.next();
    if (!next) return;
    this.queue.splice(this.queue.indexOf(next), 1);
    next.grant();
  }
}

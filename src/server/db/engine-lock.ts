import { AppError } from '../http/errors';

type Waiter = { grant: () => void; isIdleOnly: boolean };

/**
 * The embedded engine has one session, so one caller holds it at a time, in arrival order.
 * A request that waits longer than its bound is refused (503 with Retry-After) rather than
 * left hanging behind a queue that only grows. Maintenance asks for the engine only when
 * nobody else waits for it, so it runs between requests, never ahead of them.
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

  private enqueue(isIdleOnly: boolean, waitMs: number): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        isIdleOnly,
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

  private dispatch(): void {
    if (this.held) return;
    const next = this.queue.find((w) => !w.isIdleOnly) ?? this.queue[0];
    if (!next) return;
    this.queue.splice(this.queue.indexOf(next), 1);
    next.grant();
  }
}

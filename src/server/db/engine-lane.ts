import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which lane a caller's statements queue in for the embedded engine's one session
 * (`EngineLock`): short calls go ahead of long reads (whole-company scans, building a
 * warehouse's answer), so a screen that needs a few milliseconds does not wait a second
 * behind a print list. Carried through the async calls of one request.
 */
const lane = new AsyncLocalStorage<'long'>();

export function runAsLongRead<T>(work: () => Promise<T>): Promise<T> {
  return lane.run('long', work);
}

export function isLongRead(): boolean {
  return lane.getStore() === 'long';
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which lane a caller's statements queue in for the embedded engine's one session
 * (`EngineLock`): short calls go ahead of long reads (whole-company scans, building a
 * warehouse's answer), so a screen that needs a few milliseconds does not wait a second
 * behind a print list. Carried through the async calls of one request.
 */
const lane = new AsyncLocalStorage<'long'>();

/** Long reads under way; with none, the lane is switched off (below). */
let longReads = 0;

/**
 * On Node 20 an AsyncLocalStorage in use installs promise hooks that tax every promise of the
 * process (about three times the cost of an await), floor writes included. Long reads are
 * rare, so the lane is disabled whenever none runs, which removes the hooks until the next
 * one (decision 0107). A continuation that outlives its long read queues as a short call.
 */
export async function runAsLongRead<T>(work: () => Promise<T>): Promise<T> {
  longReads++;
  try {
    return await lane.run('long', work);
  } finally {
    if (--longReads === 0) lane.disable();
  }
}

export function isLongRead(): boolean {
  return lane.getStore() === 'long';
}

import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the thread looks back at how busy it was. */
const CHECK_MS = 1000;
/**
 * Busy for less than this share of the last check's interval: quiet enough. At 2 % the
 * collections rarely started between a browser's page loads; 10 % gave back more (decision 0109).
 */
const IDLE_UTILIZATION = 0.1;
/** Busy time (ms) since the last collection that makes one worth starting. */
const WORK_MS = 200;

/** V8's `gc` with options; `execution: 'async'` starts an incremental collection and returns. */
type CollectGarbage = (options: { type: 'major'; execution: 'async' }) => Promise<void>;

/**
 * Starts a full collection of this thread's heap once it has been quiet for a second after
 * work, so the garbage of a burst is given back while few wait. V8's own memory reducer waits
 * 8 s after its last full collection; told to wait 1 s, it also collected under load and
 * slowed the company call (decision 0109). This one is V8's incremental collection, marking
 * in small steps between tasks, so a request arriving meanwhile is served. Returns a stop.
 */
export function collectWhenIdle(): () => void {
  // Process-wide, as in the engine thread (decision 0080): the server makes no other contexts.
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as CollectGarbage;
  // The start script's `--optimize-for-size` (embedded engine only, 0113) has sized the heaps
  // by now (decision 0094); left on, every full collection under load also compacted, holding
  // the HTTP thread up to 50 ms, and V8's helpers took 18 s of CPU a minute: it is on only for
  // the collections below (0104).
  v8.setFlagsFromString('--no-optimize-for-size');
  let last = performance.eventLoopUtilization();
  let workMs = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    workMs += since.active;
    if (since.utilization >= IDLE_UTILIZATION || workMs < WORK_MS) return;
    workMs = 0;
    // With the flag on, this collection reduces memory (compacts and gives pages back).
    v8.setFlagsFromString('--optimize-for-size');
    void collect({ type: 'major', execution: 'async' }).finally(() =>
      v8.setFlagsFromString('--no-optimize-for-size'),
    );
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * This thread's heap in MiB after a full garbage collection: what it holds
 * alive. The render worker answers a full build's listing with it (the
 * build's choice of workers, ./pool.ts), and the build's main thread
 * measures its own with it (the heaps' growth, scripts/lib/render-plan.ts);
 * the worker-heap bench prints it step by step.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function liveHeapMb(): number {
  collectGarbage();
  return Math.round(getHeapStatistics().used_heap_size / 1024 / 1024);
}

/** A full garbage collection of this thread, without starting the whole process with --expose-gc. */
export function collectGarbage(): void {
  // The flag takes effect for new contexts.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

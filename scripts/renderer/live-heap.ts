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

/** V8 12 (Node 22) and later know a collection's flavor; V8 11 (Node 20) collects nothing when given one. */
const KNOWS_GC_FLAVOR = Number(process.versions.v8.split('.')[0]) >= 12;
const LAST_RESORT = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

/**
 * A full garbage collection of this thread, without starting the whole process with --expose-gc, that also hands the
 * pages it freed back to the system. V8 12 (Node 22, production's) keeps a heap's freed pages committed for its own
 * reuse until a last-resort collection, so a worker that held the whole export kept its pages resident after letting
 * go of it; V8 11 gives them back in the background by itself (measured: docs/decisions/pages-back-after-collection.md).
 */
export function collectGarbage(): void {
  // The flag takes effect for new contexts.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: typeof LAST_RESORT) => void;
  if (KNOWS_GC_FLAVOR) gc(LAST_RESORT);
  else gc();
}

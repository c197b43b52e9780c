/**
 * The memory a publishing job may use, in MiB: BUILD_MEMORY_MB, else 2,048
 * (GitHub's 2-core runner has 7 GB; the goal is 2 GB, issue 41). A full
 * build fits its render workers in it (docs/decisions/render-workers-by-memory.md);
 * the export's command caps its JavaScript heap by it (docs/decisions/streamed-export.md).
 */

export const DEFAULT_BUILD_MEMORY_MB = 2048;

/**
 * What the export's process holds beside its JavaScript heap (Firestore's
 * stream buffers, the allocator's arenas): 100,000 therapists' export peaked
 * at 1,348 MB with a 1,024 MB heap cap, with a live heap of 876 MB.
 */
const EXPORT_BESIDE_HEAP_MB = 512;

/** The budget: `given` (an option), else BUILD_MEMORY_MB, else the default; a bad value throws. */
export function memoryBudgetMb(given: number | string | undefined = process.env.BUILD_MEMORY_MB): number {
  if (given === undefined || given === '') return DEFAULT_BUILD_MEMORY_MB;
  const budget = Number(given);
  if (!Number.isFinite(budget) || budget <= 0) throw new Error(`BUILD_MEMORY_MB must be a number of MiB (got ${String(given)}).`);
  return budget;
}

/**
 * The export's heap limit within a budget. Left alone, V8 let a full read
 * at 100,000 therapists grow to 2.6 GB, most of it the streamed documents'
 * garbage (876 MB live); told the limit, it collects as it goes.
 */
export const exportHeapMb = (budgetMb: number) => Math.max(512, budgetMb - EXPORT_BESIDE_HEAP_MB);

/**
 * The allocator setting of the processes that render the site
 * (docs/decisions/malloc-threshold.md). glibc's malloc raises its mmap
 * threshold each time a large block is freed (up to 32 MB), after which
 * blocks that size come from its arenas and stay there: a render worker's
 * export files and page bodies, freed on another thread, left the build
 * process at 2,210 MB for 1.2 GB of JavaScript heaps (shard 1/3 of
 * 10,000 × 20). With the threshold fixed at its default, 128 KiB, large
 * blocks go back to the system as they are freed: 1,201 MB, and no slower.
 * glibc reads the setting once, from the environment, as the process
 * starts: an entry that renders runs itself again with it when it is missing
 * (and with V8's heap limit, when it asks for one that is not in force).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { getHeapStatistics } from 'node:v8';

export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** Set in a command run again: the pid of the process that ran it (a process it starts in turn is checked afresh). */
const RUN_AGAIN_BY = 'MALLOC_TUNING_RUN_BY';

/** What V8 adds to the old space's limit in its heap limit: the young generation (48 MiB on Node 20). */
const YOUNG_GENERATION_MB = 64;

/** Whether V8's heap limit is `heapMb` or less already (given on the command line or in NODE_OPTIONS). */
const heapLimitWithin = (heapMb: number) => getHeapStatistics().heap_size_limit / 2 ** 20 <= heapMb + YOUNG_GENERATION_MB;

/**
 * Returns at once where the setting is in force (or means nothing: not
 * Linux) and so is `heapMb`, V8's old-space limit, when given; otherwise
 * runs this same command again with both, passes signals on, and ends this
 * process as that one ends (never returns). A process started by another
 * tuned one inherits the setting, not the limit: it still runs again, or an
 * export started by the bench would read 100,000 therapists with no limit
 * (2,822 MB against 1,679 MB, the same seed).
 */
export async function runWithTunedMalloc({ heapMb }: { heapMb?: number } = {}): Promise<void> {
  // The command run again never runs again itself, whatever V8 made of the limit.
  if (process.platform !== 'linux' || process.env[RUN_AGAIN_BY] === String(process.ppid)) return;
  const tuned = process.env.MALLOC_MMAP_THRESHOLD_ !== undefined;
  const heapInForce = heapMb === undefined || heapLimitWithin(heapMb);
  if (tuned && heapInForce) return;
  const heap = heapInForce ? [] : [`--max-old-space-size=${Math.round(heapMb!)}`];
  const child = spawn(process.execPath, [...process.execArgv, ...heap, ...process.argv.slice(1)], {
    stdio: 'inherit',
    // A setting of the process's own (an operator's, a bench's) stays as it is.
    env: { ...MALLOC_ENV, ...process.env, [RUN_AGAIN_BY]: String(process.pid) },
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  // A terminal's Ctrl+C reaches both processes; the child decides, this one waits for it.
  for (const signal of signals) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1));
}

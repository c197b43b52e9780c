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
 * starts: an entry that renders runs itself again with it when it is missing.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * Returns at once where the setting is in force (or means nothing: not
 * Linux); otherwise runs this same command again with it (and with
 * `heapMb`, V8's old-space limit), passes signals on, and ends this
 * process as that one ends (never returns).
 */
export async function runWithTunedMalloc({ heapMb }: { heapMb?: number } = {}): Promise<void> {
  if (process.platform !== 'linux' || process.env.MALLOC_MMAP_THRESHOLD_ !== undefined) return;
  const heap = heapMb === undefined ? [] : [`--max-old-space-size=${Math.round(heapMb)}`];
  const child = spawn(process.execPath, [...process.execArgv, ...heap, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...MALLOC_ENV },
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

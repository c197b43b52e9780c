/**
 * The memory of a whole build as the machine carries it: the build process
 * (its render workers are threads of it) and its Pagefind service (a
 * process of its own, which GNU time does not see) added together, sampled
 * while the build runs. The sum of their two peaks would overstate it (they
 * need not peak at once); either peak alone would understate it.
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mib } from '../renderer/heap-trace';

/** Sampling period: a peak shorter than this may be missed. */
const EVERY_MS = 200;

/** A process's status field in MiB (`VmRSS`, `VmHWM`), or undefined once it has gone. */
function statusMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${field}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * The pid of this process's Pagefind service (scripts/lib/search-index-writer.ts),
 * if one runs. GNU time, which counts the children a process waited for, does not see it.
 */
export function pagefindPid(): number | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (/^Name:\s*pagefind/m.test(status) && new RegExp(`^PPid:\\s*${process.pid}$`, 'm').test(status)) return Number(pid);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return undefined;
}

/** The largest memory seen, in MiB: the build process and its Pagefind service together, each alone, and the main thread's heap. */
export interface BuildMemory {
  whole: number;
  build: number;
  pagefind: number;
  /** The build process's own JavaScript heap (its main thread's; the render workers' are their own). */
  mainHeap: number;
  /** What made up `whole` when it was seen: the build process, Pagefind, the main thread's heap (used), seconds in. */
  wholeAt: { build: number; pagefind: number; mainHeap: number; second: number };
}

/**
 * Starts sampling; `stop()` ends it and gives the peaks. A full build stops
 * its Pagefind service after each part of the index and starts another
 * (scripts/lib/search-index-writer.ts): the service is looked for again
 * once the one sampled has gone, and its peak (VmHWM) read while it lives.
 */
export function sampleBuildMemory({ traceFile }: { traceFile?: string } = {}): { stop: () => BuildMemory } {
  const started = performance.now();
  const peak: BuildMemory = { whole: 0, build: 0, pagefind: 0, mainHeap: 0, wholeAt: { build: 0, pagefind: 0, mainHeap: 0, second: 0 } };
  let pagefind: number | undefined;
  let samples = 0;
  // The start's clock time: a render worker's trace (MEMORY_TRACE_WORKERS, scripts/renderer/heap-trace.ts) is in clock seconds.
  if (traceFile)
    writeFileSync(
      traceFile,
      `# started ${(Date.now() / 1000).toFixed(0)}\nsecond build_mb pagefind_mb main_heap_mb main_heap_total_mb main_array_buffers_mb\n`,
    );
  const sample = () => {
    pagefind ??= pagefindPid();
    const service = pagefind === undefined ? 0 : statusMb(pagefind, 'VmRSS');
    if (pagefind !== undefined) peak.pagefind = Math.max(peak.pagefind, statusMb(pagefind, 'VmHWM') ?? 0);
    if (service === undefined) pagefind = undefined;
    const build = statusMb('self', 'VmRSS') ?? 0;
    const usage = process.memoryUsage();
    const mainHeap = usage.heapUsed / 2 ** 20;
    const second = (performance.now() - started) / 1000;
    const now = {
      build: Math.round(build),
      pagefind: Math.round(service ?? 0),
      mainHeap: Math.round(mainHeap),
      second: Math.round(second),
    };
    peak.build = Math.max(peak.build, build);
    if (build + (service ?? 0) > peak.whole) {
      peak.whole = build + (service ?? 0);
      peak.wholeAt = now;
    }
    peak.mainHeap = Math.max(peak.mainHeap, mainHeap);
    // One line in 25 (every 5 s): enough to see the phases of a build that takes minutes.
    if (traceFile && samples++ % 25 === 0)
      appendFileSync(
        traceFile,
        `${now.second} ${now.build} ${now.pagefind} ${now.mainHeap} ${mib(usage.heapTotal)} ${mib(usage.arrayBuffers)}\n`,
      );
  };
  const timer = setInterval(sample, EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      const { whole, build, pagefind, mainHeap, wholeAt } = peak;
      return {
        whole: Math.round(whole),
        build: Math.round(build),
        pagefind: Math.round(pagefind),
        mainHeap: Math.round(mainHeap),
        wholeAt,
      };
    },
  };
}

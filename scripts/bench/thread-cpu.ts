/**
 * Where a full build's CPU went, from Linux's per-thread counters
 * (/proc/{pid}/task/{tid}/stat): the render workers, the main thread (it
 * writes the files and feeds Pagefind), the other threads of the build
 * process (V8's garbage-collection helpers and libuv's file-system pool)
 * and the Pagefind processes. On two cores these add up to what the wall
 * time can be at best (docs/performance.md, "Full build, 10,000 therapists: CPU").
 */
import { readdirSync, readFileSync } from 'node:fs';

/** /proc counts CPU time in clock ticks of 1/100 s (USER_HZ) on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * User plus system seconds of a /proc stat line (fields 14 and 15; the name
 * in parentheses may hold spaces), or with `children` those of its children
 * that ended and were waited for (fields 16 and 17).
 */
function cpuSeconds(statLine: string, children = false): number {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  const at = children ? 13 : 11;
  return (Number(fields[at]) + Number(fields[at + 1])) / TICKS_PER_SECOND;
}

const readStat = (file: string, children = false) => {
  try {
    return cpuSeconds(readFileSync(file, 'utf8'), children);
  } catch {
    return 0; // A thread or process that ended meanwhile.
  }
};

export interface BuildCpu {
  renderWorkers: number;
  main: number;
  otherThreads: number;
  pagefind: number;
}

/**
 * The CPU seconds of this process by kind of thread, and of its Pagefind
 * children (the live one, `pagefindPid`, and those that ended). The render workers are the `workers` busiest
 * threads after the main one: each renders for minutes, where a garbage
 * collection helper or a file-system thread works for seconds. Call it
 * while the workers are alive (they stay warm until the process exits).
 */
export function buildCpu(workers: number, pagefindPid: number | undefined): BuildCpu {
  const pid = process.pid;
  const threads = readdirSync(`/proc/${pid}/task`)
    .filter((tid) => Number(tid) !== pid)
    .map((tid) => readStat(`/proc/${pid}/task/${tid}/stat`))
    .sort((a, b) => b - a);
  const main = readStat(`/proc/${pid}/task/${pid}/stat`);
  const renderWorkers = threads.slice(0, workers).reduce((sum, seconds) => sum + seconds, 0);
  // The process's own counters include threads that have ended.
  const otherThreads = readStat(`/proc/${pid}/stat`) - main - renderWorkers;
  // The service stops after each part of the index (scripts/lib/search-index-writer.ts): those that ended are this
  // process's children waited for (a full build starts no other).
  const pagefind = (pagefindPid === undefined ? 0 : readStat(`/proc/${pagefindPid}/stat`)) + readStat(`/proc/${pid}/stat`, true);
  return { renderWorkers, main, otherThreads, pagefind };
}

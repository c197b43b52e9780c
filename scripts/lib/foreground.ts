/**
 * Work that puts a save live comes first. While any foreground task runs
 * (a publishing cycle: its export and its build), the commands started in
 * the background (the full-text indexer, scripts/lib/search-index.ts) are
 * paused (SIGSTOP), and they go on (SIGCONT) once the last one is done.
 * `nice` alone was not enough: at 10,000 therapists a cycle beside a
 * running Pagefind took 8–13 s, and 5–7.5 s without it (disk and memory
 * are not shared out by priority). Under a steady stream of saves the
 * index therefore waits for a quiet moment; the pages never do.
 */
import type { ChildProcess } from 'node:child_process';
import { run, type RunOptions } from './run';

const background = new Set<ChildProcess>();
let foreground = 0;

function signal(child: ChildProcess, name: 'SIGSTOP' | 'SIGCONT'): void {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
}

/** Runs `task` with the background commands paused (tasks may overlap: they resume after the last). */
export async function inForeground<T>(task: () => Promise<T>): Promise<T> {
  if (foreground++ === 0) background.forEach((child) => signal(child, 'SIGSTOP'));
  try {
    return await task();
  } finally {
    if (--foreground === 0) background.forEach((child) => signal(child, 'SIGCONT'));
  }
}

/** run(), paused whenever foreground work runs (from its start, if some is running then). */
export function runInBackground(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  let started: ChildProcess | undefined;
  const done = run(command, args, {
    ...options,
    onSpawn: (child) => {
      started = child;
      background.add(child);
      if (foreground > 0) signal(child, 'SIGSTOP');
      options.onSpawn?.(child);
    },
  });
  const forget = () => void (started && background.delete(started));
  done.then(forget, forget);
  return done;
}

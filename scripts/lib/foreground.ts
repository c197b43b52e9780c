/**
 * Work that puts a save live comes first. While any foreground task runs
 * (a publishing cycle: its export and its build), the commands started in
 * the background (the full-text indexer, scripts/lib/search-index.ts) are
 * paused (SIGSTOP), and they go on (SIGCONT) once the machine has been
 * quiet for a settling time after the last one. `nice` alone was not
 * enough: at 10,000 therapists a cycle beside a running Pagefind took
 * 8–13 s, and 5–7.5 s without it (disk and memory are not shared out by
 * priority). Work that may wait in-process (the 推し alerts) asks for the
 * same quiet moment. Under a steady stream of saves the background waits;
 * the pages never do.
 */
import type { ChildProcess } from 'node:child_process';
import { run, type RunOptions } from './run';

/**
 * How long after the last foreground task the live loop counts as quiet: a
 * save made as a cycle ends reaches the change watcher 2–4 s later on the
 * emulator at 10,000 × 20, and its cycle should not find the background
 * woken meanwhile (Pagefind, or alerts writing to the same emulator).
 */
export const SETTLE_MS = 5_000;

export class Foreground {
  #settleMs: number;
  readonly #background = new Set<ChildProcess>();
  #running = 0;
  /** When the last foreground task ended (never: quiet from the start). */
  #idleSince = -Infinity;
  #resume: NodeJS.Timeout | undefined;

  constructor(settleMs: number) {
    this.#settleMs = settleMs;
  }

  /**
   * A process whose saves come in streams (the live loop) waits this long
   * after each task before it counts as quiet. A one-shot build has no next
   * save to make room for: it keeps 0 and indexes at once.
   */
  settleAfterEachTask(settleMs: number): void {
    this.#settleMs = settleMs;
  }

  /** Runs `task` with the background paused (tasks may overlap: the background goes on after the last, once settled). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    clearTimeout(this.#resume);
    if (this.#running++ === 0) this.#background.forEach((child) => signal(child, 'SIGSTOP'));
    try {
      return await task();
    } finally {
      if (--this.#running === 0) {
        this.#idleSince = Date.now();
        this.#resumeWhenQuiet();
      }
    }
  }

  /** run() from ./run, paused whenever the machine is not quiet (from its start, if it is not then). */
  runInBackground(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
    let started: ChildProcess | undefined;
    const done = run(command, args, {
      ...options,
      onSpawn: (child) => {
        started = child;
        this.#background.add(child);
        if (!this.#quietNow()) {
          signal(child, 'SIGSTOP');
          if (this.#running === 0) this.#resumeWhenQuiet();
        }
        options.onSpawn?.(child);
      },
    });
    const forget = () => void (started && this.#background.delete(started));
    done.then(forget, forget);
    return done;
  }

  /** Resolves once the machine is quiet (no foreground task for the settling time), or after `maxMs` whatever it is doing. */
  async quiet(maxMs: number): Promise<void> {
    const deadline = Date.now() + maxMs;
    for (let now = Date.now(); now < deadline && !this.#quietNow(); now = Date.now()) {
      const wait = this.#running > 0 ? POLL_MS : this.#idleSince + this.#settleMs - now;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, deadline - now)));
    }
  }

  #resumeWhenQuiet(): void {
    clearTimeout(this.#resume);
    const resume = () => this.#background.forEach((child) => signal(child, 'SIGCONT'));
    this.#resume = setTimeout(resume, this.#idleSince + this.#settleMs - Date.now());
    // The pause is no reason to keep a finished process alive.
    this.#resume.unref();
  }

  #quietNow(): boolean {
    return this.#running === 0 && Date.now() - this.#idleSince >= this.#settleMs;
  }
}

/** How often quiet() looks again while a foreground task runs. */
const POLL_MS = 100;

function signal(child: ChildProcess, name: 'SIGSTOP' | 'SIGCONT'): void {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
}

/** This process's foreground: its cycles and builds, its indexer and its alerts share it. */
export const foreground = new Foreground(0);

/**
 * The publishing loop's queue (scripts/lib/live-site.ts): cycles run one
 * at a time, and requests that come while a cycle waits to start join it,
 * so one cycle reads them all. Three saves in a row made three cycles, the
 * last with nothing new, and a save behind them waited for all three.
 */
export interface CycleRequest {
  /** Why, for the log: the reasons of the requests that joined, in order. */
  reasons: string[];
  /** Build even without a public change (a new Tokyo day). */
  everyDay: boolean;
}

export class CycleQueue {
  readonly #run: (cycle: CycleRequest) => Promise<void>;
  #queue: Promise<void> = Promise.resolve();
  #waiting: (CycleRequest & { done: Promise<void> }) | undefined;

  /** `run` must not reject (a failed cycle is logged by it, and the next one still runs). */
  constructor(run: (cycle: CycleRequest) => Promise<void>) {
    this.#run = run;
  }

  /** Runs a cycle after the current one; resolves when the cycle that took this request is done. */
  request(reason: string, everyDay = false): Promise<void> {
    const waiting = this.#waiting;
    if (waiting) {
      if (!waiting.reasons.includes(reason)) waiting.reasons.push(reason);
      waiting.everyDay ||= everyDay;
      return waiting.done;
    }
    const cycle: CycleRequest & { done: Promise<void> } = { reasons: [reason], everyDay, done: Promise.resolve() };
    cycle.done = this.#queue = this.#queue.then(() => {
      // Started: what comes from now on needs the next cycle.
      if (this.#waiting === cycle) this.#waiting = undefined;
      return this.#run(cycle);
    });
    this.#waiting = cycle;
    return cycle.done;
  }

  /** Runs `task` after the cycles queued so far (the first build, which is not a request). */
  after(task: () => Promise<void>): Promise<void> {
    const done = this.#queue.then(task);
    this.#queue = done.catch(() => undefined);
    return done;
  }
}

/**
 * The publishing loop's queue (scripts/lib/live-site.ts): cycles run one
 * at a time, and requests that come while a cycle waits to start join it,
 * so one cycle reads them all. Three saves in a row made three cycles, the
 * last with nothing new, and a save behind them waited for all three.
 * The erasure of requests to leave runs on one too
 * (scripts/accounts/erase-requested.ts).
 */
export interface CycleRequest {
  /** Why, for the log: the reasons of the requests that joined, in order. */
  reasons: string[];
  /** Build even without a public change (a new Tokyo day). */
  everyDay: boolean;
  /** The source collections the requests name as changed; null when any request did not say (read them all). */
  collections: Set<string> | null;
}

export interface RequestOptions {
  everyDay?: boolean;
  /** What changed, when the requester knows (the change watcher); omitted: anything may have. */
  collections?: Iterable<string>;
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
  request(reason: string, { everyDay = false, collections }: RequestOptions = {}): Promise<void> {
    const waiting = this.#waiting;
    if (waiting) {
      if (!waiting.reasons.includes(reason)) waiting.reasons.push(reason);
      waiting.everyDay ||= everyDay;
      if (!collections) waiting.collections = null;
      else for (const name of collections) waiting.collections?.add(name);
      return waiting.done;
    }
    const cycle: CycleRequest & { done: Promise<void> } = {
      reasons: [reason],
      everyDay,
      collections: collections ? new Set(collections) : null,
      done: Promise.resolve(),
    };
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

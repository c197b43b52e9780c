/**
 * Runs the renderer bundle (./bundle.ts) in worker threads and asks them
 * for URLs and pages. Workers stay alive between builds of one process
 * (`npm start` renders each change with warm modules, cards and fonts),
 * but never keep it alive: a worker is referenced only while it has work.
 */
import os from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ExportSlices } from '../../src/data/owner-slices';
import type { RendererBundle } from './bundle';
import type { CycleContext, Rendered, RendererRequestBody, RendererResponse, RendererWorkerData } from './protocol';

/** URLs a worker renders per message: large enough to keep it busy, small enough to bound memory. */
const BATCH = 48;

/**
 * The render workers' nice value: they yield the cores to the build's main
 * thread and to Pagefind's service. A full build's render is bound by
 * Pagefind's chain of parts, each taken in on one thread: sharing the cores
 * evenly, Pagefind got about half of one while the workers rendered, and
 * once no page outside the index was left to render, its last parts ran
 * alone on one core (about 20 s of one idle core at 10,000 therapists).
 * Yielding, Pagefind runs at a full core and the workers fill the rest:
 * 106–114 s against 119–132 s (docs/performance.md). The workers are the
 * only threads that lower their priority (Linux's nice is per thread), and
 * a thread cannot raise it again, so it holds for their life: alone on a
 * machine, as in production, this costs nothing.
 */
export const RENDER_WORKER_NICE = 10;

type Pending = { resolve: (response: RendererResponse) => void; reject: (error: Error) => void };

class RendererWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  failure: Error | undefined;

  constructor(entry: string) {
    // The bundle renders React's production build and must not see test or development modes.
    const workerData: RendererWorkerData = { theralinkRenderer: true, nice: RENDER_WORKER_NICE };
    this.#worker = new Worker(entry, { workerData, env: { ...process.env, NODE_ENV: 'production' } });
    this.#worker.unref();
    this.#worker.on('message', (response: RendererResponse) => {
      const pending = this.#pending.get(response.id);
      this.#pending.delete(response.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (response.type === 'error') pending?.reject(new Error(`The renderer failed:\n${response.message}`));
      else pending?.resolve(response);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The renderer worker exited (code ${code}).`)));
  }

  ask<T extends RendererRequestBody['type']>(
    request: Extract<RendererRequestBody, { type: T }>,
  ): Promise<Extract<RendererResponse, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.#nextId;
    this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (response: RendererResponse) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  get busy(): boolean {
    return this.#pending.size > 0;
  }

  terminate(): Promise<number> {
    return this.#worker.terminate();
  }
}

/**
 * Hands out the URLs to render, a batch of at most `size` at a time, until
 * undefined. It may wait (on the answers of batches handed out before: it
 * is never awaited before the answers in hand are handled), and must stop
 * waiting once `stop` is aborted (a render failed: those answers may never come).
 */
export type UrlSource = (size: number, stop: AbortSignal) => Promise<string[] | undefined>;

export interface RendererPool {
  /** Every URL of the site for this cycle's export. */
  urls(context: CycleContext): Promise<string[]>;
  /** The same for a full build, which lists its export once, with those of them that answer with a redirect. */
  fullBuildUrls(context: CycleContext): Promise<{ urls: string[]; redirects: string[] }>;
  /**
   * Every worker drops what only the sharded JSON endpoints read (a full build, once it has rendered
   * them); resolves to the largest live heap left, in MiB (workersWithin; a full garbage collection,
   * about a second at scale).
   */
  dropEndpointData(): Promise<number>;
  /** The largest live heap of the workers, in MiB (a full garbage collection each). */
  liveHeapMb(): Promise<number>;
  /**
   * The pool's workers from `first` on (`count` of them, else all the rest) let go of the export they hold (a full
   * build's): those with nothing to render for a while, or those about to render another export, keeping parsed the
   * files it shares with the one held (`keepFilesOf`: its folder; hard links). Resolves to the largest live heap left
   * among them, in MiB (a full garbage collection each).
   */
  releaseExports(workers: { first: number; count?: number }, keepFilesOf?: string): Promise<number>;
  /**
   * The export of `context` cut by owner into `root`, a slice per directory part of the index (`profileParts`: each
   * part's profile URLs) and one per `stores` part (`storeParts`: each part's URLs), written by the worker that listed
   * it (a full build): each slice's folder and pages (src/data/owner-slices.ts).
   */
  ownerSlices(context: CycleContext, root: string, profileParts: string[][], storeParts: string[][]): Promise<ExportSlices>;
  /**
   * Renders `urls` (a list, or a source that decides the order as the
   * render goes), handing each batch of answers to `onResults` as it
   * arrives (in no particular order); `parallel` workers at most.
   */
  render(
    context: CycleContext,
    urls: readonly string[] | UrlSource,
    onResults: (results: Rendered[]) => Promise<void>,
    parallel?: number,
  ): Promise<void>;
}

const pools = new Map<string, RendererWorker[]>();

/**
 * How far V8 lets a heap grow past what survived its last full collection,
 * in percent, where memory binds. Rendering makes much short-lived garbage,
 * and by default each worker's heap grew to three or four times its live
 * data: at 10,000 therapists 500–700 MB a worker for some 170 MB live,
 * 2.0 GB for the build process. At 50 % it peaked at 1.2 GB for a few more
 * seconds of collecting. At 30 %, at 100,000 × 0, the one worker's heap
 * stayed within 810–850 MB for 573 MB live, the build process some 110 MB
 * below 50 %'s, in the same time (docs/decisions/render-workers-by-memory.md).
 * Relative to the live data, unlike a fixed heap limit, so a larger site
 * gets a larger heap rather than a worker out of memory. A V8 flag is one
 * per process (a worker cannot have its own), read at each full collection:
 * set before the first worker starts, raised for a full build's render
 * where its budget has room (heapGrowthWithin), and set back after it.
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * The most a full build lets its heaps grow where its memory budget has
 * room. The tight growth is paid in CPU where the cores are full: every 30 %
 * of growth a worker marks its whole heap again, on V8's helper threads. At
 * 10,000 × 0 those threads used 70–73 s of the build's 280–290 s of CPU at
 * 30 %, 46–48 s at 100 % and 40 s at 200 %; the build took 146–153 s,
 * 138–139 s and 128.6 s (V8's own choice: 139.6 s), one after the other on
 * one hour, the whole build at 1,130–1,150, 1,234–1,240 and 1,375 MB
 * (docs/decisions/heap-growth-by-budget.md).
 */
const ROOMY_HEAP_GROWING_PERCENT = 200;

/**
 * The growth where the memory budget already held a full build to fewer
 * workers than cores (100,000 × 0 on 2 GB: one worker over the whole
 * export). Memory is what binds there, and the core the budget leaves
 * unused takes the extra marking on V8's helper threads. At 100,000 × 0
 * the whole export's part peaked at 1,751 MB against 1,891 MB at 30 %,
 * one run after the other (docs/decisions/heap-growth-by-budget.md).
 */
export const HELD_HEAP_GROWING_PERCENT = 15;

/**
 * A worker's live heap while it renders, against what it holds once it
 * dropped the endpoints' data: at 100,000 × 0 its heap reached 810–850 MB
 * for 573 MB at 30 % growth, 1.14 times the 745 MB that growth allows for.
 */
const LIVE_WHILE_RENDERING = 1.15;

let heapGrowthSet = false;

function workersOf(bundle: RendererBundle, count: number): RendererWorker[] {
  // Other code versions' idle workers are done for (a build still using one keeps it).
  for (const [entry, workers] of pools) {
    if (entry === bundle.entry) continue;
    const busy = workers.filter((worker) => worker.busy);
    for (const worker of workers) if (!worker.busy) void worker.terminate();
    if (busy.length > 0) pools.set(entry, busy);
    else pools.delete(entry);
  }
  const workers = (pools.get(bundle.entry) ?? []).filter((worker) => !worker.failure);
  if (!heapGrowthSet) {
    setHeapGrowth(HEAP_GROWING_PERCENT);
    heapGrowthSet = true;
  }
  while (workers.length < count) workers.push(new RendererWorker(bundle.entry));
  pools.set(bundle.entry, workers);
  return workers.slice(0, count);
}

/** How many workers a build of `urls` pages uses: one for a few pages, one per core (up to 2) for a whole site. */
export function workerCount(urls: number): number {
  return urls > 400 ? Math.max(1, Math.min(2, os.availableParallelism())) : 1;
}

/**
 * What a full build holds besides its render workers' heaps, in MiB: the
 * main thread's heap, the threads' code and native memory, and Pagefind's
 * service writing its largest part (src/lib/search/index-parts.ts bounds
 * it). Measured as the whole build's peak less the workers' heaps at their
 * largest: about 1,070 MB at 10,000 × 20, 1,220 MB at 100,000 × 0
 * (docs/decisions/render-workers-by-memory.md).
 */
const BESIDE_WORKERS_MB = 1100;

/**
 * How many render workers a full build can run within `budgetMb` of
 * memory (the build process and Pagefind's together), given the live heap
 * of the worker that listed the URLs and rendered the JSON endpoints, once
 * it dropped what only those read: each worker comes to hold what that one
 * holds (the whole listed export and what the other pages derive from it), and
 * its heap may grow by HEAP_GROWING_PERCENT of that between collections.
 * One per core while they fit; never fewer than one.
 */
export function workersWithin(budgetMb: number, liveHeapMb: number, cores = workerCount(Infinity)): number {
  const perWorker = liveHeapMb * (1 + HEAP_GROWING_PERCENT / 100);
  let workers = Math.max(1, cores);
  while (workers > 1 && BESIDE_WORKERS_MB + workers * perWorker > budgetMb) workers--;
  return workers;
}

/** The live heaps a full build's heap growth is chosen from (heapGrowthWithin), in MiB. */
export interface RenderHeaps {
  /** The largest live heap of a render worker, and how many render. */
  workerMb: number;
  workers: number;
  /** The build's main thread: the flag is one per process, so its heap grows by the same percent. */
  mainMb: number;
}

/**
 * How far a full build's heaps may grow while its workers render (percent,
 * setHeapGrowth): as far as the budget leaves room for beside what runs
 * beside the workers, every heap the flag grows (the workers' and the main
 * thread's) counted at LIVE_WHILE_RENDERING times its live heap, between
 * HEAP_GROWING_PERCENT and ROOMY_HEAP_GROWING_PERCENT. A build whose memory
 * already held it to fewer workers than cores grows tighter still
 * (HELD_HEAP_GROWING_PERCENT) until its owner slices, which ask again with
 * what a slice leaves a worker holding (scripts/lib/render-plan.ts). At 100,000 × 0 the main thread
 * holds 820,000 page records: with the workers' heaps alone counted, the
 * slices grew at 200 % and the whole build peaked at 2,019 MB in their part
 * (docs/decisions/heap-growth-by-budget.md).
 */
export function heapGrowthWithin(budgetMb: number, heaps: RenderHeaps, cores = workerCount(Infinity)): number {
  if (heaps.workers < cores) return HELD_HEAP_GROWING_PERCENT;
  const growing = (heaps.workers * heaps.workerMb + heaps.mainMb) * LIVE_WHILE_RENDERING;
  const room = (budgetMb - BESIDE_WORKERS_MB) / growing - 1;
  return Math.max(HEAP_GROWING_PERCENT, Math.min(ROOMY_HEAP_GROWING_PERCENT, Math.floor(room * 100)));
}

/** Sets how far every heap of this process may grow (HEAP_GROWING_PERCENT), from its next full collection. */
export function setHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** A list's URLs in order, as a source (which lets go of the list once it has handed out every URL). */
export function listSource(list: readonly string[]): UrlSource {
  let urls = list;
  let at = 0;
  return async (size) => {
    if (at >= urls.length) {
      urls = [];
      return undefined;
    }
    at += size;
    return urls.slice(at - size, at);
  };
}

/**
 * The results of `batch`, each naming its URL by this thread's string rather than the copy the worker's answer
 * brought (the results come in the batch's order): a full build keeps a record per URL, and a second string for each
 * was 3.5 MB of the main thread's live heap at the end of a 10,000-therapist build (85,045 pages), growing with the
 * page count.
 */
export function withOwnUrls(results: Rendered[], batch: readonly string[]): Rendered[] {
  if (results.length !== batch.length) throw new Error(`The renderer answered ${results.length} pages for ${batch.length} URLs.`);
  for (const [at, result] of results.entries()) {
    if (result.url !== batch[at]) throw new Error(`The renderer answered ${result.url} in the place of ${batch[at]}.`);
    result.url = batch[at];
  }
  return results;
}

/**
 * Asks the pool's live workers (from `first` on, `count` of them or all the rest) for their live heap after the
 * request's work, and answers with the largest, in MiB.
 */
async function largestAnswer(
  bundle: RendererBundle,
  request: { type: 'drop-endpoint-data' | 'live-heap' } | { type: 'release-export'; keepFilesOf?: string },
  { first, count }: { first: number; count?: number } = { first: 0 },
): Promise<number> {
  const workers = (pools.get(bundle.entry) ?? [])
    .filter((worker) => !worker.failure)
    .slice(first, count === undefined ? undefined : first + count);
  const answers = await Promise.all(workers.map((worker) => worker.ask(request)));
  return Math.max(0, ...answers.map((answer) => answer.liveHeapMb));
}

export function rendererPool(bundle: RendererBundle): RendererPool {
  return {
    async urls(context) {
      const [worker] = workersOf(bundle, 1);
      return (await worker!.ask({ type: 'urls', context })).urls;
    },
    async fullBuildUrls(context) {
      const [worker] = workersOf(bundle, 1);
      const { urls, redirects = [] } = await worker!.ask({ type: 'urls', context, fullBuild: true });
      return { urls, redirects };
    },
    dropEndpointData: () => largestAnswer(bundle, { type: 'drop-endpoint-data' }),
    liveHeapMb: () => largestAnswer(bundle, { type: 'live-heap' }),
    releaseExports: (workers, keepFilesOf) => largestAnswer(bundle, { type: 'release-export', keepFilesOf }, workers),
    async ownerSlices(context, root, profileParts, storeParts) {
      const [worker] = workersOf(bundle, 1);
      return (await worker!.ask({ type: 'owner-slices', context, root, profileParts, storeParts })).slices;
    },
    async render(context, urls, onResults, parallel) {
      const source = typeof urls === 'function' ? urls : listSource(urls);
      const workers = parallel ?? (typeof urls === 'function' ? workerCount(Infinity) : workerCount(urls.length));
      const failed = new AbortController();
      const next = async () => (failed.signal.aborted ? undefined : await source(BATCH, failed.signal));
      const ask = (worker: RendererWorker, batch: string[]) =>
        worker.ask({ type: 'render', context, urls: batch }).then(({ results }) => withOwnUrls(results, batch));
      const askNext = (worker: RendererWorker) => next().then((batch) => batch && ask(worker, batch));
      // Each worker has its next batch in hand while the build writes the previous one.
      const loop = async (worker: RendererWorker) => {
        let inFlight: Promise<Rendered[] | undefined> = askNext(worker);
        try {
          for (let results = await inFlight; results; results = await inFlight) {
            inFlight = askNext(worker);
            // A failed write must not leave the worker's next answer unhandled.
            inFlight.catch(() => undefined);
            await onResults(results);
          }
        } catch (error) {
          failed.abort();
          // The batch in hand is finished before the build cleans up (it reads the export being removed).
          await inFlight.catch(() => undefined);
          throw error;
        }
      };
      const batches = typeof urls === 'function' ? Infinity : Math.ceil(urls.length / BATCH);
      const loops = workersOf(bundle, Math.max(1, Math.min(workers, batches))).map(loop);
      // Every worker stops before the build goes on (or cleans up after a failure).
      const outcomes = await Promise.allSettled(loops);
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };
}

/** Stops every renderer worker of this process (tests; a process may also just exit). */
export async function closeRenderers(): Promise<void> {
  const workers = [...pools.values()].flat();
  pools.clear();
  await Promise.all(workers.map((worker) => worker.terminate()));
}

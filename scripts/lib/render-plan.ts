/**
 * The render of a build's plan (./build-plan.ts). A generation copied from
 * the live one renders the plan's pages on as many workers as they need.
 * An empty one (a full build, a shard) renders the sharded JSON endpoints
 * first, on the worker that listed them and so holds the search indexes
 * they serve; every worker then drops those indexes, which no other page
 * reads, and the rest renders on as many workers as the memory allows
 * (workersWithin), their heaps growing as far as it has room for
 * (heapGrowthWithin), each part of the full-text index written on the way
 * (./indexed-render.ts). Where the memory holds the whole export to fewer
 * workers than there are cores, the list pages render from slices holding
 * only the collections they show (the /blogs archive's parts of the index
 * with them), and each store's page and each therapist's
 * pages come last, from their slice of the export, a `stores` or directory
 * part of the index at a time, on every core (src/data/owner-slices.ts,
 * docs/decisions/render-workers-by-memory.md),
 * their heaps growing, after the first slice, as far as the budget has room
 * for beside what a slice leaves them holding.
 */
import { rm } from 'node:fs/promises';
import { indexPartKindOf, isIndexEndpoint } from '../../src/data/site-pages';
import { partitionOnly, searchPartKind, type IndexPartKind, type SearchPart, type SearchPartition } from '../../src/lib/search/index-parts';
import { HEAP_GROWING_PERCENT, heapGrowthWithin, setHeapGrowth, workerCount, workersWithin, type RendererPool } from '../renderer/pool';
import { liveHeapMb } from '../renderer/live-heap';
import type { CycleContext, Rendered } from '../renderer/protocol';
import type { OwnerSlice } from '../../src/data/owner-slices';
import type { BuildPlan } from './build-plan';
import { IndexedRender } from './indexed-render';
import { writeSearchPartList } from './search-index-writer';

/** What the build made of a rendered page: its file ('' where it failed) and, for a searchable page, its text. */
export interface PageOutcome {
  file: string;
  searchText?: string;
}

/** How the plan was rendered, for the build's report. */
export interface RenderedPlan {
  /** Render workers over the whole export. */
  renderWorkers: number;
  /** An empty generation's: the live heap of the worker that listed the URLs, once it dropped the endpoints' data (MiB). */
  workerHeapMb: number;
  /** Pages rendered from owner slices, on `sliceWorkers` workers (0 and 0 when none were). */
  ownerSlicePages: number;
  /** Pages rendered from list slices, on `renderWorkers` workers (0 when none were). */
  listSlicePages: number;
  sliceWorkers: number;
  /** How far the heaps could grow between full collections while the whole export rendered (percent: setHeapGrowth). */
  heapGrowthPercent: number;
  /**
   * The largest live heap of a worker once the first owner slice rendered (MiB), and how far the heaps could grow
   * while the last slice rendered (the room is measured again before each): 0 and the whole export's growth where no
   * slice followed another.
   */
  sliceWorkerHeapMb: number;
  sliceHeapGrowthPercent: number;
}

export interface RenderPlanOptions {
  pool: RendererPool;
  context: CycleContext;
  plan: BuildPlan;
  /** Handles each rendered page (writes it, keeps its record) and says what it made of it. */
  handle: (result: Rendered) => Promise<PageOutcome>;
  /** An empty generation's parts of the full-text index (a shard's own), written into `indexDir` as the pages come. */
  parts?: SearchPartition;
  indexDir: string;
  /** The memory the build may use (MiB): how many workers render over the whole export. */
  memoryBudgetMb: number;
  /** The main thread's live heap in MiB (a full collection of this thread: the heaps' growth); tests give their own. */
  mainHeapMb?: () => number;
  /** Owner slices or not (SiteBuildOptions' ownerSlices); as the memory decides when undefined. */
  ownerSlices?: boolean;
  /** Where the owner slices are written (removed by the caller once the build is done). */
  slicesDir: string;
  /** The build's step timings: the index's parts are added, each since the render began. */
  timings: Record<string, number>;
  step: (name: string) => void;
}

export async function renderPlan(options: RenderPlanOptions): Promise<RenderedPlan> {
  const { pool, context, plan, step } = options;
  /** Handles a render's pages, handing each to `indexed`, the render's order of the index's parts, when it has one. */
  const resultsFor = (indexed?: IndexedRender) => async (results: Rendered[]) => {
    for (const result of results) {
      const { file, searchText } = await options.handle(result);
      // The parts are cut from the pages of a kind less the redirects (searchPartsOf): both sides are checked here.
      const kind = indexPartKindOf(result.url);
      if (searchText !== undefined && !kind)
        throw new Error(`${result.url} is searchable, but indexPartKindOf (src/data/site-pages.ts) does not name it.`);
      if (searchText === undefined && kind && result.status === 200)
        throw new Error(`${result.url} is not searchable, but indexPartKindOf (src/data/site-pages.ts) counts it as a page of ${kind}.`);
      // A page that failed leaves its part of the index complete without it (the build stops before the swap anyway).
      await indexed?.rendered(result.url, file, searchText);
    }
  };
  const cores = workerCount(plan.render.length);
  /** The heaps' growth while `workers` render, each holding `workerMb` live, beside the main thread's heap now. */
  const growthFor = (workerMb: number, workers: number) =>
    heapGrowthWithin(options.memoryBudgetMb, { workerMb, workers, mainMb: (options.mainHeapMb ?? liveHeapMb)() }, cores);
  if (plan.from === 'live') {
    await pool.render(context, plan.render, resultsFor());
    step('render');
    return { renderWorkers: cores, workerHeapMb: 0, ...unsliced(HEAP_GROWING_PERCENT) };
  }
  const orders: IndexedRender[] = [];
  try {
    const parts = options.parts!;
    const started = performance.now();
    /**
     * Renders `urls` from `renderContext` on `workers` workers, writing the parts of `partition` on the way. The next
     * render starts as soon as this one's pages are rendered: its parts wait for this one's last to be written, its
     * other pages do not.
     */
    const renderIndexed = async (renderContext: CycleContext, urls: readonly string[], partition: SearchPartition, workers: number) => {
      const before = orders.at(-1)?.finished();
      before?.catch(() => undefined);
      const indexed = new IndexedRender(urls, partition, options.indexDir, { started, after: before });
      orders.push(indexed);
      await pool.render(renderContext, indexed.next, resultsFor(indexed), workers);
    };
    /** Waits for every part to be written, then lists them in the partition's order (the primary first). */
    const listParts = async () => {
      const written = (await Promise.all(orders.map((order) => order.finished()))).flat();
      for (const order of orders) for (const [name, ms] of Object.entries(order.timings)) options.timings[name] = Math.round(ms);
      await writeSearchPartList(options.indexDir, inPartitionOrder(written, parts));
    };
    const endpoints: string[] = [];
    const rest: string[] = [];
    for (const url of plan.render) (isIndexEndpoint(url) ? endpoints : rest).push(url);
    await pool.render(context, endpoints, resultsFor(), 1);
    const workerHeapMb = await pool.dropEndpointData();
    // Timed apart: the endpoints render on one worker, and the other core is left to the main thread meanwhile.
    step('render endpoints');
    const renderWorkers = Math.min(cores, workersWithin(options.memoryBudgetMb, workerHeapMb));
    const heapGrowthPercent = growthFor(workerHeapMb, renderWorkers);
    setHeapGrowth(heapGrowthPercent);
    const sliced = options.ownerSlices ?? renderWorkers < cores;
    const slices = sliced ? await ownerSlicePages(pool, context, options.slicesDir, rest, parts) : undefined;
    if (!slices) {
      await renderIndexed(context, rest, parts, renderWorkers);
      await listParts();
      step('render');
      return { renderWorkers, workerHeapMb, ...unsliced(heapGrowthPercent) };
    }
    /** List slice `k`'s pages from its export, with the parts of the index it renders, on `workers` workers. */
    const renderList = (k: number, workers: number) => {
      const slice = slices.lists[k]!;
      const listContext: CycleContext = { ...context, exportDir: slice.dir, version: `${context.version}.lists-${k}` };
      const partition = partitionOnly(parts, (part) => slices.listParts.get(part) === k);
      return renderIndexed(listContext, slice.urls, partition, workers);
    };
    // The pages that need owners they cannot name in advance, while the workers hold the whole export.
    await renderIndexed(
      context,
      slices.wholeExportUrls,
      partitionOnly(parts, (part) => !slices.parts.includes(part) && !slices.listParts.has(part)),
      renderWorkers,
    );
    step('render whole export');
    // Then the list slices: those in no part of the index on every core (Pagefind idle), then those with parts of the
    // index (the diaries' lists, the /blogs archive) on the whole export's workers, Pagefind beside them, the other
    // workers letting go of what they held. A worker lets go of one export before it reads the next, keeping parsed
    // the files the two share: at 100,000 × 0 a list slice rendering beside the diaries' slice and Pagefind put the
    // whole build at 1,691–1,781 MB.
    const withParts = new Set(slices.listParts.values());
    const listSlices = slices.lists.map((_, k) => k);
    for (const k of [...listSlices.filter((k) => !withParts.has(k)), ...listSlices.filter((k) => withParts.has(k))]) {
      const workers = withParts.has(k) ? renderWorkers : cores;
      await pool.releaseExports({ first: 0, count: workers }, slices.lists[k]!.dir);
      if (workers < cores) await pool.releaseExports({ first: workers });
      await renderList(k, workers);
    }
    // The render orders hold the list slices' URLs from here, and let go of them as they go out.
    slices.lists.length = 0;
    step('render list slices');
    let sliceWorkerHeapMb = 0;
    let sliceHeapGrowthPercent = heapGrowthPercent;
    for (let k = 0; slices.slices.length > 0; k++) {
      // Taken off the list: the render's order holds the slice's URLs from here, and lets go of them as they go out.
      const slice = slices.slices.shift()!;
      // The workers hold one slice now, not the whole export (a store slice, the largest kind, against 540 MB live at
      // 100,000 therapists, whose one worker over the whole export kept the tight growth). The slices' heaps grow by
      // the room left, measured again before each slice: the main thread's heap grows with the pages' records (75 MB
      // at the first slice of 100,000 therapists, about 300 MB at the last, which at the first one's growth peaked at
      // 1,778–1,901 MB).
      if (k === 1) sliceWorkerHeapMb = await pool.liveHeapMb();
      if (k >= 1) {
        sliceHeapGrowthPercent = growthFor(sliceWorkerHeapMb, cores);
        setHeapGrowth(sliceHeapGrowthPercent);
      }
      const sliceContext: CycleContext = { ...context, exportDir: slice.dir, version: `${context.version}.slice-${k}` };
      const part = slices.parts[k];
      await renderIndexed(
        sliceContext,
        slice.urls,
        partitionOnly(parts, (other) => other === part),
        cores,
      );
    }
    await listParts();
    step('render owner slices');
    return {
      renderWorkers,
      workerHeapMb,
      ownerSlicePages: slices.slicedPages,
      listSlicePages: slices.listSlicePages,
      sliceWorkers: cores,
      heapGrowthPercent,
      sliceWorkerHeapMb,
      sliceHeapGrowthPercent,
    };
  } finally {
    // The workers stay for the builds after this one (the publisher's): they grow as tightly as before it.
    setHeapGrowth(HEAP_GROWING_PERCENT);
    for (const order of orders) await order.discard();
  }
}

/** How a render without owner slices reports them: none, its one heap growth throughout. */
const unsliced = (heapGrowthPercent: number) => ({
  ownerSlicePages: 0,
  listSlicePages: 0,
  sliceWorkers: 0,
  heapGrowthPercent,
  sliceWorkerHeapMb: 0,
  sliceHeapGrowthPercent: heapGrowthPercent,
});

/** The parts written, in the partition's order (the primary first: the order /search merges them in). */
function inPartitionOrder(written: readonly (readonly [SearchPart, number])[], partition: SearchPartition) {
  const order = new Map(partition.parts.map((part, at) => [part, at]));
  return [...written].sort(([a], [b]) => order.get(a)! - order.get(b)!);
}

/**
 * The list slice that renders each part of the index with pages in one (the /blogs archive's). A part's pages render
 * together, from one export: a part with pages in two list slices, or in a store or owner slice's part too, or with a
 * page left to the whole export (`unsliced`), fails.
 */
function listSliceParts(
  lists: readonly { urls: readonly string[] }[],
  unsliced: Iterable<string>,
  partition: SearchPartition,
  sliceParts: readonly SearchPart[],
) {
  const sliceOf = new Map<SearchPart, number>();
  for (const [k, { urls }] of lists.entries())
    for (const url of urls) {
      const part = partition.partOf(url);
      if (part === undefined || sliceOf.get(part) === k) continue;
      if (sliceOf.has(part) || sliceParts.includes(part))
        throw new Error(`The index's part ${part} has pages in two slices (${url}): a part renders from one export.`);
      sliceOf.set(part, k);
    }
  for (const url of unsliced) {
    const part = partition.partOf(url);
    if (part !== undefined && sliceOf.has(part))
      throw new Error(
        `${url} is in the index's part ${part}, which a list slice renders, but in no list slice: a part renders from one export.`,
      );
  }
  return sliceOf;
}

/**
 * Writes the slices of the export (src/data/owner-slices.ts) into `dir`: a store slice per `stores` part of
 * `partition` (this build's) and an owner slice per directory part, and keeps, of each slice's pages, those among
 * `urls` (what this build renders after the endpoints), in the slice's order. The store slices come first: each holds
 * a part's stores with their therapists, about three times an owner slice, and the heaps' growth for the slices after
 * the first is measured on it. `parts` names each slice's part. The list slices (`lists`) keep theirs the same way,
 * and `listParts` names the list slice of each part with pages in one. `wholeExportUrls` are the rest of `urls`, in
 * order, which render from the whole export; `slicedPages` and `listSlicePages` count the others.
 */
async function ownerSlicePages(
  pool: RendererPool,
  context: CycleContext,
  dir: string,
  urls: readonly string[],
  partition: SearchPartition,
) {
  await rm(dir, { recursive: true, force: true });
  const partsOf = (kind: IndexPartKind) => partition.parts.filter((part) => searchPartKind(part) === kind);
  const [storeParts, directoryParts] = [partsOf('stores'), partsOf('directory')];
  const sliceParts = [...storeParts, ...directoryParts];
  const pages = new Map(sliceParts.map((part): [SearchPart, string[]] => [part, []]));
  for (const url of urls) {
    const part = partition.partOf(url);
    if (part !== undefined) pages.get(part)?.push(url);
  }
  const urlsOf = (parts: readonly SearchPart[]) => parts.map((part) => pages.get(part)!);
  const written = await pool.ownerSlices(context, dir, urlsOf(directoryParts), urlsOf(storeParts));
  // Each URL to render, by itself: a slice keeps this thread's string of its URLs, not the copy the worker's answer
  // brought, which would be a second string per page for as long as the slices render. Taken out once a slice has it.
  const unsliced = new Map(urls.map((url) => [url, url]));
  const taken = (slice: OwnerSlice) => {
    const sliceUrls: string[] = [];
    for (const url of slice.urls) {
      const buildsOwn = unsliced.get(url);
      if (buildsOwn === undefined) continue;
      sliceUrls.push(buildsOwn);
      unsliced.delete(url);
    }
    return { dir: slice.dir, urls: sliceUrls };
  };
  const slices = [...written.stores, ...written.owners].map(taken);
  const slicedPages = urls.length - unsliced.size;
  const lists = written.lists.map(taken);
  const listParts = listSliceParts(lists, unsliced.keys(), partition, sliceParts);
  return {
    slices,
    lists,
    listParts,
    parts: sliceParts,
    slicedPages,
    listSlicePages: urls.length - unsliced.size - slicedPages,
    wholeExportUrls: [...unsliced.keys()],
  };
}

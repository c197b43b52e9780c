/**
 * The render of a build's plan (scripts/lib/render-plan.ts), against a
 * stand-in for the renderer's workers and the real Pagefind: which pages
 * render on how many workers, from which export, in which order.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { close } from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { searchPartsOf } from '../../src/data/site-pages';
import { SEARCH_PART_LIST, searchPartPath, type SearchPartList } from '../../src/lib/search/index-parts';
import { planBuild, type BuildPlan } from '../../scripts/lib/build-plan';
import { renderPlan, type PageOutcome } from '../../scripts/lib/render-plan';
import { HashSets, SitePages } from '../../scripts/lib/site-state';
import { HEAP_GROWING_PERCENT, heapGrowthWithin, workerCount, type RendererPool, type UrlSource } from '../../scripts/renderer/pool';
import type { CycleContext, Rendered } from '../../scripts/renderer/protocol';

const CONTEXT: CycleContext = { exportDir: '/export', version: 'v1', now: '2026-11-30T00:00:00.000Z', checked: true };
const page = (url: string) =>
  `<!doctype html><html lang="ja"><body><main id="main" data-pagefind-body><h1>${url}</h1><p>アロマ</p></main></body></html>`;

/** What the stand-in's workers hold once they rendered a slice, and the build's main thread (MiB). */
const SLICE_HEAP_MB = 150;
const MAIN_HEAP_MB = 100;

interface RenderCall {
  context: CycleContext;
  urls: string[];
  parallel: number | undefined;
}

/**
 * The renderer's workers as the plan's render sees them: each call's pages answered in batches, in order. Asked for
 * slices, it answers an owner slice per directory part given, with its profiles and then `slicePages[k]`, a store
 * slice per `stores` part given, with its pages, and a list slice per `listPages`.
 */
function standInPool(slicePages: string[][] = [], listPages: string[][] = []) {
  const calls: RenderCall[] = [];
  const events: string[] = [];
  const asked: { profileParts: string[][]; storeParts: string[][] }[] = [];
  /** When each render started and ended. */
  const spans: string[] = [];
  const answer = (url: string): Rendered => ({ url, status: 200, kind: 'page', body: new Uint8Array() });
  const pool: RendererPool = {
    urls: () => Promise.reject(new Error('not asked')),
    fullBuildUrls: () => Promise.reject(new Error('not asked')),
    async dropEndpointData() {
      events.push('drop');
      return 50;
    },
    async liveHeapMb() {
      events.push('heap');
      return SLICE_HEAP_MB;
    },
    async releaseExports({ first, count }, keepFilesOf) {
      const release = `release ${count === undefined ? `from ${first}` : `${first}–${first + count - 1}`}${keepFilesOf ? ` for ${path.basename(keepFilesOf)}` : ''}`;
      events.push(release);
      spans.push(release);
      return 10;
    },
    async ownerSlices(_context, root, profileParts, storeParts) {
      events.push('slices');
      asked.push({ profileParts, storeParts });
      return {
        owners: profileParts.map((profiles, k) => ({ dir: path.join(root, `${k}`), urls: [...profiles, ...(slicePages[k] ?? [])] })),
        stores: storeParts.map((pages, k) => ({ dir: path.join(root, `stores-${k}`), urls: [...pages] })),
        lists: listPages.map((pages, k) => ({ dir: path.join(root, `lists-${k}`), urls: [...pages] })),
      };
    },
    async render(context, urls, onResults, parallel) {
      const call: RenderCall = { context, urls: [], parallel };
      calls.push(call);
      const n = calls.length;
      events.push(`render ${n}`);
      spans.push(`start ${n}`);
      const source: UrlSource = Array.isArray(urls)
        ? async (size) => (call.urls.length < urls.length ? urls.slice(call.urls.length, call.urls.length + size) : undefined)
        : (urls as UrlSource);
      const stop = new AbortController().signal;
      for (let batch = await source(8, stop); batch; batch = await source(8, stop)) {
        call.urls.push(...batch);
        await onResults(batch.map(answer));
        // Another render at once gets its turn between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      spans.push(`end ${n}`);
    },
  };
  return { pool, calls, events, asked, spans };
}

/** A handler that writes nothing, and hands each page of `searchable` (profiles', stores' and /blogs archive's) over for the index. */
const handler =
  (handled: string[], searchable = /^\/(profile|store-profile|blogs\/page)\//) =>
  async (result: Rendered): Promise<PageOutcome> => {
    handled.push(result.url);
    const file = `${result.url.slice(1)}.html`;
    return { file, searchText: searchable.test(result.url) ? page(result.url) : undefined };
  };

describe('renderPlan', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const folder = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'theralink-render-plan-'));
    dirs.push(dir);
    return dir;
  };

  it("renders a copy of the live site's pages at once, on the workers they need, with no index made", async () => {
    const { pool, calls, events } = standInPool();
    const dir = await folder();
    const plan: BuildPlan = {
      from: 'live',
      render: ['/profile/a', '/schedule/a', '/h/00.json'],
      remove: [],
      pages: new SitePages(),
      hashSets: new HashSets(),
      sitemapFiles: [],
    };
    const handled: string[] = [];
    const steps: string[] = [];
    const rendered = await renderPlan({
      pool,
      context: CONTEXT,
      plan,
      handle: handler(handled),
      indexDir: path.join(dir, 'pagefind'),
      memoryBudgetMb: Infinity,
      slicesDir: path.join(dir, 'slices'),
      timings: {},
      step: (name) => steps.push(name),
    });
    expect(calls).toEqual([{ context: CONTEXT, urls: plan.render, parallel: undefined }]);
    expect(events).toEqual(['render 1']);
    expect(handled).toEqual(plan.render);
    expect(existsSync(path.join(dir, 'pagefind'))).toBe(false);
    expect(rendered).toEqual({
      renderWorkers: workerCount(3),
      workerHeapMb: 0,
      ownerSlicePages: 0,
      listSlicePages: 0,
      sliceWorkers: 0,
      heapGrowthPercent: HEAP_GROWING_PERCENT,
      sliceWorkerHeapMb: 0,
      sliceHeapGrowthPercent: HEAP_GROWING_PERCENT,
    });
    expect(steps).toEqual(['render']);
  });

  it("renders an empty generation's endpoints first on one worker, then the rest, then each list slice with the parts of the index of its pages, then each store slice and each owner slice from its own export with its part", async () => {
    const archive = Array.from({ length: 10 }, (_, i) => `/blogs/page/${i + 1}`);
    const urls = [
      '/h/00.json',
      '/n/00.json',
      ...Array.from({ length: 20 }, (_, i) => `/profile/p${i}`),
      ...Array.from({ length: 20 }, (_, i) => `/schedule/s${i}`),
      ...Array.from({ length: 12 }, (_, i) => `/store-profile/t${i}`),
      '/blog/x',
      '/stores',
      '/blogs',
      ...archive,
      '/today',
    ];
    const { pool, calls, events, asked } = standInPool(
      [
        ['/schedule/s0', '/blog/x', '/schedule/not-listed'],
        ['/schedule/s1', '/schedule/s0'],
      ],
      [['/blogs', ...archive, '/blogs/not-listed'], ['/stores']],
    );
    const dir = await folder();
    const plan = planBuild(urls, undefined, null);
    // The profiles in several directory parts, the store pages in several `stores` parts: a slice each.
    const parts = searchPartsOf(urls, { directory: 8, stores: 5, blogs: 8 });
    const directoryParts = parts.parts.filter((part) => part.startsWith('directory'));
    const storeParts = parts.parts.filter((part) => part.startsWith('stores'));
    const blogParts = parts.parts.filter((part) => part.startsWith('blogs'));
    expect(blogParts.length).toBeGreaterThanOrEqual(2);
    expect(directoryParts.length).toBeGreaterThanOrEqual(3);
    expect(storeParts.length).toBeGreaterThanOrEqual(2);
    const handled: string[] = [];
    const steps: string[] = [];
    const timings: Record<string, number> = {};
    const rendered = await renderPlan({
      pool,
      context: CONTEXT,
      plan,
      handle: handler(handled),
      parts,
      indexDir: path.join(dir, 'pagefind'),
      memoryBudgetMb: 2048,
      mainHeapMb: () => MAIN_HEAP_MB,
      ownerSlices: true,
      slicesDir: path.join(dir, 'slices'),
      timings,
      step: (name) => steps.push(name),
    });

    // The slices are the directory parts, each named by its profiles, and the `stores` parts, each named by its pages.
    const pagesOf = (part: string) => urls.filter((url) => parts.partOf(url) === part);
    expect(asked).toEqual([{ profileParts: directoryParts.map(pagesOf), storeParts: storeParts.map(pagesOf) }]);
    // The workers' heaps are measured once, after the first slice (a store slice, the larger kind), and the others grow
    // by what that leaves room for.
    const sliceRenders = [...storeParts, ...directoryParts].map((_, k) => `render ${k + 5}`);
    expect(events).toEqual([
      'render 1',
      'drop',
      'slices',
      'render 2',
      `release 0–${workerCount(urls.length) - 1} for lists-1`,
      'render 3',
      `release 0–${workerCount(urls.length) - 1} for lists-0`,
      'render 4',
      sliceRenders[0],
      'heap',
      ...sliceRenders.slice(1),
    ]);
    const [endpoints, whole, otherLists, diaryLists, ...allSlices] = calls;
    const storeSlices = allSlices.slice(0, storeParts.length);
    const slices = allSlices.slice(storeParts.length);
    expect(endpoints).toEqual({ context: CONTEXT, urls: ['/h/00.json', '/n/00.json'], parallel: 1 });
    expect(whole!.context).toEqual(CONTEXT);
    expect(whole!.urls.sort()).toEqual(['/today', ...Array.from({ length: 18 }, (_, i) => `/schedule/s${i + 2}`)].sort());
    // The list pages from their list slices (a page the build does not render not at all), on the whole export's workers,
    // the /blogs archive with its parts of the index.
    for (const [k, [call, pages]] of (
      [
        [diaryLists, ['/blogs', ...archive]],
        [otherLists, ['/stores']],
      ] as const
    ).entries()) {
      expect(call!.context).toEqual({ ...CONTEXT, exportDir: path.join(dir, 'slices', `lists-${k}`), version: `v1.lists-${k}` });
      expect(call!.urls.sort()).toEqual([...pages].sort());
      expect(call!.parallel).toBe(workerCount(urls.length));
    }
    // Each slice's pages from the slice's export, under a version of its own, its profiles first; a page in two slices
    // renders once, a page the build does not render not at all.
    // (The order within a slice is the index's: its profiles wait while the part before is written.)
    for (const [k, slice] of storeSlices.entries()) {
      expect(slice!.context).toEqual({ ...CONTEXT, exportDir: path.join(dir, 'slices', `stores-${k}`), version: `v1.slice-${k}` });
      expect(slice!.urls.sort()).toEqual(pagesOf(storeParts[k]!).sort());
    }
    for (const [k, slice] of slices.entries()) {
      const at = storeParts.length + k;
      expect(slice!.context).toEqual({ ...CONTEXT, exportDir: path.join(dir, 'slices', `${k}`), version: `v1.slice-${at}` });
      expect(slice!.urls.sort()).toEqual(
        [...asked[0]!.profileParts[k]!, ...([['/schedule/s0', '/blog/x'], ['/schedule/s1']][k] ?? [])].sort(),
      );
    }
    expect(handled.sort()).toEqual([...urls].sort());

    // Every profile went into its part of the index, and the part list names every part in order, the primary first.
    const list = JSON.parse(await readFile(path.join(dir, 'pagefind', SEARCH_PART_LIST), 'utf8')) as SearchPartList;
    expect(list.parts.map((part) => part.path)).toEqual(parts.parts.map(searchPartPath));
    expect(list.parts.map((part) => part.pages)).toEqual(
      parts.parts.map((part) => urls.filter((url) => parts.partOf(url) === part).length),
    );
    for (const part of [...storeParts, ...directoryParts, ...blogParts]) expect(timings[`index ${part} written`]).toBeGreaterThan(0);
    expect(rendered).toEqual({
      renderWorkers: workerCount(urls.length),
      workerHeapMb: 50,
      ownerSlicePages: 35,
      listSlicePages: 12,
      sliceWorkers: workerCount(urls.length),
      // Heaps of 50 MB leave a 2,048 MB budget room for the most growth (heapGrowthWithin).
      heapGrowthPercent: 200,
      sliceWorkerHeapMb: SLICE_HEAP_MB,
      sliceHeapGrowthPercent: heapGrowthWithin(
        2048,
        { workerMb: SLICE_HEAP_MB, workers: workerCount(urls.length), mainMb: MAIN_HEAP_MB },
        workerCount(urls.length),
      ),
    });
    expect(steps).toEqual(['render endpoints', 'render whole export', 'render list slices', 'render owner slices']);
  }, 60_000);

  it.runIf(workerCount(Infinity) > 1)(
    "renders the list slice in no part of the index on every core after the whole export, then the diaries' slice on the whole export's one worker, the other letting go of its slice",
    async () => {
      const archive = Array.from({ length: 6 }, (_, i) => `/blogs/page/${i + 1}`);
      const timeline = Array.from({ length: 300 }, (_, i) => `/timeline/page/${i + 1}`);
      const schedules = Array.from({ length: 300 }, (_, i) => `/schedule/s${i}`);
      const urls = ['/h/00.json', '/profile/a', ...schedules, '/blogs', ...archive, '/stores', ...timeline];
      const { pool, calls, spans } = standInPool(
        [],
        [
          ['/blogs', ...archive],
          ['/stores', ...timeline],
        ],
      );
      const dir = await folder();
      const rendered = await renderPlan({
        pool,
        context: CONTEXT,
        plan: planBuild(urls, undefined, null),
        handle: handler([]),
        parts: searchPartsOf(urls, { directory: 8, stores: 8, blogs: 4 }),
        indexDir: path.join(dir, 'pagefind'),
        // Room for one worker over the whole export, on two cores.
        memoryBudgetMb: 1,
        mainHeapMb: () => MAIN_HEAP_MB,
        slicesDir: path.join(dir, 'slices'),
        timings: {},
        step: () => undefined,
      });
      const cores = workerCount(Infinity);
      expect(rendered.renderWorkers).toBe(1);
      expect(rendered.listSlicePages).toBe(archive.length + timeline.length + 2);
      const [, whole, others, diaries] = calls;
      expect(whole).toMatchObject({ context: CONTEXT, parallel: 1 });
      expect(whole!.urls.sort()).toEqual([...schedules].sort());
      expect(others).toMatchObject({ context: { exportDir: path.join(dir, 'slices', 'lists-1') }, parallel: cores });
      expect(diaries).toMatchObject({ context: { exportDir: path.join(dir, 'slices', 'lists-0') }, parallel: 1 });
      // One render at a time. Before each list slice its workers let go of what they held, keeping the files the slice
      // shares with it; before the diaries' slice the second worker lets go of the other lists' slice, with nothing
      // to render beside it (Pagefind takes the /blogs archive in).
      expect(spans.slice(0, 11)).toEqual([
        'start 1',
        'end 1',
        'start 2',
        'end 2',
        `release 0–${cores - 1} for lists-1`,
        'start 3',
        'end 3',
        'release 0–0 for lists-0',
        'release from 1',
        'start 4',
        'end 4',
      ]);
    },
    60_000,
  );

  it("fails before rendering when a part of the index would render from two exports: a list slice's and another", async () => {
    const archive = Array.from({ length: 4 }, (_, i) => `/blogs/page/${i + 1}`);
    const urls = ['/profile/a', ...archive];
    const parts = searchPartsOf(urls, { directory: 8, stores: 8, blogs: 8 });
    const renderWith = (lists: string[][]) => {
      const { pool, calls } = standInPool([], lists);
      const render = folder().then((dir) =>
        renderPlan({
          pool,
          context: CONTEXT,
          plan: planBuild(urls, undefined, null),
          handle: handler([]),
          parts,
          indexDir: path.join(dir, 'pagefind'),
          memoryBudgetMb: 2048,
          ownerSlices: true,
          slicesDir: path.join(dir, 'slices'),
          timings: {},
          step: () => undefined,
        }),
      );
      return { render, calls };
    };
    // An archive page left out of the list slice that renders its part.
    const leftOut = renderWith([archive.slice(1)]);
    await expect(leftOut.render).rejects.toThrow(
      `${archive[0]} is in the index's part blogs, which a list slice renders, but in no list slice`,
    );
    // The part's pages in two list slices.
    const split = renderWith([archive.slice(0, 2), archive.slice(2)]);
    await expect(split.render).rejects.toThrow("The index's part blogs has pages in two slices");
    // Neither rendered a page past the endpoints.
    expect([...leftOut.calls, ...split.calls].flatMap((call) => call.urls)).toEqual([]);
  }, 60_000);

  it('stops the render at a searchable page that no part of the index takes', async () => {
    const { pool } = standInPool();
    const dir = await folder();
    const urls = ['/profile/a', '/stores'];
    const render = renderPlan({
      pool,
      context: CONTEXT,
      plan: planBuild(urls, undefined, null),
      // /stores handed over as searchable: a page of a route that indexPartKindOf does not name.
      handle: async (result) => ({ file: `${result.url.slice(1)}.html`, searchText: page(result.url) }),
      parts: searchPartsOf(urls),
      indexDir: path.join(dir, 'pagefind'),
      memoryBudgetMb: 2048,
      ownerSlices: false,
      slicesDir: path.join(dir, 'slices'),
      timings: {},
      step: () => undefined,
    });
    await expect(render).rejects.toThrow('/stores is searchable, but indexPartKindOf (src/data/site-pages.ts) does not name it.');
  }, 60_000);

  // The parts are cut before anything renders, counting every page of a kind but the redirects: one that renders
  // without words would leave the cut out of step with the one an incremental build reads from the pages.
  it('fails the build on a page that indexPartKindOf counts but that is not searchable, not on a redirect', async () => {
    const dir = await folder();
    const urls = ['/profile/a', '/store-profile/iyashi'];
    const renderWith = (status: number) => {
      const { pool } = standInPool();
      const answering = pool.render;
      pool.render = (context, list, onResults, parallel) =>
        answering(context, list, (results) => onResults(results.map((result) => ({ ...result, status }))), parallel);
      return renderPlan({
        pool,
        context: CONTEXT,
        plan: planBuild(urls, undefined, null),
        // The store's page renders without words.
        handle: handler([], /^\/profile\//),
        parts: searchPartsOf(['/profile/a']),
        indexDir: path.join(dir, `pagefind-${status}`),
        memoryBudgetMb: 2048,
        ownerSlices: false,
        slicesDir: path.join(dir, 'slices'),
        timings: {},
        step: () => undefined,
      });
    };
    await expect(renderWith(200)).rejects.toThrow(
      '/store-profile/iyashi is not searchable, but indexPartKindOf (src/data/site-pages.ts) counts it as a page of stores.',
    );
    await expect(renderWith(301)).resolves.toBeDefined();
  }, 60_000);
});

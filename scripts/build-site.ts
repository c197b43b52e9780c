/**
 * Builds the static site from an export (docs/decisions/incremental-build.md).
 * The pages are rendered by the renderer bundle
 * (scripts/renderer: the site built once per code version in server output,
 * run in worker threads) and written as the files `astro build` would write,
 * then the sitemap, the hosting headers (CSP hashes of the inline scripts)
 * and the Pagefind index, into a new generation of the site, which the
 * served path is then pointed at in one atomic rename
 * (scripts/lib/site-generations.ts): a reader sees the old site or the new
 * one, whole.
 *
 * Full: every URL into an empty generation, the full-text index made on
 * the way, part by part (./lib/indexed-render.ts: Pagefind takes a part's
 * pages as they are rendered and writes it while other pages render), every
 * part in place before the swap.
 * Incremental (the state beside the site says it was rendered by the same
 * renderer): the new generation starts as the live one's files (the spare
 * generation brought up to date, or a hard-link copy), and only the pages a
 * change touches (scripts/lib/incremental.ts) are rendered, written when
 * their bytes changed, or removed; Pagefind then runs in the background
 * after the swap (scripts/lib/search-index.ts, `searchIndexed`) and its
 * index goes live in a generation of its own: the handle and name shards are
 * pages and go live with the build, the full-text index follows. Both write
 * the same bytes for the same export and clock.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { indexExport, type Directory } from '../src/data/directory';
import { searchPartsOf } from '../src/data/site-pages';
import { SEARCH_INDEX_DIR, SEARCH_PART_PAGES, type IndexPartKind } from '../src/lib/search/index-parts';
import { CARD_IDLE_DAYS, pruneCardCache } from '../src/lib/seo/card-cache';
import { tokyoDateKey } from '../src/lib/tokyo-date';
import { buildEnvironment, type BuildEnvironmentOptions } from './lib/build-environment';
import {
  checkCopy,
  comparable,
  previousExport,
  readBuildExport,
  rememberExport,
  screenedAsBuilt,
  ScreenLeftOut,
  writeExportCopy,
  type BuildExport,
} from './lib/build-export';
import { planBuild, type BuildPlan } from './lib/build-plan';
import { GenerationWriter } from './lib/generation-writer';
import { affectedUrls, diffExports, prepareDiffFrom } from './lib/incremental';
import { memoryBudgetMb as memoryBudget } from './lib/memory-budget';
import { PageFailures, pageCulprits, type FailedPages } from './lib/page-culprits';
import { firstLine, NOT_A_SITE_PATH, renderFailure } from './lib/page-results';
import { readQuarantine, writeQuarantine } from './lib/quarantine';
import { renderPlan } from './lib/render-plan';
import { RenderedPages } from './lib/rendered-pages';
import { screenExport, type LeftOut, type ScreenedExport } from './lib/screen-export';
import { readReport, reportPathFor, writeQuarantined, type SkippedDocument } from './export/report';
import { foreground } from './lib/foreground';
import { ROOT } from './lib/project';
import { removalsUnderway, removeInBackground, replaceDir } from './lib/replace-dir';
import { searchFiles, searchFilesIn } from './lib/search-files';
import { BackgroundIndexer } from './lib/search-index';
import { isSitePath, linkTree } from './lib/site-files';
import {
  copyAsSpare,
  keepSpare,
  liveGeneration,
  newGeneration,
  pointAt,
  removeLeftovers,
  sameIndex,
  stageFromLive,
} from './lib/site-generations';
import { HEADERS_FILE, headersFileBytes, siteHeaders, type SiteHeaders } from './lib/site-headers';
import { readState, stateDirOf, writeState, type SiteState } from './lib/site-state';
import { siteSitemapFiles } from './lib/sitemap-files';
import { stepTimer } from './lib/step-timer';
import { planShards, type Shard } from './lib/shards';
import { shardManifest, writeShardManifest } from './lib/shard-manifest';
import { ensureRenderer, type RendererBundle } from './renderer/bundle';
import { rendererPool, type RendererPool } from './renderer/pool';
import type { CycleContext } from './renderer/protocol';

export interface SiteBuildOptions extends BuildEnvironmentOptions {
  exportDir: string;
  outDir?: string;
  quiet?: boolean;
  /** Render every page into a fresh folder, even where an incremental build could. */
  full?: boolean;
  /** The clock of the build (today's attendance, the "as of" times, the day the schedules start); now when omitted. */
  now?: Date;
  /**
   * The renderer to use instead of the current code's (scripts/renderer/bundle.ts): a test
   * comparing builds pins one, so an edit elsewhere in the checkout does not switch bundles mid-way.
   */
  renderer?: RendererBundle;
  /** Where the records left out of the site are reported (default: the export's report, `{exportDir}-report.json`). */
  reportPath?: string;
  /**
   * A shard of a full build across machines (docs/decisions/sharded-builds.md): render only
   * this shard's pages, and write its manifest (./lib/shard-manifest.ts) instead of the
   * sitemap, the headers, the search index and the state, for scripts/lib/merge-shards.ts.
   */
  shard?: Shard;
  /** The most pages of each kind in one part of the full-text index (SEARCH_PART_PAGES when omitted; tests lower it). */
  searchPartPages?: Readonly<Record<IndexPartKind, number>>;
  /**
   * The memory a full build may use, in MiB (the build process and Pagefind's together): it runs as many
   * render workers as fit (workersWithin). BUILD_MEMORY_MB, else 2,048 (scripts/lib/memory-budget.ts), when omitted.
   */
  memoryBudgetMb?: number;
  /**
   * Render each therapist's profile, schedule and diaries from the export cut by owner, a slice per directory part
   * of the index, and each store's page from a slice per `stores` part (src/data/owner-slices.ts), on a worker per
   * core, after the rest of a full build. When omitted:
   * when the memory budget allows fewer render workers over the whole export than there are cores (tests say true
   * or false).
   */
  ownerSlices?: boolean;
}

export interface SiteBuild extends SiteHeaders {
  mode: 'full' | 'incremental';
  /**
   * Where the new generation started: the spare brought up to date by the
   * files the live one changed, a hard-link copy of the live one, or (full) empty.
   */
  staged: 'spare' | 'copy' | 'fresh';
  /** URLs of the site. */
  pages: number;
  /** Pages rendered, files written (bytes changed) and files removed. */
  rendered: number;
  written: number;
  removed: number;
  /** Seconds until the new site was live. */
  seconds: number;
  /** Milliseconds of each step until then (for benches). */
  timings: Record<string, number>;
  /** Render workers the build ran: a full build as many as its memory budget allows (workersWithin). */
  renderWorkers: number;
  /**
   * A full build: the live heap of the worker that listed the URLs, in MiB, once it rendered the JSON
   * endpoints and dropped what only they read (0 for an incremental build).
   */
  workerHeapMb: number;
  /** Pages rendered from owner slices (SiteBuildOptions' ownerSlices), on `sliceWorkers` workers; 0 and 0 when none were. */
  ownerSlicePages: number;
  /** Pages rendered from list slices (the lists' pages, each from the collections it shows); 0 when none were. */
  listSlicePages: number;
  sliceWorkers: number;
  /** How far the render workers' heaps could grow between full collections, in percent (heapGrowthWithin). */
  heapGrowthPercent: number;
  /** The owner slices' (RenderedPlan): a worker's live heap after the first slice, and the growth of the last. */
  sliceWorkerHeapMb: number;
  sliceHeapGrowthPercent: number;
  /**
   * Resolves once the full-text index (Pagefind) covers this build: at once
   * after a full build, which indexes before the swap; in the background
   * after an incremental one.
   */
  searchIndexed: Promise<void>;
  /** Whether the build put a new full-text index in (a full build) or asked for one (its searchable pages changed). */
  newSearchIndex: boolean;
  /**
   * Site files this build wrote or removed, the full-text index apart (a
   * deploy looks at these alone: scripts/deploy/plan.ts), or null when every
   * file is new (a full build, a shard).
   */
  changedFiles: ReadonlySet<string> | null;
  /** Records of the export left out of the site (./lib/screen-export.ts), and the builds this one took to find them. */
  leftOut: LeftOut[];
  rounds: number;
}

/** Builds of one site (and the background index's updates) run one after another (per process). */
const queues = new Map<string, Promise<unknown>>();
/** Runs `task` after everything queued for the site so far. */
function enqueue<T>(outDir: string, task: () => Promise<T>): Promise<T> {
  const done = (queues.get(outDir) ?? Promise.resolve()).then(task);
  queues.set(
    outDir,
    done.catch(() => undefined),
  );
  return done;
}
/** Numbers the builds of this process (the background index publishes only newer ones). */
let builds = 0;
/** Each site's bookkeeping after a swap (the spare kept, or the old generation removed), awaited before its next one. */
const afterSwap = new Map<string, Promise<void>>();
/**
 * Records a swap's bookkeeping. It never rejects: the site is live already,
 * and a failure here (a spare not kept, an old generation not removed) only
 * makes the next build copy the live folder; a rejection kept in the map
 * would fail every build after it.
 */
function bookkeepAfterSwap(outDir: string, work: Promise<void>): void {
  afterSwap.set(
    outDir,
    work.catch((error: Error) =>
      console.warn(
        `[swap] ${outDir}: the previous generation was not kept as the spare; the next build copies the live one.\n${error.message}`,
      ),
    ),
  );
}
/** Sites whose leftovers of killed builds this process has cleared. */
const cleared = new Set<string>();
/** Each site's background index. */
const indexers = new Map<string, BackgroundIndexer>();
function indexerOf(outDir: string): BackgroundIndexer {
  let indexer = indexers.get(outDir);
  if (!indexer) {
    const publish = () => publishIndex(outDir);
    indexers.set(outDir, (indexer = new BackgroundIndexer(outDir, stateDirOf(outDir), (task) => enqueue(outDir, task), publish)));
  }
  return indexer;
}
/** What the last background index of a site made again and linked, by part of the index (for benches and tests). */
export const lastBackgroundIndex = (outDir: string) => indexers.get(path.resolve(outDir))?.lastRun;
/**
 * Builds the site of `exportDir` into `outDir` (dist/ by default): in full
 * the first time, after a code change or when asked, else incrementally.
 * Builds of one folder run one after another.
 */
export function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const outDir = siteDirOf(options.outDir);
  // The background index waits while a build runs (scripts/lib/foreground.ts).
  return enqueue(outDir, () => foreground.run(() => buildLeavingOut({ ...options, outDir })));
}

/** The folder of the site built into `outDir` (dist/ when omitted). */
const siteDirOf = (outDir: string | undefined) => path.resolve(outDir ?? path.join(ROOT, 'dist'));

/**
 * Reads ahead, in the site's build queue, the export the next incremental
 * build diffs against: the live site's, with its lookups and its list
 * pages' inputs. A full build keeps none of its records (they would add
 * to its peak: 540 MB at 100,000 therapists), so the first save after it
 * read, indexed and listed the whole export on its way, 7–8 s of that
 * save at 10,000 therapists on a slow hour (docs/performance.md). For a
 * long-running loop, after a full build.
 */
export function readAheadForSaves(outDir?: string): Promise<void> {
  const site = siteDirOf(outDir);
  return enqueue(site, async () => {
    const stateDir = stateDirOf(site);
    const state = await readState(stateDir);
    if (state?.siteId === liveGeneration(site)) prepareDiffFrom((await previousExport(site, stateDir, state.exportVersion)).directory);
  });
}

/**
 * Resolves once nothing this process started on any site is still working:
 * queued builds, each swap's bookkeeping (the spare generation, which a
 * full build copies after it is live), the background index and the
 * removal of work folders. For a caller about to remove a site's folder or
 * to start another loop on it.
 */
export async function buildsSettled(): Promise<void> {
  const pendingWork = () => [
    ...queues.values(),
    ...afterSwap.values(),
    ...[...indexers.values()].map((indexer) => indexer.settled()),
    ...removalsUnderway(),
  ];
  // Again until a round finds nothing new: finished work may have started more (a build's index, an index's swap).
  for (let pending = pendingWork(); ;) {
    await Promise.allSettled(pending);
    const now = pendingWork();
    if (now.length === pending.length && now.every((work, i) => work === pending[i])) return;
    pending = now;
  }
}

/** Builds after which a page that still fails stops the cycle (each round quarantines what made the last one fail). */
const MAX_ROUNDS = 4;

/**
 * No record can stop a build (docs/decisions/quarantine.md): the export is
 * screened first (records that fail their shape, and those in quarantine,
 * are left out: ./lib/screen-export.ts); a build whose pages fail goes no
 * further than its staging folder, the records to blame are found
 * (./lib/page-culprits.ts) and quarantined, and the build runs again
 * without them. What was left out is reported beside the export.
 */
async function buildLeavingOut(options: SiteBuildOptions & { outDir: string }): Promise<SiteBuild> {
  const started = performance.now();
  const { overrides, siteUrl } = buildEnvironment(options);
  const bundle = options.renderer ?? (await ensureRenderer(overrides, { quiet: options.quiet }));
  const rendererMs = performance.now() - started;
  const stateDir = stateDirOf(options.outDir);
  await mkdir(stateDir, { recursive: true });
  const exportDir = path.resolve(options.exportDir);
  let quarantine = await readQuarantine(stateDir, bundle.key);
  for (let round = 1; ; round++) {
    let screenMs = 0;
    let screening: Promise<ScreenedExport> | undefined;
    /** The screen of the export, started once: by the build, when its own reading of the export is done. */
    const screen = () =>
      (screening ??= (async () => {
        const screenStarted = performance.now();
        try {
          return await screenExport(exportDir, stateDir, quarantine, bundle.key);
        } finally {
          screenMs = performance.now() - screenStarted;
        }
      })());
    // With nothing in quarantine the export is most likely whole: the build starts on it and screens it while its
    // renderer lists the URLs, and gives way (ScreenLeftOut) to a build of the screened copy if the screen leaves a
    // record out. With something in quarantine the screen comes first.
    let screened = quarantine.length === 0 ? undefined : await screen();
    try {
      const buildScreened = (dir: string) => buildOnce({ ...options, outDir: options.outDir, exportDir: dir, renderer: bundle, screen });
      let build: Awaited<ReturnType<typeof buildOnce>>;
      try {
        build = await buildScreened(screened?.dir ?? exportDir);
      } catch (error) {
        if (!(error instanceof ScreenLeftOut)) throw error;
        screened = await screen();
        build = await buildScreened(screened.dir);
      }
      screened ??= await screen();
      // What stays in quarantine: the entries that still matched a record.
      const held = new Set(screened.leftOut.filter((out) => out.stage === 'page').map((out) => `${out.collection}/${out.key}`));
      await writeQuarantine(
        stateDir,
        bundle.key,
        quarantine.filter((entry) => held.has(`${entry.collection}/${entry.key}`)),
      );
      await reportLeftOut(options.reportPath ?? reportPathFor(exportDir), exportDir, screened.leftOut);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      return {
        ...build,
        seconds,
        timings: { ...build.timings, renderer: Math.round(rendererMs), screen: Math.round(screenMs) },
        leftOut: screened.leftOut,
        rounds: round,
      };
    } catch (error) {
      // Nothing is left working on the state folder when this build gives up, or builds again.
      await screening?.catch(() => undefined);
      if (!(error instanceof PageFailures) || round >= MAX_ROUNDS) throw error;
      // Pages fail only once the build has the screen's word (buildOnce).
      screened ??= await screen();
      const probe = pageProbe(bundle, siteUrl, options.now ?? new Date());
      const scratch = path.join(stateDir, `probes-${process.pid}`);
      try {
        const found = await pageCulprits(error, screened.dir, scratch, probe);
        quarantine = [...quarantine, ...found];
        await writeQuarantine(stateDir, bundle.key, quarantine);
        if (!options.quiet)
          for (const entry of found) console.warn(`[quarantine] ${entry.collection}/${entry.key}: ${entry.problems[0]?.message}`);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }
  }
}

/** Puts the records left out into the export's report (only where the export keeps one, or there is something to say). */
async function reportLeftOut(reportPath: string, exportDir: string, leftOut: readonly LeftOut[]): Promise<void> {
  if (leftOut.length === 0 && !(await readReport(reportPath))?.quarantined.length) return;
  const entries: SkippedDocument[] = leftOut.map(({ collection, key, problems, stage }) => ({ collection, id: key, stage, problems }));
  await writeQuarantined(reportPath, exportDir, entries);
}

/** Renders `urls` of the export in a folder with the bundle: what fails among them, and in the listing of the site. */
function pageProbe(bundle: RendererBundle, siteUrl: string, now: Date) {
  const pool = rendererPool(bundle);
  let probes = 0;
  return async (dir: string, urls: readonly string[]): Promise<FailedPages> => {
    const context: CycleContext = { exportDir: dir, version: `probe-${process.pid}-${++probes}`, now: now.toISOString(), checked: true };
    const failures = new Map<string, string>();
    let listed: string[];
    try {
      listed = await pool.urls(context);
    } catch (error) {
      return new Map([['(listing)', firstLine(error)]]);
    }
    for (const url of listed) if (!isSitePath(url)) failures.set(url, NOT_A_SITE_PATH);
    const present = new Set(listed);
    await pool.render(
      context,
      urls.filter((url) => present.has(url) && isSitePath(url)),
      async (results) => {
        for (const result of results) {
          const failure = renderFailure(result, siteUrl);
          if (failure) failures.set(result.url, failure);
        }
      },
    );
    return failures;
  };
}

/**
 * A build of the export in `exportDir` that `screen` (buildLeavingOut's) says is
 * the one to build: ScreenLeftOut is thrown, before anything is written, where
 * the screen leaves records of it out. One path for every build: read, list,
 * plan (./lib/build-plan.ts), render the plan (./lib/render-plan.ts), then
 * finish the generation (a shard's manifest, or the site's sitemap, headers,
 * index and state) and point the site at it.
 */
async function buildOnce(
  options: SiteBuildOptions & { outDir: string; screen: () => Promise<ScreenedExport> },
): Promise<Omit<SiteBuild, 'leftOut' | 'rounds'>> {
  const started = performance.now();
  const { timings, step } = stepTimer();
  const { outDir, quiet, shard } = options;
  const { overrides, env, siteUrl } = buildEnvironment(options);
  const bundle = options.renderer ?? (await ensureRenderer(overrides, { quiet }));
  step('renderer');

  const stateDir = stateDirOf(outDir);
  await mkdir(stateDir, { recursive: true });
  if (!cleared.has(outDir)) {
    cleared.add(outDir);
    await removeLeftovers(outDir, stateDir);
  }
  const now = options.now ?? new Date();
  const today = tokyoDateKey(now);
  const state = await readState(stateDir);
  // The previous build, where it can be reused: without it the plan starts from nothing (a full build).
  const previousBuild =
    !options.full &&
    !shard &&
    state?.rendererKey === bundle.key &&
    state.siteId === liveGeneration(outDir) &&
    existsSync(path.join(stateDir, 'export'))
      ? state
      : undefined;
  // Read before any work: a bad BUILD_MEMORY_MB fails the build at once, not after the listing.
  const memoryBudgetMb = previousBuild ? Infinity : memoryBudget(options.memoryBudgetMb);
  const source = await readBuildExport({ ...options, stateDir, previousVersion: previousBuild?.exportVersion });
  // The renderer reads a copy, which becomes the state's `export/` once the site is live.
  const snapshot = path.join(stateDir, `export-${process.pid}`);
  /** A full build's owner slices of that copy (src/data/owner-slices.ts), when it renders from them. */
  const slicesDir = path.join(stateDir, `owner-slices-${process.pid}`);
  await writeExportCopy(snapshot, path.resolve(options.exportDir), source.files, source.previous, path.join(stateDir, 'export'));
  const context: CycleContext = { exportDir: snapshot, version: source.version, now: now.toISOString(), checked: true };
  const pool = rendererPool(bundle);
  step('read export');
  const build = ++builds;
  const indexer = indexerOf(outDir);
  // The last swap's spare is recorded (or its old generation gone) before this build takes it.
  await afterSwap.get(outDir);
  // The next generation of the site, in which this build writes; live once pointed at.
  const staging = newGeneration(stateDir);
  let live = false;
  try {
    const listed = await listSite({ ...options, bundle, pool, context, source, staging, stateDir, previousBuild, today, step });
    step('list urls and copy');
    const { siteUrls } = listed;
    // A full build's parts of the full-text index, from every page of the site (its redirects hold no words); a shard
    // renders and indexes its own.
    const redirects = new Set(listed.redirects);
    const partition = previousBuild
      ? undefined
      : searchPartsOf(
          siteUrls.filter((url) => !redirects.has(url)),
          options.searchPartPages,
        );
    const shardPlan = shard && planShards(siteUrls, shard.count, partition!);
    const plan = planBuild(
      shardPlan ? siteUrls.filter((url) => shardPlan.shardOf(url) === shard.index) : siteUrls,
      previousBuild,
      listed.affected,
    );
    const writer = new GenerationWriter(staging, plan.from);
    const book = new RenderedPages(plan, writer, siteUrl);
    const rendered = await renderPlan({
      pool,
      context,
      plan,
      handle: book.handle,
      parts: shardPlan ? shardPlan.partitionOf(shard.index) : partition,
      indexDir: path.join(staging, SEARCH_INDEX_DIR),
      memoryBudgetMb,
      ownerSlices: options.ownerSlices,
      slicesDir,
      timings,
      step,
    });
    if (book.failures.size > 0) throw new PageFailures(book.failures);
    await book.removeUnlisted();
    const fresh = plan.from === 'empty';
    /** Points the site at the new generation: from here on it is live, and not removed should what follows fail. */
    const goLive = () => {
      const replaced = pointAt(outDir, staging);
      live = true;
      return replaced;
    };
    /** What every build reports, with the headers of its pages; the seconds until now. */
    const outcome = (headers: SiteHeaders) => ({
      ...headers,
      ...rendered,
      mode: fresh ? ('full' as const) : ('incremental' as const),
      staged: listed.staged,
      pages: siteUrls.length,
      rendered: plan.render.length,
      written: book.written,
      removed: plan.remove.length,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      timings,
      changedFiles: writer.changedFiles,
    });

    if (shard) {
      const headers = await writeShard({ ...options, shard, bundle, source, now, siteUrl, env, siteUrls, plan, staging });
      // No state: the folder holds part of a site, which no later build reuses.
      bookkeepAfterSwap(outDir, keepSpare(stateDir, goLive(), staging, null));
      return { ...outcome(headers), searchIndexed: Promise.resolve(), newSearchIndex: false };
    }

    const { headers, sitemapPaths } = await writeSitemapAndHeaders({ outDir, siteUrl, env, previousBuild, plan, writer, book });
    step('sitemap and headers');
    const { pages, hashSets } = plan;
    let { searchChanged } = book;
    if (!fresh) {
      // The newest index there is (the background index updates it between builds); this build's follows.
      const index = [path.join(stateDir, SEARCH_INDEX_DIR), path.join(outDir, SEARCH_INDEX_DIR)].find((dir) => existsSync(dir));
      if (index) await linkIndex(index, staging);
      if (index !== path.join(stateDir, SEARCH_INDEX_DIR)) searchChanged = true;
    } else {
      await rm(path.join(stateDir, SEARCH_INDEX_DIR), { recursive: true, force: true });
      await linkTree(path.join(staging, SEARCH_INDEX_DIR), path.join(stateDir, SEARCH_INDEX_DIR));
      // The background index that follows makes again only the parts whose pages change after this build.
      indexer.indexed(build, { site: staging, files: searchFilesIn(pages.entries(), partition!) });
    }
    step('search index');

    const replaced = goLive();
    bookkeepAfterSwap(
      outDir,
      !fresh
        ? keepSpare(stateDir, replaced, staging, writer.changedFiles)
        : keepSpare(stateDir, replaced, staging, null).then(() => copyAsSpare(stateDir, staging)),
    );
    step('swap');
    const result = outcome(headers);

    await replaceDir(snapshot, path.join(stateDir, 'export'));
    await writeState(stateDir, {
      version: 2,
      rendererKey: bundle.key,
      today,
      exportVersion: source.version,
      siteId: liveGeneration(outDir)!,
      hashSets: hashSets.compact(pages),
      pages,
      sitemapFiles: sitemapPaths,
    });
    if (source.loaded) rememberExport(outDir, { version: source.version, ...source.loaded, directory: listed.directory });
    step('state');
    // A build of every page has asked for every card the site shows: the ones long unasked are dropped.
    if (plan.render.length === siteUrls.length) {
      const pruned = pruneCardCache();
      if (pruned.files > 0 && !quiet)
        console.log(`[og] ${pruned.files} cards unused for ${CARD_IDLE_DAYS} days removed (${Math.round(pruned.bytes / 1024)} KB).`);
      step('card cache');
    }

    let searchIndexed = fresh ? Promise.resolve() : indexer.current();
    if (!fresh && searchChanged) {
      // In the background, once the machine is quiet (scripts/lib/search-index.ts).
      searchIndexed = indexer.request(build, searchFiles(pages.entries(), options.searchPartPages));
      reportIndexFailure(searchIndexed, outDir);
    }
    return { ...result, searchIndexed, newSearchIndex: fresh || searchChanged };
  } finally {
    if (!live) await rm(staging, { recursive: true, force: true });
    await rm(snapshot, { recursive: true, force: true });
    await rm(slicesDir, { recursive: true, force: true });
  }
}

/**
 * Reports a failed background index; awaiting the promise still sees the failure. Its own function: a handler
 * made inside buildOnce would hold that build's whole scope (its plan, URLs and listing: 13 MB at 10,000
 * therapists) for as long as the index waits for a quiet machine, one scope per build of a stream of saves.
 */
function reportIndexFailure(indexed: Promise<void>, outDir: string): void {
  indexed.catch((error: Error) => console.error(`[search] indexing ${outDir} failed; the previous index stays.\n${error.message}`));
}

/**
 * A shard's part of a full build across machines (docs/decisions/sharded-builds.md): its manifest, for the merge
 * (./lib/merge-shards.ts), in place of the sitemap, the headers, the index's part list and the state. Returns the
 * headers of the shard's own pages (for the caller); the merge makes the site's from every shard's hash sets.
 */
async function writeShard(options: {
  shard: Shard;
  bundle: RendererBundle;
  source: BuildExport;
  now: Date;
  siteUrl: string;
  env: Record<string, string | undefined>;
  siteUrls: readonly string[];
  plan: BuildPlan;
  staging: string;
  screen: () => Promise<ScreenedExport>;
  searchPartPages?: Readonly<Record<IndexPartKind, number>>;
}): Promise<SiteHeaders> {
  const { pages, hashSets } = options.plan;
  const headers = siteHeaders(hashSets.union(pages.values()), options.env);
  // compact renumbers the records' hash sets: after the union above.
  const manifest = {
    shard: options.shard,
    rendererKey: options.bundle.key,
    exportVersion: options.source.version,
    now: options.now.toISOString(),
    siteUrl: options.siteUrl,
    // Named by the merge when shards left out different records (the export versions then differ).
    leftOut: (await options.screen()).leftOut.map((out) => `${out.collection}/${out.key}`).sort(),
    searchPartPages: options.searchPartPages ?? SEARCH_PART_PAGES,
    hashSets: hashSets.compact(pages),
  };
  await writeShardManifest(options.staging, shardManifest(manifest, options.siteUrls, pages));
  return headers;
}

/**
 * The sitemap, where the set of sitemap pages moved (a part the last build wrote with the same bytes is in the
 * generation already), and the headers file: the headers and the sitemap's files.
 */
async function writeSitemapAndHeaders(options: {
  outDir: string;
  siteUrl: string;
  env: Record<string, string | undefined>;
  previousBuild: SiteState | undefined;
  plan: BuildPlan;
  writer: GenerationWriter;
  book: RenderedPages;
}) {
  const { plan, writer, book } = options;
  const { pages, hashSets } = plan;
  // 274,000 URLs at 10,000 × 20 took 1–3 s a cycle to list, sort and compare with the files.
  let sitemapPaths = plan.sitemapFiles;
  // Listed every cycle (from the changes, once this process has listed the site), so the next cycle's listing fits.
  const sitemaps = siteSitemapFiles(
    { outDir: options.outDir, siteUrl: options.siteUrl, from: options.previousBuild?.pages, pages },
    () => Array.from(pages.values()).flatMap((page) => (page.sitemap ? [page.file] : [])),
    book.sitemapChanges,
  );
  if (book.sitemapMoved) {
    for (const sitemap of sitemaps) if (!sitemap.kept) await writer.write(sitemap.path.slice(1), sitemap.bytes);
    sitemapPaths = sitemaps.map((sitemap) => sitemap.path.slice(1));
    for (const stale of plan.sitemapFiles) {
      if (!sitemapPaths.includes(stale)) await writer.remove(stale);
    }
  }
  const headers = siteHeaders(hashSets.union(pages.values()), options.env);
  await writer.write(HEADERS_FILE, headersFileBytes(headers.headers));
  return { headers, sitemapPaths };
}

/**
 * The site's URLs, listed by the renderer while the new generation is
 * staged (a copy of the live one, or the client files and public files of
 * an empty one) and this thread works out which pages the export's change
 * affects (an incremental build) or checks the export's copy (a full one).
 */
async function listSite(options: {
  exportDir: string;
  screen: () => Promise<ScreenedExport>;
  outDir: string;
  stateDir: string;
  staging: string;
  bundle: RendererBundle;
  pool: RendererPool;
  context: CycleContext;
  source: BuildExport;
  previousBuild: SiteState | undefined;
  today: string;
  step: (name: string) => void;
}) {
  const { outDir, stateDir, staging, pool, context, source, previousBuild } = options;
  // A listing that throws is a failure of the pages (a record's parameters, say), for ./lib/page-culprits.ts to look into.
  const listing = (
    previousBuild ? pool.urls(context).then((urls) => ({ urls, redirects: [] as string[] })) : pool.fullBuildUrls(context)
  ).catch((error: unknown) => {
    throw new PageFailures(new Map([['(listing)', firstLine(error)]]));
  });
  const copying: Promise<SiteBuild['staged']> = previousBuild
    ? // The index comes from the state folder before the swap (buildOnce).
      stageFromLive(outDir, stateDir, staging, [SEARCH_INDEX_DIR]).then((spare) => (spare ? 'spare' : 'copy'))
    : // Client bundles and public files first, then every page.
      linkTree(options.bundle.clientDir, staging).then(() => 'fresh');
  const preparing = Promise.all([listing, copying]);
  const checking = source.loaded
    ? Promise.resolve()
    : screenedAsBuilt(options).then(({ judged }) => checkCopy(context.exportDir, source.files, judged));
  // Awaited below; handled now in case what comes between throws.
  for (const work of [preparing, checking]) work.catch(() => undefined);
  let directory: Directory | undefined;
  /** The URLs the export's change affects, or null: all of them. */
  let affected: Set<string> | null = null;
  if (source.loaded) {
    const { previous, loaded } = source;
    directory = indexExport(loaded.records, previous!.directory);
    // A new day moves every schedule, /today and the next shifts of the handle index: all pages.
    if (previousBuild!.today === options.today)
      affected = affectedUrls(
        previous!.directory,
        directory,
        // The export the live site was built from is the state's copy until this build replaces it.
        diffExports(
          ...(await comparable(
            previous!,
            { version: source.version, ...loaded },
            { before: path.join(stateDir, 'export'), after: context.exportDir },
          )),
        ),
      );
  }
  options.step('affected pages');
  // Both settled before either failure is thrown (nothing left working on the folders that are then removed);
  // the check's first, as it says what is wrong with the export where a renderer crash on it would not.
  const [checked, prepared] = await Promise.allSettled([checking, preparing]);
  if (checked.status === 'rejected') throw checked.reason;
  if (prepared.status === 'rejected') throw prepared.reason;
  const [{ urls: siteUrls, redirects }, staged] = prepared.value;
  // A URL the site cannot serve fails before anything renders (./lib/page-culprits.ts finds whose it is).
  const badUrls = siteUrls.filter((url) => !isSitePath(url));
  if (badUrls.length > 0) throw new PageFailures(new Map(badUrls.map((url) => [url, NOT_A_SITE_PATH])));
  return { siteUrls, redirects, staged, directory, affected };
}

/** Numbers the old indexes set aside by this process. */
let asides = 0;

/** Puts the index `index` into the generation `staging` (as hard links), unless it holds that index already. */
async function linkIndex(index: string, staging: string): Promise<void> {
  const target = path.join(staging, SEARCH_INDEX_DIR);
  if (await sameIndex(index, target)) return;
  if (existsSync(target)) {
    // Set aside beside the generation, not in it: the generation goes live, and its files must be the site's only.
    const aside = path.join(path.dirname(staging), `pagefind-old-${process.pid}-${++asides}`);
    await rename(target, aside);
    void removeInBackground(aside);
  }
  await linkTree(index, target);
}

/**
 * Puts the newest full-text index (`{state}/pagefind`, written by the
 * background indexer) live: a new generation with the pages of the live one
 * and that index, pointed at like a build's. Runs in the site's build queue.
 */
async function publishIndex(outDir: string): Promise<void> {
  const stateDir = stateDirOf(outDir);
  await afterSwap.get(outDir);
  const staging = newGeneration(stateDir);
  let live = false;
  try {
    await stageFromLive(outDir, stateDir, staging, [SEARCH_INDEX_DIR]);
    await linkIndex(path.join(stateDir, SEARCH_INDEX_DIR), staging);
    const replaced = pointAt(outDir, staging);
    live = true;
    // The pages are the live ones: the replaced generation lacks only the index, which linkIndex checks anyway.
    bookkeepAfterSwap(outDir, keepSpare(stateDir, replaced, staging, []));
    const state = await readState(stateDir);
    if (state) await writeState(stateDir, { ...state, siteId: liveGeneration(outDir)! });
  } finally {
    if (!live) await rm(staging, { recursive: true, force: true });
  }
}

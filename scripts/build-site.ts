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
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { indexExport, type Directory } from '../src/data/directory';
import {
  checkExportFiles,
  hashExportFiles,
  readExportFiles,
  type CheckedFiles,
  type HashedFile,
  type LoadedFiles,
} from '../src/data/export-records';
import {
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollectionName,
} from '../src/registry/public-collections';
import { indexPartKindOf, isIndexEndpoint, searchPartsOf } from '../src/data/site-pages';
import {
  SEARCH_INDEX_DIR,
  SEARCH_PART_PAGES,
  type IndexPartKind,
  type SearchPart,
  type SearchPartition,
} from '../src/lib/search/index-parts';
import { CARD_IDLE_DAYS, pruneCardCache } from '../src/lib/seo/card-cache';
import { isProductionBuild, resolveSiteUrl } from '../src/lib/seo/site-url';
import { tokyoDateKey } from '../src/lib/tokyo-date';
import { contentSecurityPolicy, hostingHeaders, inlineHashes, type HeaderRule, type InlineHashes } from './lib/hosting-headers';
import { affectedUrls, diffExports } from './lib/incremental';
import { PageFailures, pageCulprits, type FailedPages } from './lib/page-culprits';
import { readQuarantine, writeQuarantine } from './lib/quarantine';
import { screenExport, type LeftOut, type ScreenedExport } from './lib/screen-export';
import { readReport, reportPathFor, writeQuarantined, type SkippedDocument } from './export/report';
import { foreground } from './lib/foreground';
import { EMULATORS, ROOT } from './lib/project';
import { pageText } from './lib/page-text';
import { removalsUnderway, removeInBackground, replaceDir } from './lib/replace-dir';
import {
  fileBytes,
  isSitePath,
  linkIfChanged,
  linkNewFile,
  linkTree,
  removeSiteFile,
  siteFileOf,
  writeIfChanged,
  writeNewFile,
} from './lib/site-files';
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
import { BackgroundIndexer } from './lib/search-index';
import { isSearchablePage } from './lib/search-index-writer';
import { IndexedRender } from './lib/indexed-render';
import { planBuild } from './lib/build-plan';
import { HashSets, readState, stateDirOf, writeState, type PageRecord } from './lib/site-state';
import { isSitemapPage, siteSitemapFiles } from './lib/sitemap-files';
import { stepTimer } from './lib/step-timer';
import { planShards, type Shard } from './lib/shards';
import { shardManifest, writeShardManifest } from './lib/shard-manifest';
import { ensureRenderer, type RendererBundle } from './renderer/bundle';
import { rendererPool, workerCount, workersWithin, type RendererPool } from './renderer/pool';
import type { CycleContext, Rendered } from './renderer/protocol';
import { memoryBudgetMb as memoryBudget } from './lib/memory-budget';

export interface SiteBuildOptions {
  exportDir: string;
  outDir?: string;
  quiet?: boolean;
  /** The Firebase project the site's islands talk to (PUBLIC_FIREBASE_PROJECT_ID); the env's when omitted. */
  firebaseProjectId?: string;
  /** PUBLIC_ANALYTICS_ENDPOINT for this build; the env's when omitted, '' for none. */
  analyticsEndpoint?: string;
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
   * Render each owner's schedule and diaries from the export cut by owner (src/data/owner-slices.ts), on a
   * worker per core, after the rest of a full build. When omitted: when the memory budget allows fewer render
   * workers over the whole export than there are cores (tests say true or false).
   */
  ownerSlices?: boolean;
}

/** The headers a built site is served with (also in `<site>/.headers.json`), and its production-shaped set. */
export interface SiteHeaders {
  /** For this build: with the emulator addresses when it is a local one. */
  headers: HeaderRule[];
  /** Without emulator addresses: what firebase.json carries for `firebase deploy`. */
  productionHeaders: HeaderRule[];
  hashes: InlineHashes;
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
  sliceWorkers: number;
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

/** Name of the headers file inside a built site (a dot file: Firebase Hosting does not deploy it). */
export const HEADERS_FILE = '.headers.json';

/** The bytes of HEADERS_FILE. */
export const headersFileBytes = (headers: readonly HeaderRule[]) => Buffer.from(`${JSON.stringify(headers, null, 2)}\n`);

/** Origins the browser reaches the local emulators on (src/lib/firebase/config.ts uses the same). */
export function emulatorOrigins(env: Record<string, string | undefined> = process.env): string[] {
  const host = env.PUBLIC_FIREBASE_EMULATOR_HOST || '127.0.0.1';
  return (['auth', 'firestore', 'storage'] as const).map((name) => `http://${host}:${EMULATORS[name].port}`);
}

/** The headers of a site whose pages inline `hashes`. */
export function siteHeaders(hashes: InlineHashes, env: Record<string, string | undefined>): SiteHeaders {
  const analyticsEndpoint = env.PUBLIC_ANALYTICS_ENDPOINT || undefined;
  const productionHeaders = hostingHeaders(contentSecurityPolicy({ hashes, analyticsEndpoint }));
  const headers = isProductionBuild(env)
    ? productionHeaders
    : hostingHeaders(contentSecurityPolicy({ hashes, analyticsEndpoint, emulatorOrigins: emulatorOrigins(env) }));
  return { headers, productionHeaders, hashes };
}

/** Builds of one site (and the background index's updates) run one after another (per process). */
const queues = new Map<string, Promise<unknown>>();
/**
 * The files of the site's searchable pages (what Pagefind indexes), by part of the index (every part, in order,
 * from all the site's URLs: searchPartsOf), sorted (also the merge's).
 */
export function searchFiles(
  pages: Iterable<[url: string, record: PageRecord]>,
  limits?: Readonly<Record<IndexPartKind, number>>,
): Map<SearchPart, string[]> {
  const all = [...pages];
  return searchFilesIn(
    all,
    searchPartsOf(
      all.map(([url]) => url),
      limits,
    ),
  );
}

/** searchFiles by a partition already cut from every URL of the site (a full build's, the merge's). */
export function searchFilesIn(pages: Iterable<[url: string, record: PageRecord]>, partition: SearchPartition): Map<SearchPart, string[]> {
  const files = new Map(partition.parts.map((part) => [part, [] as string[]]));
  for (const [url, page] of pages) if (page.search) files.get(partition.partOf(url)!)!.push(page.file);
  for (const list of files.values()) list.sort();
  return files;
}

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
/** An export as the build holds it: its files (parsed, with their hashes), its records and their lookups. */
interface LoadedExport extends LoadedFiles {
  version: string;
  directory?: Directory;
}
/** The export each site was last built from in this process (saves reading it back). */
const lastExport = new Map<string, LoadedExport>();

/**
 * The export the served site was rendered from, with its lookups: this
 * process's last, else the state's copy (checked when it was built).
 */
async function previousExport(outDir: string, stateDir: string, version: string): Promise<LoadedExport & { directory: Directory }> {
  let known = lastExport.get(outDir);
  if (known?.version !== version) {
    known = { version, ...(await readExportFiles(path.join(stateDir, 'export'), { check: false })) };
    lastExport.set(outDir, known);
  }
  known.directory ??= indexExport(known.records);
  return known as LoadedExport & { directory: Directory };
}

const hashesOf = (loaded: { files: readonly HashedFile[] }) => new Map(loaded.files.map((file) => [file.file, file.hash]));

/**
 * The two exports cut to what can differ, for diffExports: a collection
 * whose files all kept their bytes is the same array on both sides (not
 * compared), and of a sharded one only the shards whose file changed are
 * compared (its records never move between shards).
 */
function comparable(before: LoadedExport, after: LoadedExport): [ExportRecords, ExportRecords] {
  const old = hashesOf(before);
  const now = hashesOf(after);
  const changedFile = (file: string) => old.get(file) !== now.get(file);
  const filesOf = (loaded: LoadedExport, name: PublicCollectionName) => loaded.files.filter((file) => file.name === name);
  const cut = (loaded: LoadedExport, name: PublicCollectionName) => {
    if (![...filesOf(before, name), ...filesOf(after, name)].some((file) => changedFile(file.file))) return after.records[name];
    if (!PUBLIC_COLLECTIONS[name].shardBy) return loaded.records[name];
    return filesOf(loaded, name).flatMap((file) => (changedFile(file.file) ? file.records : []));
  };
  const side = (loaded: LoadedExport) =>
    Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, cut(loaded, name)])) as unknown as ExportRecords;
  return [side(before), side(after)];
}

/**
 * Builds the site of `exportDir` into `outDir` (dist/ by default): in full
 * the first time, after a code change or when asked, else incrementally.
 * Builds of one folder run one after another.
 */
export function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const outDir = path.resolve(options.outDir ?? path.join(ROOT, 'dist'));
  // The background index waits while a build runs (scripts/lib/foreground.ts).
  return enqueue(outDir, () => foreground.run(() => buildLeavingOut({ ...options, outDir })));
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

/** The environment a build renders with: the renderer's overrides and the site's URL (also the merge's: ./lib/merge-shards.ts). */
export function buildEnvironment(options: Pick<SiteBuildOptions, 'firebaseProjectId' | 'analyticsEndpoint'>) {
  const overrides = {
    // Under Vitest NODE_ENV is 'test', which would build React's development bundle.
    NODE_ENV: 'production',
    ...(options.firebaseProjectId && { PUBLIC_FIREBASE_PROJECT_ID: options.firebaseProjectId }),
    ...(options.analyticsEndpoint !== undefined && { PUBLIC_ANALYTICS_ENDPOINT: options.analyticsEndpoint }),
  };
  const env = { ...process.env, ...overrides };
  return { overrides, env, siteUrl: resolveSiteUrl(env) };
}

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

const NOT_A_SITE_PATH = 'not a site path (a URL built from text the site cannot serve)';
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 2).join(' ').slice(0, 300);

/** Why a rendered answer cannot go into the site, or null when it can. */
function renderFailure(result: Rendered, siteUrl: string): string | null {
  try {
    return fileBytes(result, siteUrl) ? null : `answers ${result.status}, though it is one of the site's URLs (getStaticPaths)`;
  } catch (error) {
    return firstLine(error);
  }
}

function exportVersionOf(files: readonly HashedFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.file}\0${file.hash}\0`);
  return hash.digest('hex').slice(0, 20);
}

/**
 * Copies the export into `dir` for the renderer (it becomes the state's
 * `export/` once the site is live). A real copy, never a link to the export
 * (whose files someone may edit in place); a file whose bytes the previous
 * copy already holds is linked from there (the build never edits its own copy).
 */
async function writeExportCopy(
  dir: string,
  exportDir: string,
  files: readonly HashedFile[],
  previous: LoadedExport | undefined,
  previousDir: string,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const held = previous ? hashesOf(previous) : new Map<string, string>();
  await mkdir(dir, { recursive: true });
  for (const { file, shardBy } of Object.values(PUBLIC_COLLECTIONS)) if (shardBy) await mkdir(path.join(dir, file));
  await Promise.all(
    files.map((file) =>
      held.get(file.file) === file.hash
        ? link(path.join(previousDir, file.file), path.join(dir, file.file))
        : copyFile(path.join(exportDir, file.file), path.join(dir, file.file)),
    ),
  );
}

/**
 * Checks the export's copy that a full build's renderer reads: every record
 * against its schema (checkExportFiles; not again where the screen `judged`
 * the same bytes), and its files against those `hashed` before the copy, so
 * the build is of the export it names.
 */
async function checkCopy(copy: string, hashed: readonly HashedFile[], judged: CheckedFiles): Promise<void> {
  const checked = await checkExportFiles(copy, judged);
  const hashes = new Map(hashed.map((file) => [file.file, file.hash]));
  if (checked.length !== hashes.size || checked.some((file) => hashes.get(file.file) !== file.hash))
    throw new Error('The export changed while this build copied it; the next build reads it again.');
}

/** Thrown by a build of an export whose screen leaves records out: buildLeavingOut builds the screened copy instead. */
class ScreenLeftOut extends Error {
  constructor() {
    super('The screen left records of the export out: the screened copy is built instead.');
  }
}

/** The screen of the export a build reads, once it agrees that this is the folder to build (else ScreenLeftOut). */
async function screenedAsBuilt({ exportDir, screen }: { exportDir: string; screen: () => Promise<ScreenedExport> }) {
  const screened = await screen();
  if (path.resolve(screened.dir) !== path.resolve(exportDir)) throw new ScreenLeftOut();
  return screened;
}

/** What the state keeps of a written file (and its page's text, ./lib/page-text.ts, for the search index). */
function pageRecord(
  file: string,
  result: Rendered,
  answer: Uint8Array | { file: string },
  hashSets: HashSets,
): { record: PageRecord; text?: string } {
  const record: PageRecord = { file, kind: result.kind };
  if (!file.endsWith('.html') || !(answer instanceof Uint8Array)) return { record };
  const text = pageText(answer);
  if (isSitemapPage(text)) record.sitemap = true;
  if (isSearchablePage(text)) record.search = true;
  const hashes = hashSets.indexOf(inlineHashes(text, 'latin1'));
  if (hashes !== undefined) record.hashes = hashes;
  return { record, text };
}

/**
 * A build of the export in `exportDir` that `screen` (buildLeavingOut's) says is
 * the one to build: ScreenLeftOut is thrown, before anything is written, where
 * the screen leaves records of it out.
 */
async function buildOnce(
  options: SiteBuildOptions & { outDir: string; screen: () => Promise<ScreenedExport> },
): Promise<Omit<SiteBuild, 'leftOut' | 'rounds'>> {
  const started = performance.now();
  const { timings, step } = stepTimer();
  const { exportDir, outDir, quiet } = options;
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
  // Whether the previous build can be reused: without it the plan starts from nothing (a full build).
  const reusable =
    !options.full &&
    !options.shard &&
    state !== undefined &&
    state.rendererKey === bundle.key &&
    state.siteId === liveGeneration(outDir) &&
    existsSync(path.join(stateDir, 'export'));
  if (!reusable) lastExport.delete(outDir);
  // Read before any work: a bad BUILD_MEMORY_MB fails the build at once, not after the listing.
  const memoryBudgetMb = reusable ? Infinity : memoryBudget(options.memoryBudgetMb);
  // An incremental build reads the export on this thread: the screen's word first (it runs in the time a full build's
  // renderer lists the URLs, below).
  const judged = reusable ? (await screenedAsBuilt(options)).judged : undefined;
  const previous = reusable ? await previousExport(outDir, stateDir, state.exportVersion) : undefined;
  // Checked on this thread, so the renderer need not check it again: the files the previous build did not check already.
  // A full build keeps no records here (the workers read their own; the next incremental build reads its copy), and
  // checks its copy while the renderer lists the URLs (below).
  const loaded = reusable
    ? await readExportFiles(path.resolve(exportDir), {
        check: true,
        checked: new Map([...hashesOf(previous!), ...judged!]),
      })
    : undefined;
  const files = loaded?.files ?? (await hashExportFiles(path.resolve(exportDir)));
  const exportVersion = exportVersionOf(files);
  // The renderer reads a copy, which becomes the state's `export/` once the site is live.
  const snapshot = path.join(stateDir, `export-${process.pid}`);
  /** A full build's owner slices of that copy (src/data/owner-slices.ts), when it renders from them. */
  const slicesDir = path.join(stateDir, `owner-slices-${process.pid}`);
  await writeExportCopy(snapshot, path.resolve(exportDir), files, previous, path.join(stateDir, 'export'));
  const context: CycleContext = { exportDir: snapshot, version: exportVersion, now: now.toISOString(), checked: true };
  const pool = rendererPool(bundle);
  step('read export');
  const build = ++builds;
  const indexer = indexerOf(outDir);
  // The last swap's spare is recorded (or its old generation gone) before this build takes it.
  await afterSwap.get(outDir);
  // The next generation of the site, in which this build writes; live once pointed at.
  const staging = newGeneration(stateDir);
  let live = false;
  /**
   * Files an incremental build wrote or removed: what the generation it replaces lacks, to be brought up to date by
   * next time. A full build's spare is a copy of the whole site, and it keeps no such list (a set of every file).
   */
  const changedFiles = reusable ? new Set<string>() : null;
  const madeFolders = new Set<string>();
  /** Writes a page's bytes, or links the file that answers it (Rendered's `file`): in an empty generation every file is new. */
  const write = async (file: string, answer: Uint8Array | { file: string }) => {
    const wrote =
      answer instanceof Uint8Array
        ? reusable
          ? await writeIfChanged(staging, file, answer)
          : await writeNewFile(staging, file, answer, madeFolders)
        : reusable
          ? await linkIfChanged(staging, file, answer.file)
          : await linkNewFile(staging, file, answer.file, madeFolders);
    if (wrote) changedFiles?.add(file);
    return wrote;
  };
  const remove = async (file: string) => {
    await removeSiteFile(staging, file);
    changedFiles?.add(file);
  };
  /** A full build's render order, which writes the full-text index part by part on the way (./lib/indexed-render.ts). */
  let indexed: IndexedRender | undefined;
  try {
    // The renderer lists the URLs and the copy is made while this thread works out what changed (an incremental build)
    // or checks the export (a full one).
    // A listing that throws is a failure of the pages (a record's parameters, say), for ./lib/page-culprits.ts to look into.
    const listing = (reusable ? pool.urls(context) : pool.fullBuildUrls(context)).catch((error: unknown) => {
      throw new PageFailures(new Map([['(listing)', firstLine(error)]]));
    });
    const copying: Promise<SiteBuild['staged']> = reusable
      ? // The index comes from the state folder before the swap (see below).
        stageFromLive(outDir, stateDir, staging, [SEARCH_INDEX_DIR]).then((spare) => (spare ? 'spare' : 'copy'))
      : // Client bundles and public files first, then every page.
        linkTree(bundle.clientDir, staging).then(() => 'fresh');
    const preparing = Promise.all([listing, copying]);
    const checking = loaded ? Promise.resolve() : screenedAsBuilt(options).then(({ judged }) => checkCopy(snapshot, files, judged));
    // Awaited below; handled now in case what comes between throws.
    for (const work of [preparing, checking]) work.catch(() => undefined);
    let directory: Directory | undefined;
    let affected: Set<string> | null = null;
    if (reusable) {
      directory = indexExport(loaded!.records, previous!.directory);
      // A new day moves every schedule, /today and the next shifts of the handle index: all pages.
      if (state.today === today)
        affected = affectedUrls(
          previous!.directory,
          directory,
          diffExports(...comparable(previous!, { version: exportVersion, ...loaded! })),
        );
    }
    step('affected pages');
    // Both settled before either failure is thrown (nothing left working on the folders that are then removed);
    // the check's first, as it says what is wrong with the export where a renderer crash on it would not.
    const [checked, prepared] = await Promise.allSettled([checking, preparing]);
    if (checked.status === 'rejected') throw checked.reason;
    if (prepared.status === 'rejected') throw prepared.reason;
    const [siteUrls, staged] = prepared.value;
    step('list urls and copy');
    // A URL the site cannot serve fails before anything renders (./lib/page-culprits.ts finds whose it is).
    const badUrls = siteUrls.filter((url) => !isSitePath(url));
    if (badUrls.length > 0) throw new PageFailures(new Map(badUrls.map((url) => [url, NOT_A_SITE_PATH])));

    // From here on, one path: what differs between a full and an incremental build is in the plan.
    const { shard } = options;
    // A full build's parts of the full-text index, from every URL of the site; a shard renders and indexes its own.
    const partition = reusable ? undefined : searchPartsOf(siteUrls, options.searchPartPages);
    const shardPlan = shard && planShards(siteUrls, shard.count, partition!);
    const plan = planBuild(
      shardPlan ? siteUrls.filter((url) => shardPlan.shardOf(url) === shard!.index) : siteUrls,
      reusable ? state : undefined,
      affected,
    );
    const { pages, hashSets } = plan;
    const fresh = plan.from === 'empty';

    let written = 0;
    let searchChanged = false;
    // The sitemap lists the sitemap pages' URLs (sorted, no dates): it changes only when that set does.
    let sitemapMoved = fresh;
    const sitemapChanges = { added: [] as string[], removed: [] as string[] };
    /** Pages that failed to render: the build goes on rendering the others, then stops before the swap. */
    const failures = new Map<string, string>();
    const onResults = async (results: Rendered[]) => {
      for (const result of results) {
        const failure = result.file === undefined ? renderFailure(result, siteUrl) : null;
        if (failure) {
          failures.set(result.url, failure);
          // Its part of the index is still complete without it (the build stops before the swap anyway).
          await indexed?.rendered(result.url, '', undefined);
          continue;
        }
        const answer = result.file === undefined ? fileBytes(result, siteUrl)! : { file: result.file };
        const file = siteFileOf(result.url, result.kind);
        const previous = pages.get(result.url);
        if (previous && previous.file !== file) await remove(previous.file);
        const { record, text } = pageRecord(file, result, answer, hashSets);
        if (record.search && !indexPartKindOf(result.url))
          throw new Error(`${result.url} is searchable, but indexPartKindOf (src/data/site-pages.ts) does not name it.`);
        await indexed?.rendered(result.url, file, record.search ? text : undefined);
        if (record.sitemap !== previous?.sitemap || (record.sitemap && record.file !== previous?.file)) {
          sitemapMoved = true;
          if (previous?.sitemap) sitemapChanges.removed.push(previous.file);
          if (record.sitemap) sitemapChanges.added.push(record.file);
        }
        if (await write(file, answer)) {
          written++;
          if (record.search || previous?.search) searchChanged = true;
        }
        pages.set(result.url, record);
      }
    };
    // An empty generation gets its search index written part by part as the pages come (a shard: its own parts, which
    // the merge links together); a copy of the live one is re-indexed in the background afterwards.
    let renderWorkers = workerCount(plan.render.length);
    /** What one worker holds for this export (a full build), to run as many as its memory allows. */
    let workerHeapMb = 0;
    let ownerSlicePageCount = 0;
    let sliceWorkers = 0;
    if (!fresh) await pool.render(context, plan.render, onResults);
    else {
      // The sharded JSON endpoints first, on the worker that listed them and so holds the search indexes they serve;
      // then every worker drops those indexes, which no other page reads (docs/decisions/render-workers-by-memory.md).
      const endpoints: string[] = [];
      const rest: string[] = [];
      for (const url of plan.render) (isIndexEndpoint(url) ? endpoints : rest).push(url);
      await pool.render(context, endpoints, onResults, 1);
      workerHeapMb = await pool.dropEndpointData();
      const parts = shardPlan ? shardPlan.partitionOf(shard!.index) : partition!;
      const cores = workerCount(plan.render.length);
      renderWorkers = Math.min(cores, workersWithin(memoryBudgetMb, workerHeapMb));
      // Each owner's pages from her slice of the export, on every core, once the whole export's are done.
      const slices = (options.ownerSlices ?? renderWorkers < cores) ? await ownerSlicePages(pool, context, slicesDir, rest) : undefined;
      indexed = new IndexedRender(
        slices ? rest.filter((url) => !slices.sliced.has(url)) : rest,
        parts,
        path.join(staging, SEARCH_INDEX_DIR),
      );
      await pool.render(context, indexed.next, onResults, renderWorkers);
      await indexed.finished();
      for (const [name, ms] of Object.entries(indexed.timings)) timings[name] = Math.round(ms); // since the render began
      if (slices) {
        step('render whole export');
        sliceWorkers = cores;
        ownerSlicePageCount = slices.sliced.size;
        for (const [k, slice] of slices.slices.entries()) {
          const sliceContext: CycleContext = { ...context, exportDir: slice.dir, version: `${exportVersion}.slice-${k}` };
          await pool.render(sliceContext, slice.urls, onResults, cores);
        }
      }
    }
    step(sliceWorkers > 0 ? 'render owner slices' : 'render');
    if (failures.size > 0) throw new PageFailures(failures);
    for (const [url, record] of plan.remove) {
      await remove(record.file);
      if (record.search) searchChanged = true;
      if (record.sitemap) {
        sitemapMoved = true;
        sitemapChanges.removed.push(record.file);
      }
      pages.delete(url);
    }

    if (shard) {
      // The shard's own pages' headers (for the caller); the merge makes the site's from every shard's hash sets.
      const headers = siteHeaders(hashSets.union(pages.values()), env);
      // compact renumbers the records' hash sets: after the union above.
      const manifest = {
        shard,
        rendererKey: bundle.key,
        exportVersion,
        now: now.toISOString(),
        siteUrl,
        // Named by the merge when shards left out different records (the export versions then differ).
        leftOut: (await options.screen()).leftOut.map((out) => `${out.collection}/${out.key}`).sort(),
        searchPartPages: options.searchPartPages ?? SEARCH_PART_PAGES,
        hashSets: hashSets.compact(pages),
      };
      await writeShardManifest(staging, shardManifest(manifest, siteUrls, pages));
      const replaced = pointAt(outDir, staging);
      live = true;
      // No state: the folder holds part of a site, which no later build reuses.
      bookkeepAfterSwap(outDir, keepSpare(stateDir, replaced, staging, null));
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      return {
        ...headers,
        mode: 'full',
        staged,
        pages: siteUrls.length,
        rendered: plan.render.length,
        written,
        removed: 0,
        seconds,
        timings,
        renderWorkers,
        workerHeapMb,
        ownerSlicePages: ownerSlicePageCount,
        sliceWorkers,
        searchIndexed: Promise.resolve(),
        newSearchIndex: false,
        changedFiles: null,
      };
    }

    // 274,000 URLs at 10,000 × 20 took 1–3 s a cycle to list, sort and compare with the files.
    let sitemapPaths = plan.sitemapFiles;
    // Listed every cycle (from the changes, once this process has listed the site), so the next cycle's listing fits.
    const sitemaps = siteSitemapFiles(
      { outDir, siteUrl, from: fresh ? undefined : state!.pages, pages },
      () => Array.from(pages.values()).flatMap((page) => (page.sitemap ? [page.file] : [])),
      sitemapChanges,
    );
    if (sitemapMoved) {
      // A part the last build wrote with these bytes is in the generation already.
      for (const sitemap of sitemaps) if (!sitemap.kept) await write(sitemap.path.slice(1), sitemap.bytes);
      sitemapPaths = sitemaps.map((sitemap) => sitemap.path.slice(1));
      for (const stale of plan.sitemapFiles) {
        if (!sitemapPaths.includes(stale)) await remove(stale);
      }
    }
    const headers = siteHeaders(hashSets.union(pages.values()), env);
    await write(HEADERS_FILE, headersFileBytes(headers.headers));
    step('sitemap and headers');

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
    const replaced = pointAt(outDir, staging);
    live = true;
    bookkeepAfterSwap(
      outDir,
      !fresh
        ? keepSpare(stateDir, replaced, staging, changedFiles)
        : keepSpare(stateDir, replaced, staging, null).then(() => copyAsSpare(stateDir, staging)),
    );
    step('swap');
    const seconds = Math.round((performance.now() - started) / 100) / 10;

    await replaceDir(snapshot, path.join(stateDir, 'export'));
    await writeState(stateDir, {
      version: 2,
      rendererKey: bundle.key,
      today,
      exportVersion,
      siteId: liveGeneration(outDir)!,
      hashSets: hashSets.compact(pages),
      pages,
      sitemapFiles: sitemapPaths,
    });
    if (loaded) lastExport.set(outDir, { version: exportVersion, ...loaded, directory });
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
      // Reported here; awaiting searchIndexed still sees the failure.
      searchIndexed.catch((error: Error) =>
        console.error(`[search] indexing ${outDir} failed; the previous index stays.\n${error.message}`),
      );
    }
    return {
      ...headers,
      mode: fresh ? 'full' : 'incremental',
      staged,
      pages: siteUrls.length,
      rendered: plan.render.length,
      written,
      removed: plan.remove.length,
      seconds,
      timings,
      renderWorkers,
      workerHeapMb,
      ownerSlicePages: ownerSlicePageCount,
      sliceWorkers,
      searchIndexed,
      newSearchIndex: fresh || searchChanged,
      changedFiles,
    };
  } finally {
    await indexed?.discard();
    if (!live) await rm(staging, { recursive: true, force: true });
    await rm(snapshot, { recursive: true, force: true });
    await rm(slicesDir, { recursive: true, force: true });
  }
}

/**
 * Writes the owner slices of the export (src/data/owner-slices.ts) into `dir` and keeps, of each slice's pages,
 * those among `urls` (what this build renders after the endpoints), in the slice's order.
 */
async function ownerSlicePages(pool: RendererPool, context: CycleContext, dir: string, urls: readonly string[]) {
  await rm(dir, { recursive: true, force: true });
  const rendering = new Set(urls);
  const sliced = new Set<string>();
  const slices = (await pool.ownerSlices(context, dir)).map((slice) => {
    const urls = slice.urls.filter((url) => rendering.has(url) && !sliced.has(url));
    for (const url of urls) sliced.add(url);
    return { dir: slice.dir, urls };
  });
  return { slices, sliced };
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

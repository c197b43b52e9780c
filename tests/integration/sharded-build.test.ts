/**
 * A full build across machines (docs/decisions/sharded-builds.md): the demo
 * seed is exported once and built on one machine (a full build), and as
 * N = 3 shards (`build --shard k/3`, each into a folder of its own, as three
 * runners would) merged into one site (`build --merge`). The shards'
 * pages must partition the site's URLs, the merged site must hold the same
 * files as the one-machine build, byte for byte (the full-text index by what
 * it indexed, as tests/integration/incremental-build.test.ts compares it), and
 * the two indexes must answer searches alike in Chromium. With the index's
 * bound lowered, the one-machine build (given too little memory for more
 * than one render worker) and the merge cut the index into the same several
 * parts, and /search finds a diary of each.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildsSettled, type SiteBuild } from '../../scripts/build-site';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { mergeShards, type MergedSite } from '../../scripts/lib/merge-shards';
import { ROOT } from '../../scripts/lib/project';
import { serveSite } from '../../scripts/lib/serve-site';
import { readShardManifest, SHARD_MANIFEST_FILE } from '../../scripts/lib/shard-manifest';
import { planShards } from '../../scripts/lib/shards';
import { readState, stateDirOf } from '../../scripts/lib/site-state';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers, HEAP_GROWING_PERCENT, HELD_HEAP_GROWING_PERCENT, workerCount } from '../../scripts/renderer/pool';
import { readExportFiles } from '../../src/data/export-records';
import { searchPartitionOf } from '../../scripts/lib/search-files';
import {
  BLOGS_PATH,
  blogPath,
  FROZEN_LIST_PATH,
  profileCardPath,
  profilePath,
  RANKING_PATH,
  scheduleFeedPath,
  schedulePath,
  SEARCH_PATH,
  STORES_PATH,
  storePath,
  TIMELINE_PATH,
} from '../../src/lib/routes';
import { SEARCH_INDEX_DIR, SEARCH_PART_LIST, searchPartPath, type SearchPartList } from '../../src/lib/search/index-parts';
import { launchBrowser } from '../e2e/browser';
import { TEST_PROJECTS } from '../setup/projects';
import { firstDifference, searchIndexSummary, siteTree } from './support/site-tree';

process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.sharded;
const { runSeed } = await import('../../scripts/seed');
const { runExport } = await import('../../scripts/export');

const WORK = path.join(ROOT, '.build', 'sharded-build-test');
const EXPORT = path.join(WORK, 'export');
const ONE_MACHINE = path.join(WORK, 'one-machine');
const N = 3;
const SHARDS = Array.from({ length: N }, (_, i) => path.join(WORK, `shard-${i + 1}`));
const MERGED = path.join(WORK, 'merged');
// The full-text index's bound lowered so the seed's index comes in several parts of each kind (200 therapists, their 30
// stores, some 35 archive pages): built on one machine, and merged from the same shards.
const LOW_BOUND = { directory: 100, stores: 10, blogs: 10 };
const SMALL_PARTS = path.join(WORK, 'small-parts');
const SMALL_PART_SHARDS = SHARDS.map((dir) => `${dir}-small-parts`);
const MERGED_SMALL_PARTS = path.join(WORK, 'merged-small-parts');
// One clock for every build: pages show "today" and an "as of" time.
const now = new Date('2026-11-22T03:00:00.000Z');
const TODAY = '2026-11-22';

let renderer: RendererBundle;
let oneMachine: SiteBuild;
const shardBuilds: SiteBuild[] = [];
let merged: MergedSite;
let smallParts: SiteBuild;
const slicedShards: SiteBuild[] = [];

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  await clearFirestoreEmulator(TEST_PROJECTS.sharded);
  await runSeed({ therapists: 200, today: TODAY });
  await runExport(EXPORT, TODAY, { now });
  // One renderer for every build: the checkout's code may change while the test runs.
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  oneMachine = await buildSite({ exportDir: EXPORT, outDir: ONE_MACHINE, quiet: true, now, full: true, renderer });
  for (const [i, outDir] of SHARDS.entries())
    shardBuilds.push(await buildSite({ exportDir: EXPORT, outDir, quiet: true, now, renderer, shard: { index: i + 1, count: N } }));
  merged = await mergeShards({ shardDirs: SHARDS, outDir: MERGED });
  // With too little memory for two render workers over the whole export (scripts/renderer/pool.ts workersWithin): one
  // renders it, and each therapist's profile, schedule and diaries come from her slice of the export, a directory part
  // of the index each (src/data/owner-slices.ts), on every core. Said, not left to the machine's cores.
  smallParts = await buildSite({
    exportDir: EXPORT,
    outDir: SMALL_PARTS,
    quiet: true,
    now,
    full: true,
    renderer,
    searchPartPages: LOW_BOUND,
    memoryBudgetMb: 1,
    ownerSlices: true,
  });
  // Each shard writes the parts of the index it holds: shards cut by the lower bound, as the one-machine build is, and
  // (as a shard held to one worker by its memory would) rendering its owners' pages from owner slices.
  for (const [i, outDir] of SMALL_PART_SHARDS.entries())
    slicedShards[i] = await buildSite({
      exportDir: EXPORT,
      outDir,
      quiet: true,
      now,
      renderer,
      shard: { index: i + 1, count: N },
      searchPartPages: LOW_BOUND,
      ownerSlices: true,
    });
  await mergeShards({ shardDirs: SMALL_PART_SHARDS, outDir: MERGED_SMALL_PARTS });
}, 600_000);

afterAll(async () => {
  if (oneMachine) console.log(`one machine: ${oneMachine.rendered} pages in ${oneMachine.seconds} s`);
  for (const [i, build] of shardBuilds.entries()) console.log(`shard ${i + 1}/${N}: ${build.rendered} pages in ${build.seconds} s`);
  if (merged) console.log(`merge: ${merged.pages} pages in ${merged.seconds} s (${JSON.stringify(merged.timings)})`);
  await buildsSettled();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

/** Each query's results (URL and excerpt, in order) from a built site's full-text index, every part merged, in Chromium. */
async function searchAnswers(browser: Browser, site: string, queries: readonly string[]): Promise<{ url: string; excerpt: string }[][]> {
  const served = await serveSite(site);
  const page = await browser.newPage();
  try {
    await page.goto(`${served.url}/`);
    // As /search loads it (src/components/search/pagefind.ts). A string, so no transform of this file reaches the page.
    const search = `async ({ queries }) => {
      const list = await (await fetch('/pagefind/parts.json')).json();
      const parts = list.parts.filter((part) => part.pages > 0).map((part) => part.path);
      const pagefind = await import(parts[0] + 'pagefind.js');
      await Promise.all(parts.slice(1).map((part) => pagefind.mergeIndex(part)));
      const answers = [];
      for (const query of queries) {
        const found = await pagefind.search(query);
        const pages = await Promise.all(found.results.map((result) => result.data()));
        answers.push(pages.map(({ url, excerpt }) => ({ url, excerpt })));
      }
      return answers;
    }`;
    return (await page.evaluate(`(${search})(${JSON.stringify({ queries })})`)) as { url: string; excerpt: string }[][];
  } finally {
    await page.close();
    await served.close();
  }
}

describe('a full build across machines', () => {
  it('renders each URL of the site in exactly one shard, the one planShards names, and writes its parts of the index', async () => {
    const sitePages = [...(await readState(stateDirOf(ONE_MACHINE)))!.pages.entries()];
    const siteUrls = sitePages.map(([url]) => url).sort();
    const shardUrls = await Promise.all(SHARDS.map(async (dir) => (await readShardManifest(dir)).pages.map(([url]) => url)));
    const plan = planShards(siteUrls, N, searchPartitionOf(sitePages));
    for (const [i, urls] of shardUrls.entries()) {
      expect(urls.length, `shard ${i + 1}`).toBeGreaterThan(siteUrls.length / (2 * N));
      expect(urls.filter((url) => plan.shardOf(url) !== i + 1)).toEqual([]);
      // Its parts of the full-text index, and no other.
      const list = await readFile(path.join(SHARDS[i]!, SEARCH_INDEX_DIR, SEARCH_PART_LIST), 'utf8').catch(() => '{"parts":[]}');
      expect((JSON.parse(list) as SearchPartList).parts.map((part) => part.path)).toEqual(
        plan.partitionOf(i + 1).parts.map(searchPartPath),
      );
    }
    const union = shardUrls.flat().sort();
    // Disjoint (no URL twice) and together the whole site.
    expect(new Set(union).size).toBe(union.length);
    expect(union).toEqual(siteUrls);
    expect(shardBuilds.map((build) => build.rendered).reduce((sum, n) => sum + n, 0)).toBe(oneMachine.pages);
  });

  it('merges into the same files as a one-machine build, byte for byte', async () => {
    const [one, shards] = await Promise.all([siteTree(ONE_MACHINE), siteTree(MERGED)]);
    expect(one.size).toBeGreaterThan(1000);
    expect(shards.has(SHARD_MANIFEST_FILE)).toBe(false);
    const differing = firstDifference(one, shards);
    expect(differing, `first differing file: ${differing}`).toBeUndefined();
    // The index covers the same pages of each part, with the same fragments.
    const index = await searchIndexSummary(ONE_MACHINE);
    expect(Object.keys(index)).toEqual(['/pagefind/', '/pagefind/stores/', '/pagefind/blogs/']);
    for (const [part, { pageCounts }] of Object.entries(index))
      expect(
        Object.values(pageCounts).reduce((sum, n) => sum + n, 0),
        `pages in the ${part} part`,
      ).toBeGreaterThan(0);
    expect(await searchIndexSummary(MERGED)).toEqual(index);
    expect(merged.headers).toEqual(oneMachine.headers);
  });

  it('answers searches for a name, a handle and a diary word as the one-machine build does', async () => {
    const { records } = await readExportFiles(EXPORT, { check: false });
    const queries = [records.therapists[0]!.displayName, records.frozenAccounts[0]!.handle, records.blogs[0]!.title];
    const browser = await launchBrowser();
    try {
      const one = await searchAnswers(browser, ONE_MACHINE, queries);
      const shards = await searchAnswers(browser, MERGED, queries);
      for (const [i, query] of queries.entries()) expect(one[i]!.length, `results for ${query}`).toBeGreaterThan(0);
      expect(shards).toEqual(one);
    } finally {
      await browser.close();
    }
  });

  it('runs as many render workers as its memory budget allows, from what a worker holds once the endpoints are rendered, their heaps growing as far as it has room for', () => {
    expect(oneMachine.workerHeapMb).toBeGreaterThan(0);
    // The seed fits twice in the default budget: one worker per core (two at most), their heaps free to grow the most.
    expect(oneMachine.renderWorkers).toBe(workerCount(oneMachine.rendered));
    expect(oneMachine.heapGrowthPercent).toBe(200);
    // Held to one worker by its memory: the tightest growth, where there was a core for a second worker.
    expect(smallParts.renderWorkers).toBe(1);
    expect(smallParts.heapGrowthPercent).toBe(workerCount(Infinity) > 1 ? HELD_HEAP_GROWING_PERCENT : HEAP_GROWING_PERCENT);
    // Its owner slices measured what a slice leaves a worker holding, and its budget of 1 MB left no room to grow.
    expect(smallParts.sliceWorkerHeapMb).toBeGreaterThan(0);
    expect(smallParts.sliceHeapGrowthPercent).toBe(HEAP_GROWING_PERCENT);
    expect(oneMachine.sliceWorkerHeapMb).toBe(0);
  });

  it("renders each profile, schedule, calendar feed, card and diary from its owner slice, and each store's page from its store slice, the same bytes as from the whole export", async () => {
    const siteUrls = [...(await readState(stateDirOf(ONE_MACHINE)))!.pages.entries()].map(([url]) => url);
    const { records } = await readExportFiles(EXPORT, { check: false });
    const perTherapist = new Set(
      records.therapists.flatMap((therapist) => [
        schedulePath(therapist.id),
        scheduleFeedPath(therapist.id),
        ...(therapist.photoURL ? [] : [profileCardPath(therapist.profileSlug)]),
      ]),
    );
    const slicePrefixes = [blogPath(''), profilePath(''), storePath('')];
    const ownerPages = siteUrls.filter((url) => perTherapist.has(url) || slicePrefixes.some((prefix) => url.startsWith(prefix)));
    expect(ownerPages.length).toBeGreaterThan(500);
    expect(ownerPages.filter((url) => url.startsWith(storePath(''))).length, 'store pages').toBeGreaterThan(10);
    expect(ownerPages.filter((url) => perTherapist.has(url) && url.endsWith('.png')).length, 'cards').toBeGreaterThan(0);
    expect(smallParts.ownerSlicePages).toBe(ownerPages.length);
    expect(slicedShards.reduce((sum, build) => sum + build.ownerSlicePages, 0)).toBe(ownerPages.length);
    expect(smallParts.sliceWorkers).toBe(workerCount(smallParts.rendered));
    // The seed fits the default budget twice over: its one-machine build renders the whole export on every core.
    expect(oneMachine.ownerSlicePages).toBe(0);
    // On one machine, and as shards merged (each shard slicing its own owners' pages).
    const [whole, sliced, shardsSliced] = await Promise.all([siteTree(ONE_MACHINE), siteTree(SMALL_PARTS), siteTree(MERGED_SMALL_PARTS)]);
    for (const tree of [sliced, shardsSliced]) {
      const differing = firstDifference(whole, tree);
      expect(differing, `first differing file: ${differing}`).toBeUndefined();
    }
  });

  it('renders each list page from its list slice, which holds only the collections its list shows: the same bytes as from the whole export', async () => {
    const siteUrls = [...(await readState(stateDirOf(ONE_MACHINE)))!.pages.entries()].map(([url]) => url);
    const lists = [BLOGS_PATH, TIMELINE_PATH, FROZEN_LIST_PATH, RANKING_PATH, STORES_PATH, SEARCH_PATH];
    const listPages = siteUrls.filter((url) => lists.some((list) => url === list || url.startsWith(`${list}/`)));
    for (const list of lists) expect(listPages.filter((url) => url.startsWith(list)).length, list).toBeGreaterThan(0);
    expect(listPages.filter((url) => url.startsWith(`${BLOGS_PATH}/page/`)).length, 'the /blogs archive').toBeGreaterThan(1);
    expect(smallParts.listSlicePages).toBe(listPages.length);
    expect(slicedShards.reduce((sum, build) => sum + build.listSlicePages, 0)).toBe(listPages.length);
    expect(oneMachine.listSlicePages).toBe(0);
    // Their bytes: the trees compared whole in the test above.
  });

  it('cuts the index into parts within the bound, as the merge of the shards does, holding the same pages', async () => {
    const list = JSON.parse(await readFile(path.join(SMALL_PARTS, SEARCH_INDEX_DIR, SEARCH_PART_LIST), 'utf8')) as SearchPartList;
    const blogs = list.parts.filter((part) => /^\/pagefind\/blogs(-\d+)?\/$/.test(part.path));
    const stores = list.parts.filter((part) => /^\/pagefind\/stores(-\d+)?\/$/.test(part.path));
    const directory = list.parts.filter((part) => /^\/pagefind\/(directory-\d+\/)?$/.test(part.path));
    expect(directory.length).toBeGreaterThanOrEqual(3);
    expect(stores.length).toBeGreaterThanOrEqual(3);
    expect(blogs.length).toBeGreaterThanOrEqual(3);
    expect(directory.length + stores.length + blogs.length).toBe(list.parts.length);
    for (const part of directory) expect(part.pages, part.path).toBeLessThanOrEqual(LOW_BOUND.directory);
    for (const part of stores) expect(part.pages, part.path).toBeLessThanOrEqual(LOW_BOUND.stores);
    for (const part of blogs) expect(part.pages, part.path).toBeLessThanOrEqual(LOW_BOUND.blogs);
    const small = await searchIndexSummary(SMALL_PARTS);
    for (const part of list.parts)
      expect(small[part.path]!.listed).toBe(Object.values(small[part.path]!.pageCounts).reduce((a, b) => a + b, 0));
    expect(await searchIndexSummary(MERGED_SMALL_PARTS)).toEqual(small);
    // The same pages as the index in three parts, only cut otherwise.
    const whole = await searchIndexSummary(ONE_MACHINE);
    const kindOf = (part: string) => (part.includes('/blogs') ? 'blogs' : part.includes('/stores') ? 'stores' : 'directory');
    const pages = (summary: typeof whole, kind: string) =>
      Object.entries(summary)
        .filter(([part]) => kindOf(part) === kind)
        .reduce((sum, [, { listed }]) => sum + listed, 0);
    for (const kind of ['directory', 'stores', 'blogs']) expect(pages(small, kind), kind).toBe(pages(whole, kind));
  });

  it('finds on /search, in Chromium, a diary from each part of the diaries', async () => {
    const { records } = await readExportFiles(EXPORT, { check: false });
    const titles = new Map<string, number>();
    for (const blog of records.blogs) titles.set(blog.title, (titles.get(blog.title) ?? 0) + 1);
    const byId = new Map(records.blogs.map((blog) => [blog.id, blog]));
    const siteUrls = [...(await readState(stateDirOf(SMALL_PARTS)))!.pages.entries()];
    const { parts, partOf } = searchPartitionOf(siteUrls, LOW_BOUND);
    // Per part of the diaries, one diary on its archive pages whose title no other diary has.
    const picks = new Map<string, { id: string; title: string }>();
    for (const [url, record] of siteUrls) {
      const part = partOf(url);
      if (!part?.startsWith('blogs') || picks.has(part) || !record.search) continue;
      const html = await readFile(path.join(SMALL_PARTS, record.file), 'utf8');
      for (const [, id] of html.matchAll(/id="blog-([A-Za-z0-9_-]+)"/g)) {
        const title = byId.get(id!)?.title;
        if (title && titles.get(title) === 1) {
          picks.set(part, { id: id!, title });
          break;
        }
      }
    }
    expect([...picks.keys()].sort()).toEqual(parts.filter((part) => part.startsWith('blogs')).sort());
    const served = await serveSite(SMALL_PARTS);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      for (const [part, { id, title }] of picks) {
        await page.goto(`${served.url}${SEARCH_PATH}?q=${encodeURIComponent(title)}`);
        await page.getByTestId('search-result').first().waitFor();
        const found = page.locator(`[data-testid="search-result"] a[href$="${blogPath(id)}"]`);
        // Past the first results only if it must be: "more" shows the next ones.
        for (;;) {
          if ((await found.count()) > 0) break;
          const more = page.locator('[data-search-more]');
          if (!(await more.isVisible())) break;
          const shown = await page.getByTestId('search-result').count();
          await more.click();
          await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(shown);
        }
        expect(await found.count(), `${title} (${id}, in ${part})`).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
      await served.close();
    }
  });

  it('refuses to merge shards that are not the N shards of one build', async () => {
    await expect(mergeShards({ shardDirs: SHARDS.slice(1), outDir: path.join(WORK, 'two-of-three') })).rejects.toThrow(
      'The merge has 2 of the 3 shards',
    );
    await expect(mergeShards({ shardDirs: [SHARDS[0]!, SHARDS[0]!, SHARDS[2]!], outDir: path.join(WORK, 'twice') })).rejects.toThrow(
      'is given twice',
    );
    await expect(mergeShards({ shardDirs: [ONE_MACHINE], outDir: path.join(WORK, 'not-a-shard') })).rejects.toThrow(
      'is not the output of a shard build',
    );
  });
});

/**
 * The incremental build against the full one (scripts/build-site.ts): one
 * site is built in full, then incrementally after each change of a series
 * (create, edit, rename with a redirect, unpublish, delete a store, shifts,
 * a former handle); a second site is built in full from the final export;
 * the two trees must be the same file for file, byte for byte. The
 * full-text index is compared by what it indexed (Pagefind's filter files
 * are not byte-stable between two runs over the same pages).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, buildsSettled, lastBackgroundIndex, readAheadForSaves, type SiteBuild } from '../../scripts/build-site';
import { heldExportVersion } from '../../scripts/lib/build-export';
import { searchFiles } from '../../scripts/lib/search-files';
import { BackgroundIndexer } from '../../scripts/lib/search-index';
import { readState, stateDirOf } from '../../scripts/lib/site-state';
import { ROOT } from '../../scripts/lib/project';
import { filesUnder } from '../../scripts/lib/site-files';
import { foreground } from '../../scripts/lib/foreground';
import { collectGarbage } from '../../scripts/renderer/live-heap';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import { CARD_IDLE_DAYS, cardCacheDir } from '../../src/lib/seo/card-cache';
import { PUBLIC_COLLECTIONS, type ExportRecords } from '../../src/registry/public-collections';
import {
  blogRecord,
  frozenRecord,
  postRecord,
  publicExport,
  shiftRecord,
  therapistRecord,
  writePublicExport,
} from '../factories/public-export';
import { firstDifference, searchIndexSummary, siteTree } from './support/site-tree';

const WORK = path.join(ROOT, '.build', 'incremental-test');
const EXPORT = path.join(WORK, 'export');
const SITE_A = path.join(WORK, 'site-a');
const SITE_B = path.join(WORK, 'site-b');
// The full-text index's bound lowered, so the index comes in several parts (docs/decisions/full-text-index-parts.md)
// and the background index after the incremental builds must cut it as the full build does.
const LOW_BOUND = { directory: 20, stores: 3, blogs: 2 };
// A card cache of this file's own: a full build in another process prunes the shared one, which the card tests below watch.
process.env.CARD_CACHE_DIR = path.join(WORK, 'cards');
const CARD_CACHE_DIR = cardCacheDir();
// One clock for both sites: pages show "today" and an "as of" time.
let now = new Date('2026-11-22T03:00:00.000Z');
const TODAY = '2026-11-22';

let records: ExportRecords;
// One renderer for every build: the checkout's code may change while the test runs.
let renderer: RendererBundle;
const builds: { step: string; build: SiteBuild }[] = [];

/**
 * Writes the export and builds SITE_A incrementally. The search index
 * catches up in the background (only the newest build waiting is indexed
 * next); `awaitSearch` waits for it, as the comparison with a full build does.
 */
async function buildIncrementally(step: string, { awaitSearch = false } = {}): Promise<SiteBuild> {
  await writePublicExport(EXPORT, records);
  const build = await buildSite({ exportDir: EXPORT, outDir: SITE_A, quiet: true, now, renderer, searchPartPages: LOW_BOUND });
  if (awaitSearch) await build.searchIndexed;
  builds.push({ step, build });
  return build;
}

const read = (site: string, file: string) => readFile(path.join(site, file), 'utf8');
const inode = async (site: string, file: string) => (await stat(path.join(site, file))).ino;
beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  records = publicExport({ therapists: 40, today: TODAY });
  await writePublicExport(EXPORT, records);
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  const first = await buildSite({ exportDir: EXPORT, outDir: SITE_A, quiet: true, now, full: true, renderer, searchPartPages: LOW_BOUND });
  builds.push({ step: 'first build (full)', build: first });
}, 300_000);

afterAll(async () => {
  for (const { step, build } of builds) {
    console.log(
      `${step}: ${build.mode} (${build.staged}), ${build.rendered} rendered, ${build.written} written, ${build.removed} removed, ${build.seconds} s`,
    );
  }
  await buildsSettled();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

describe('incremental build', () => {
  it('reads ahead, after a full build, the export the next save diffs against', async () => {
    // The full build keeps none of its records (they would add to its peak).
    expect(heldExportVersion(SITE_A)).toBeUndefined();
    await readAheadForSaves(SITE_A);
    expect(heldExportVersion(SITE_A)).toBe((await readState(stateDirOf(SITE_A)))?.exportVersion);
  });

  it('renders a new therapist and the pages that list her', async () => {
    const store = records.stores[0]!;
    const newcomer = therapistRecord(99, store.id, { displayName: 'しずく', profileSlug: 'shizuku', channels: { x: 'shizuku_now' } });
    records.therapists.push(newcomer);
    records.frozenAccounts.push(frozenRecord(newcomer, 'aa_shizuku', 'therapist', { frozenOn: '2026-11-01' }));
    records.shifts.push(shiftRecord(newcomer, TODAY, '10:00', '16:00'));
    const build = await buildIncrementally('create', { awaitSearch: true });
    expect(build.mode).toBe('incremental');
    // The full build left a copy of itself as the spare: even the first incremental build copies nothing.
    expect(build.staged).toBe('spare');
    // The full build's index told the background index its parts' pages: the parts without her pages (the diaries')
    // are linked from it, not made again (each part made again by Pagefind numbers its pages anew: a deploy of all of it).
    const run = lastBackgroundIndex(SITE_A);
    expect(run?.made.length).toBeGreaterThan(0);
    expect(run?.linked.filter((part) => part.startsWith('blogs'))).not.toEqual([]);
    expect(await read(SITE_A, 'profile/shizuku.html')).toContain('しずく');
    expect(await read(SITE_A, `store-profile/${store.profileSlug}.html`)).toContain('しずく');
    expect(await read(SITE_A, 'today.html')).toContain('しずく');
    // "aa_shizuku" sorts first: the first page of the list takes it, the others move one on.
    expect(await read(SITE_A, 'frozen-accounts.html')).toContain('aa_shizuku');
    expect(await read(SITE_A, 'frozen-accounts/2.html')).toContain('@xmail_th');
  });

  it('starts the index of a new process from the parts the last index recorded: nothing changed, nothing made again', async () => {
    await buildsSettled();
    const stateDir = stateDirOf(SITE_A);
    const state = await readState(stateDir);
    // As a publisher restarted on its disk: an indexer of its own, the site's queue empty meanwhile.
    const indexer = new BackgroundIndexer(
      SITE_A,
      stateDir,
      (task) => task(),
      async () => undefined,
    );
    const files = searchFiles(state!.pages.entries(), LOW_BOUND);
    await indexer.request(Number.MAX_SAFE_INTEGER, files);
    expect(indexer.lastRun).toEqual({ made: [], linked: [...files.keys()] });
  });

  it('re-renders few files for a bio edit and leaves the rest untouched', async () => {
    const files = ['profile/therapist-02.html', 'profile/therapist-03.html', 'schedule/th-02.html', 'stores.html', 'frozen-accounts.html'];
    const before = Object.fromEntries(await Promise.all(files.map(async (file) => [file, await inode(SITE_A, file)] as const)));
    records.therapists[1] = { ...records.therapists[1]!, bio: '自己紹介を書き直しました。' };
    const build = await buildIncrementally('bio edit');
    // The generation live before the last build, brought up to date by that build's files: no copy of the site.
    expect(build.staged).toBe('spare');
    expect(build.written).toBeLessThan(15);
    expect(build.written).toBeGreaterThanOrEqual(1);
    expect(await read(SITE_A, 'profile/therapist-02.html')).toContain('自己紹介を書き直しました。');
    expect(await inode(SITE_A, 'profile/therapist-02.html')).not.toBe(before['profile/therapist-02.html']);
    for (const file of files.slice(1)) expect(await inode(SITE_A, file), file).toBe(before[file]);
  });

  it('follows a name edit to her store, the lists and the indexes', async () => {
    records.therapists[2] = { ...records.therapists[2]!, displayName: 'れいな改', bio: '名前を変えました。' };
    await buildIncrementally('name and bio edit');
    const store = records.stores.find((s) => s.id === records.therapists[2]!.storeId)!;
    expect(await read(SITE_A, `store-profile/${store.profileSlug}.html`)).toContain('れいな改');
    expect(await read(SITE_A, 'frozen-accounts.html')).toContain('れいな改');
  });

  it('moves a renamed profile and leaves a redirect at the old URL', async () => {
    const renamed = records.therapists[3]!;
    records.therapists[3] = { ...renamed, profileSlug: 'akari-renamed' };
    records.redirects.push({ from: renamed.profileSlug, to: 'akari-renamed', kind: 'therapist', until: '2026-12-20T00:00:00.000Z' });
    await buildIncrementally('rename');
    expect(await read(SITE_A, 'profile/akari-renamed.html')).toContain(renamed.displayName);
    expect(await read(SITE_A, `profile/${renamed.profileSlug}.html`)).toContain('url=/profile/akari-renamed');
  });

  it('removes an unpublished therapist everywhere', async () => {
    const gone = records.therapists[4]!;
    records.therapists.splice(4, 1);
    records.frozenAccounts = records.frozenAccounts.filter((f) => f.userId !== gone.id);
    records.shifts = records.shifts.filter((s) => s.userId !== gone.id);
    const build = await buildIncrementally('unpublish');
    expect(build.removed).toBeGreaterThanOrEqual(3);
    await expect(stat(path.join(SITE_A, `profile/${gone.profileSlug}.html`))).rejects.toThrow();
    await expect(stat(path.join(SITE_A, `schedule/${gone.id}.ics`))).rejects.toThrow();
    expect(await read(SITE_A, 'sitemap.xml')).not.toContain(`/profile/${gone.profileSlug}<`);
  });

  it('drops a deleted store from its members and lists', async () => {
    const store = records.stores[1]!;
    records.stores.splice(1, 1);
    records.therapists = records.therapists.map((t) => (t.storeId === store.id ? { ...t, storeId: null } : t));
    records.shifts = records.shifts.map((s) => (s.storeId === store.id ? { ...s, storeId: null } : s));
    records.frozenAccounts = records.frozenAccounts.filter((f) => f.userId !== store.id);
    await buildIncrementally('delete store');
    await expect(stat(path.join(SITE_A, `store-profile/${store.profileSlug}.html`))).rejects.toThrow();
    expect(await read(SITE_A, 'stores.html')).not.toContain(store.storeName);
  });

  it('follows shifts added and deleted', async () => {
    const therapist = records.therapists[6]!;
    records.shifts = records.shifts.filter((s) => s.userId !== records.therapists[7]!.id);
    records.shifts.push(shiftRecord(therapist, TODAY, '21:00', '05:00'));
    await buildIncrementally('shifts');
    expect(await read(SITE_A, `schedule/${therapist.id}.ics`)).toContain('T210000');
  });

  it('adds a former handle to the lists and the handle index', async () => {
    records.frozenAccounts.push(frozenRecord(records.therapists[8]!, 'zz_late', 'therapist', { verification: 'operator' }));
    await buildIncrementally('former handle');
    expect(await read(SITE_A, 'frozen-accounts/letter/z.html')).toContain('zz_late');
  });

  it('publishes, edits and hides blogs and posts', async () => {
    const author = records.therapists[3]!;
    const fresh = blogRecord(author, 7, { title: '新しい日記です', tags: ['新作'] });
    records.blogs.push(fresh);
    records.posts.push(postRecord(author, 50, { text: 'タイムラインに初投稿' }));
    const archive = await inode(SITE_A, 'blogs/page/1.html');
    await buildIncrementally('blog and post');
    expect(await read(SITE_A, `blog/${fresh.id}.html`)).toContain('新しい日記です');
    expect(await read(SITE_A, 'blogs.html')).toContain('新しい日記です');
    expect(await read(SITE_A, 'blogs/tag/新作.html')).toContain('新しい日記です');
    expect(await read(SITE_A, `profile/${author.profileSlug}.html`)).toContain('タイムラインに初投稿');
    expect(await read(SITE_A, 'timeline.html')).toContain('タイムラインに初投稿');
    // Archive pages count from the oldest: a new blog leaves the full first page alone.
    expect(await inode(SITE_A, 'blogs/page/1.html')).toBe(archive);

    records.blogs = records.blogs.map((blog) =>
      blog.id === fresh.id ? { ...blog, title: '書き直した日記', updatedAt: '2026-11-21T00:00:00.000Z' } : blog,
    );
    await buildIncrementally('blog edit');
    expect(await read(SITE_A, `blog/${fresh.id}.html`)).toContain('書き直した日記');
    // Its body alone: the build holds the diaries without their bodies, so it reads the changed shard again whole.
    records.blogs = records.blogs.map((blog) =>
      blog.id === fresh.id ? { ...blog, body: `${blog.body}\n\n追記：本文だけ直しました` } : blog,
    );
    await buildIncrementally('blog body');
    expect(await read(SITE_A, `blog/${fresh.id}.html`)).toContain('追記：本文だけ直しました');

    const hidden = records.blogs.find((blog) => blog.userId === records.therapists[0]!.id)!;
    records.blogs = records.blogs.filter((blog) => blog.id !== hidden.id && blog.id !== fresh.id);
    records.posts = records.posts.filter((post) => post.userId !== author.id || post.text !== 'タイムラインに初投稿');
    await buildIncrementally('blog hidden');
    await expect(read(SITE_A, `blog/${hidden.id}.html`)).rejects.toThrow();
    await expect(read(SITE_A, 'blogs/tag/新作.html')).rejects.toThrow();
    expect(await read(SITE_A, 'timeline.html')).not.toContain('タイムラインに初投稿');
  });

  it('goes on building while the search index catches up in the background', async () => {
    const started = [];
    for (const [i, name] of ['ゆい改', 'ゆい改二', 'ゆい改三'].entries()) {
      records.therapists[10] = { ...records.therapists[10]!, displayName: name };
      started.push(await buildIncrementally(`quick edit ${i + 1}`));
    }
    await Promise.all(started.map((build) => build.searchIndexed));
    expect(await read(SITE_A, `profile/${records.therapists[10]!.profileSlug}.html`)).toContain('ゆい改三');
    // Waits for the index the steps above left to the background too (they do not wait for it), at low priority:
    // over 120 s once on a CI machine busy with the browser files.
  }, 300_000);

  it('holds nothing of a build while its index waits for a quiet machine', async () => {
    // A cycle under way: the background index waits, as it does under a stream of saves (scripts/lib/foreground.ts).
    let endCycle!: () => void;
    const cycle = foreground.run(() => new Promise<void>((resolve) => (endCycle = resolve)));
    records.therapists[12] = { ...records.therapists[12]!, displayName: 'みなみ改' };
    await writePublicExport(EXPORT, records);
    const build = await buildSite({ exportDir: EXPORT, outDir: SITE_A, quiet: true, now, renderer, searchPartPages: LOW_BOUND });
    const { searchIndexed } = build;
    let indexed = false;
    void searchIndexed.then(() => (indexed = true));
    // The build's own file list, which its scope holds as long as anything holds that scope.
    expect(build.changedFiles?.size).toBeGreaterThan(0);
    const filesOfTheBuild = new WeakRef(build.changedFiles!);
    Object.assign(build, { changedFiles: null });
    // A WeakRef's target lives at least to the end of the task that read it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(indexed).toBe(false);
    expect(filesOfTheBuild.deref()).toBeUndefined();
    endCycle();
    await cycle;
    await searchIndexed;
    expect(await read(SITE_A, `profile/${records.therapists[12]!.profileSlug}.html`)).toContain('みなみ改');
  }, 300_000);

  /** A card in the card cache no build has asked for in 31 days. */
  const staleCard = path.join(CARD_CACHE_DIR, `stale-${randomUUID()}.png`);

  it('keeps the card cache as it is after a build of some pages', async () => {
    await mkdir(CARD_CACHE_DIR, { recursive: true });
    await writeFile(staleCard, 'png');
    const longAgo = new Date(Date.now() - (CARD_IDLE_DAYS + 1) * 24 * 60 * 60 * 1000);
    await utimes(staleCard, longAgo, longAgo);
    records.therapists[11] = { ...records.therapists[11]!, bio: 'カードの掃除の前に、自己紹介を少しだけ書き直しました。' };
    const build = await buildIncrementally('bio edit before the new day');
    expect(build.rendered).toBeLessThan(build.pages);
    expect(existsSync(staleCard)).toBe(true);
  });

  it('renders every page on a new day, and drops the cards long unasked from the card cache', async () => {
    now = new Date('2026-11-23T03:00:00.000Z');
    const build = await buildIncrementally('new day', { awaitSearch: true });
    expect(build.mode).toBe('incremental');
    expect(build.rendered).toBe(build.pages);
    expect(await read(SITE_A, 'today.html')).toContain('11月23日');
    expect(existsSync(staleCard)).toBe(false);
    // The cards the site shows were asked for: the cache still holds them (the site links the cache's files).
    const shown = await Promise.all(
      (await filesUnder(SITE_A)).filter((file) => file.startsWith('og/')).map(async (file) => (await stat(path.join(SITE_A, file))).ino),
    );
    const cached = new Set(
      await Promise.all((await readdir(CARD_CACHE_DIR)).map(async (name) => (await stat(path.join(CARD_CACHE_DIR, name))).ino)),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((ino) => !cached.has(ino))).toEqual([]);
  });

  it('leaves the same site as a full build of the final export', async () => {
    const full = await buildSite({ exportDir: EXPORT, outDir: SITE_B, quiet: true, now, full: true, renderer, searchPartPages: LOW_BOUND });
    builds.push({ step: 'final export (full)', build: full });
    const [incremental, fresh] = await Promise.all([siteTree(SITE_A), siteTree(SITE_B)]);
    const differing = firstDifference(incremental, fresh);
    expect(differing, `first differing file: ${differing}`).toBeUndefined();
    // Each part of the search index covers the same pages, with the same fragments.
    const index = await searchIndexSummary(SITE_B);
    // The index in more parts than the three of the default bound: the background index cut it as the full build does.
    expect(Object.keys(index).length).toBeGreaterThan(3);
    const byKind = { directory: 0, stores: 0, blogs: 0 };
    for (const [part, { listed, pageCounts }] of Object.entries(index)) {
      const pages = Object.values(pageCounts).reduce((sum, count) => sum + count, 0);
      const kind = part.includes('/blogs') ? 'blogs' : part.includes('/stores') ? 'stores' : 'directory';
      expect(listed, `pages listed for the ${part} part`).toBe(pages);
      expect(pages, part).toBeLessThanOrEqual(LOW_BOUND[kind]);
      byKind[kind] += pages;
    }
    expect(byKind.directory).toBeGreaterThan(0);
    expect(byKind.stores).toBeGreaterThan(0);
    expect(byKind.blogs).toBeGreaterThan(0);
    // Cut from the store pages alone: each store's id redirects to its slug, and those redirects count for nothing
    // (counted, the seed's 28 stores would fill at least 19 parts of 3). The fewest parts, or up to two more where hashes
    // crowd one (kindParts).
    const storeParts = Object.keys(index).filter((part) => part.includes('/stores')).length;
    expect(storeParts).toBeLessThanOrEqual(Math.ceil(byKind.stores / LOW_BOUND.stores) + 2);
    expect(await searchIndexSummary(SITE_A)).toEqual(index);
  });

  it('builds an export with a record outside its schema without it, naming it', async () => {
    const broken = structuredClone(records);
    const impostor = broken.therapists[2]!;
    (impostor as unknown as Record<string, unknown>).profileSlug = 42;
    const brokenExport = path.join(WORK, 'export-broken');
    await writePublicExport(brokenExport, broken);
    // The rest of the quarantine's cases: tests/integration/build-quarantine.test.ts.
    const build = await buildSite({ exportDir: brokenExport, outDir: SITE_B, quiet: true, now, full: true, renderer });
    expect(build.leftOut.map((out) => `${PUBLIC_COLLECTIONS.therapists.file}: ${out.key} ${out.problems[0]?.path}`)).toEqual([
      `${PUBLIC_COLLECTIONS.therapists.file}: ${impostor.id} profileSlug`,
    ]);
    await expect(stat(path.join(SITE_B, `schedule/${impostor.id}.html`))).rejects.toThrow();
  });
});

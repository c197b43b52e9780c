import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blogAt, blogFeeds, latestBy, timelinePages } from '../../src/data/blogs';
import { blogBody } from '../../src/data/blog-bodies';
import { loadDirectory, predecessorOf, type Directory } from '../../src/data/directory';
import { ownerSliceOf, writeOwnerSlices, type OwnerSlice } from '../../src/data/owner-slices';
import { profileSlugs, storeAt, therapistAt } from '../../src/data/profiles';
import { setRenderContext } from '../../src/data/render-context';
import { LIST_PAGES, listPageUrls } from '../../src/data/site-pages';
import { PUBLIC_COLLECTION_NAMES } from '../../src/registry/public-collections';
import { blogPath, profileCardPath, profilePath, scheduleFeedPath, schedulePath, storePath } from '../../src/lib/routes';
import { kindParts } from '../../src/lib/search/index-parts';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { postRecord, publicExport, shiftRecord, writePublicExport } from '../factories/public-export';

const TODAY = '2026-11-22';
const now = tokyoInstant(TODAY, '09:00');

/** The page URLs of each part of a kind, cut as a build cuts them (at most `limit` a part). */
function partsOf(urls: readonly string[], limit: number): string[][] {
  const cut = kindParts(urls, limit);
  const parts = Array.from({ length: cut.count }, (): string[] => []);
  for (const url of urls) parts[cut.indexOf(url)]!.push(url);
  return parts;
}

describe('ownerSliceOf', () => {
  const therapists = [
    { id: 'th-1', profileSlug: 'a' },
    { id: 'th-2', profileSlug: 'b' },
  ];

  it("puts a therapist in her profile's part, and anyone else in a slice by their uid", () => {
    const sliceOf = ownerSliceOf([['/profile/b'], ['/profile/a'], []], therapists);
    expect(sliceOf('th-1')).toBe(1);
    expect(sliceOf('th-2')).toBe(0);
    for (const uid of ['store-1', 'store-2', 'th-elsewhere']) {
      expect(sliceOf(uid)).toBeGreaterThanOrEqual(0);
      expect(sliceOf(uid)).toBeLessThan(3);
      expect(sliceOf(uid)).toBe(sliceOf(uid));
    }
  });

  it('has one slice when the build has no directory part (a shard that indexes none)', () => {
    const sliceOf = ownerSliceOf([], therapists);
    expect([sliceOf('th-1'), sliceOf('th-2'), sliceOf('store-1')]).toEqual([0, 0, 0]);
  });
});

const profilePartsOf = (site: Directory, limit: number) => partsOf(profileSlugs(site, 'therapist').map(profilePath), limit);
const storePartsOf = (site: Directory, limit: number) => partsOf(profileSlugs(site, 'store').map(storePath), limit);

describe('writeOwnerSlices', () => {
  let dir: string;
  let whole: Directory;
  let profileParts: string[][];
  let storeParts: string[][];
  let slices: OwnerSlice[];
  let storeSlices: OwnerSlice[];
  let listSlices: OwnerSlice[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'owner-slices-'));
    const records = publicExport({ therapists: 60, today: TODAY });
    const [freelancer, employed] = [records.therapists.find((t) => !t.storeId)!, records.therapists.find((t) => t.storeId)!];
    const elsewhere = records.stores.find((store) => store.id !== employed.storeId)!;
    // Shifts at a store not hers (a freelancer's, another store's therapist's), a store's post, a therapist 今すぐ.
    records.shifts.push(
      shiftRecord({ ...freelancer, storeId: elsewhere.id }, TODAY, '10:00', '11:00'),
      shiftRecord({ ...employed, storeId: elsewhere.id }, TODAY, '21:00', '23:00'),
    );
    records.posts.push(postRecord(records.stores[1]!, 3));
    records.availableNow.push({ userId: employed.id, until: '2026-11-22T03:00:00.000Z', setAt: '2026-11-21T23:00:00.000Z' });
    // A renamed profile: its old slug redirects while held, from whichever slice its old URL's part is in.
    records.redirects.push({
      kind: 'therapist',
      from: 'old-slug',
      to: records.therapists[0]!.profileSlug,
      until: '2026-12-20T00:00:00.000Z',
    });
    await writePublicExport(path.join(dir, 'export'), records);
    setRenderContext({ exportDir: path.join(dir, 'export'), version: `whole-${Date.now()}`, now, checked: true });
    whole = await loadDirectory();
    profileParts = profilePartsOf(whole, 20);
    storeParts = storePartsOf(whole, 2);
    ({
      owners: slices,
      stores: storeSlices,
      lists: listSlices,
    } = await writeOwnerSlices(path.join(dir, 'slices'), profileParts, storeParts));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const loadFrom = (slice: OwnerSlice, name: string) => {
    setRenderContext({ exportDir: slice.dir, version: `${name}-${Date.now()}`, now, checked: true });
    return loadDirectory();
  };
  const load = (k: number) => loadFrom(slices[k]!, `slice-${k}`);

  it('writes a slice per directory part, each therapist in her profile’s, with every record of hers the whole export has', async () => {
    expect(profileParts.length).toBeGreaterThanOrEqual(3);
    expect(slices).toHaveLength(profileParts.length);
    const sliceOf = ownerSliceOf(profileParts, whole.therapists);
    const seen = new Set<string>();
    for (const k of slices.keys()) {
      const slice = await load(k);
      for (const therapist of slice.therapists) {
        expect(seen.has(therapist.id), therapist.id).toBe(false);
        seen.add(therapist.id);
        expect(profileParts[k]).toContain(profilePath(therapist.profileSlug));
        expect(slice.shiftsByTherapist.get(therapist.id)).toEqual(whole.shiftsByTherapist.get(therapist.id));
        expect(slice.blogsByAuthor.get(therapist.id)).toEqual(whole.blogsByAuthor.get(therapist.id));
        expect(slice.postsByAuthor.get(therapist.id)).toEqual(whole.postsByAuthor.get(therapist.id));
        expect(slice.frozenByOwner.get(therapist.id)).toEqual(whole.frozenByOwner.get(therapist.id));
        expect(slice.availableNowById.get(therapist.id)).toEqual(whole.availableNowById.get(therapist.id));
      }
      // Only its owners' records: what a worker holds of a slice is a slice's worth.
      for (const record of [...slice.shifts, ...slice.blogs, ...slice.posts, ...slice.frozenAccounts, ...slice.availableNow])
        expect(sliceOf(record.userId)).toBe(k);
      // Every store, for the names and links of her shifts and her diaries' neighbours; every held slug.
      expect(slice.stores).toEqual(whole.stores);
      expect(slice.redirects).toEqual(whole.redirects);
    }
    expect([...seen].sort()).toEqual(whole.therapists.map((therapist) => therapist.id).sort());
  });

  it("answers each slug of its part as the whole export does: her profile, or the held slug's redirect", async () => {
    expect(profileParts.flat()).toContain(profilePath('old-slug'));
    for (const [k, urls] of profileParts.entries()) {
      const slice = await load(k);
      for (const url of urls) {
        const slug = url.slice(profilePath('').length);
        expect(therapistAt(slice, slug), url).toEqual(therapistAt(whole, slug));
      }
    }
  });

  it("names each profile, schedule, feed, card and diary once, in its owner's slice, each diary with the same neighbours and body", async () => {
    const named = slices.flatMap((slice) => slice.urls);
    expect(new Set(named).size).toBe(named.length);
    const expected = [
      ...profileParts.flat(),
      ...whole.therapists.flatMap((therapist) => [schedulePath(therapist.id), scheduleFeedPath(therapist.id)]),
      ...whole.therapists.filter((therapist) => !therapist.photoURL).map((therapist) => profileCardPath(therapist.profileSlug)),
      ...whole.blogs.map((blog) => blogPath(blog.id)),
    ];
    expect([...named].sort()).toEqual(expected.sort());
    // A part's profiles come first: the part is taken in while the slice's other pages render.
    for (const [k, slice] of slices.entries()) expect(slice.urls.slice(0, profileParts[k]!.length)).toEqual(profileParts[k]);
    const bodies = new Map(await Promise.all(whole.blogs.map(async (blog) => [blog.id, await blogBody(blog)] as const)));
    for (const [k, slice] of slices.entries()) {
      const sliceSite = await load(k);
      for (const url of slice.urls.filter((url) => url.startsWith(blogPath('')))) {
        const id = url.slice(blogPath('').length);
        expect(blogAt(sliceSite, id)).toEqual(blogAt(whole, id));
        expect(await blogBody(blogAt(sliceSite, id)!.blog)).toBe(bodies.get(id));
      }
    }
  });

  it("writes a store slice per `stores` part, whose stores' pages read what they read from the whole export, and only that", async () => {
    expect(storeParts.length).toBeGreaterThanOrEqual(3);
    expect(storeSlices.map((slice) => slice.urls)).toEqual(storeParts);
    const shiftsElsewhere = whole.shifts.filter((shift) => whole.therapistsById.get(shift.userId)?.storeId !== shift.storeId);
    expect(shiftsElsewhere.length).toBeGreaterThanOrEqual(2);
    expect(storeParts.flat().filter((url) => storeAt(whole, url.slice(storePath('').length))?.movedTo).length).toBeGreaterThan(0);
    const latest = (site: Directory, storeId: string) =>
      latestBy(site, [storeId, ...(site.therapistsByStore.get(storeId) ?? []).map((therapist) => therapist.id)], 3);
    for (const [k, urls] of storeParts.entries()) {
      const slice = await loadFrom(storeSlices[k]!, `stores-${k}`);
      const storeIds = new Set<string>();
      for (const url of urls) {
        const slug = url.slice(storePath('').length);
        const at = storeAt(slice, slug);
        expect(at, url).toEqual(storeAt(whole, slug));
        // A store's document id redirects to its slug: stores and redirects are whole in every slice.
        const store = at!.profile;
        if (!store) continue;
        storeIds.add(store.id);
        expect(slice.therapistsByStore.get(store.id), url).toEqual(whole.therapistsByStore.get(store.id));
        expect(slice.shiftsByStore.get(store.id), url).toEqual(whole.shiftsByStore.get(store.id));
        for (const shift of whole.shiftsByStore.get(store.id) ?? [])
          expect(slice.therapistsById.get(shift.userId), shift.id).toEqual(whole.therapistsById.get(shift.userId));
        expect(slice.frozenByOwner.get(store.id), url).toEqual(whole.frozenByOwner.get(store.id));
        for (const therapist of whole.therapistsByStore.get(store.id) ?? [])
          expect(slice.availableNowById.get(therapist.id)).toEqual(whole.availableNowById.get(therapist.id));
        expect(latest(slice, store.id), url).toEqual(latest(whole, store.id));
      }
      // Only what its stores' pages read: the shifts at its stores, the writing of its stores and their therapists.
      const ofItsStores = (uid: string) => storeIds.has(uid) || storeIds.has(whole.therapistsById.get(uid)?.storeId ?? '');
      for (const shift of slice.shifts) expect(storeIds.has(shift.storeId ?? '')).toBe(true);
      for (const record of [...slice.blogs, ...slice.posts, ...slice.availableNow]) expect(ofItsStores(record.userId)).toBe(true);
      for (const therapist of slice.therapists)
        expect(ofItsStores(therapist.id) || slice.shifts.some((shift) => shift.userId === therapist.id)).toBe(true);
      expect(slice.therapists.length).toBeLessThan(whole.therapists.length);
    }
  });

  it('writes a list slice for the lists that show the diaries and one for the others, each holding only the collections its lists show, whose pages read what they read from the whole export', async () => {
    expect(listSlices).toHaveLength(2);
    const shows = (list: (typeof LIST_PAGES)[number]) => list.shows.includes('blogs');
    for (const [k, slice] of listSlices.entries()) {
      const lists = LIST_PAGES.filter((list) => shows(list) === (k === 0));
      expect(lists.length).toBeGreaterThan(0);
      expect(slice.urls).toEqual(lists.flatMap((list) => listPageUrls(list, whole)));
      const site = await loadFrom(slice, `lists-${k}`);
      // Each collection whole where one of its lists shows it, and empty where none does.
      const shown = new Set(lists.flatMap((list) => list.shows));
      for (const name of PUBLIC_COLLECTION_NAMES) {
        expect(whole[name].length, name).toBeGreaterThan(0);
        expect(site[name], name).toEqual(shown.has(name) ? whole[name] : []);
      }
      for (const list of lists) {
        if ('pages' in list) expect(list.pages(site), list.name).toEqual(list.pages(whole));
        else expect(list.urls(site), list.name).toEqual(list.urls(whole));
      }
      if (k === 0) expect(blogFeeds(site).views).toEqual(blogFeeds(whole).views);
      else expect(timelinePages(site)).toEqual(timelinePages(whole));
    }
    // The /blogs archive, the `blogs` parts of the index, is in the diaries' slice.
    expect(listSlices[0]!.urls.some((url) => url.startsWith('/blogs/page/'))).toBe(true);
  });

  it('keeps no link to the whole export', async () => {
    // Loaded from another folder: not the whole export's successor (which would keep it alive).
    expect(predecessorOf(await load(0))).toBeUndefined();
  });
});

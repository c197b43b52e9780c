import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blogAt } from '../../src/data/blogs';
import { blogBody } from '../../src/data/blog-bodies';
import { loadDirectory, predecessorOf, type Directory } from '../../src/data/directory';
import { ownerSliceOf, writeOwnerSlices, type OwnerSlice } from '../../src/data/owner-slices';
import { profileSlugs, therapistAt } from '../../src/data/profiles';
import { setRenderContext } from '../../src/data/render-context';
import { blogPath, profileCardPath, profilePath, scheduleFeedPath, schedulePath } from '../../src/lib/routes';
import { kindParts } from '../../src/lib/search/index-parts';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { publicExport, writePublicExport } from '../factories/public-export';

const TODAY = '2026-11-22';
const now = tokyoInstant(TODAY, '09:00');

/** The profile URLs of each directory part, cut as a build cuts them (at most `limit` a part). */
function profilePartsOf(site: Directory, limit: number): string[][] {
  const urls = profileSlugs(site, 'therapist').map(profilePath);
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

describe('writeOwnerSlices', () => {
  let dir: string;
  let whole: Directory;
  let profileParts: string[][];
  let slices: OwnerSlice[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'owner-slices-'));
    const records = publicExport({ therapists: 60, today: TODAY });
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
    slices = await writeOwnerSlices(path.join(dir, 'slices'), profileParts);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const load = (k: number) => {
    setRenderContext({ exportDir: slices[k]!.dir, version: `slice-${k}-${Date.now()}`, now, checked: true });
    return loadDirectory();
  };

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

  it('keeps no link to the whole export', async () => {
    // Loaded from another folder: not the whole export's successor (which would keep it alive).
    expect(predecessorOf(await load(0))).toBeUndefined();
  });
});

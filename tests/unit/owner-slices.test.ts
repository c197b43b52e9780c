import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDirectory, predecessorOf, type Directory } from '../../src/data/directory';
import { OWNER_SLICES, sliceOfOwner, sliceOfShard, writeOwnerSlices, type OwnerSlice } from '../../src/data/owner-slices';
import { setRenderContext } from '../../src/data/render-context';
import { blogAt } from '../../src/data/blogs';
import { SHARD_COUNT } from '../../src/lib/export-shards';
import { blogPath, scheduleFeedPath, schedulePath } from '../../src/lib/routes';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { publicExport, writePublicExport } from '../factories/public-export';

const TODAY = '2026-11-22';
const now = tokyoInstant(TODAY, '09:00');
const shards = Array.from({ length: SHARD_COUNT }, (_, n) => n.toString(16).padStart(2, '0'));

describe('sliceOfShard', () => {
  it('cuts the author shards into runs of equal length, in order', () => {
    const slices = shards.map(sliceOfShard);
    expect(slices).toEqual([...slices].sort((a, b) => a - b));
    for (let k = 0; k < OWNER_SLICES; k++) expect(slices.filter((slice) => slice === k)).toHaveLength(SHARD_COUNT / OWNER_SLICES);
  });
});

describe('writeOwnerSlices', () => {
  let dir: string;
  let whole: Directory;
  let slices: OwnerSlice[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'owner-slices-'));
    await writePublicExport(path.join(dir, 'export'), publicExport({ therapists: 60, today: TODAY }));
    setRenderContext({ exportDir: path.join(dir, 'export'), version: `whole-${Date.now()}`, now, checked: true });
    whole = await loadDirectory();
    slices = await writeOwnerSlices(path.join(dir, 'slices'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const load = (k: number) => {
    setRenderContext({ exportDir: slices[k]!.dir, version: `slice-${k}-${Date.now()}`, now, checked: true });
    return loadDirectory();
  };

  it('puts each therapist in one slice, with every record of hers the whole export has', async () => {
    const seen = new Set<string>();
    for (let k = 0; k < OWNER_SLICES; k++) {
      const slice = await load(k);
      for (const therapist of slice.therapists) {
        expect(seen.has(therapist.id), therapist.id).toBe(false);
        seen.add(therapist.id);
        expect(sliceOfOwner(therapist.id)).toBe(k);
        expect(slice.shiftsByTherapist.get(therapist.id)).toEqual(whole.shiftsByTherapist.get(therapist.id));
        expect(slice.blogsByAuthor.get(therapist.id)).toEqual(whole.blogsByAuthor.get(therapist.id));
        expect(slice.postsByAuthor.get(therapist.id)).toEqual(whole.postsByAuthor.get(therapist.id));
        expect(slice.frozenByOwner.get(therapist.id)).toEqual(whole.frozenByOwner.get(therapist.id));
        expect(slice.availableNowById.get(therapist.id)).toEqual(whole.availableNowById.get(therapist.id));
      }
      // Only its owners' records: what a worker holds of a slice is a slice's worth.
      for (const record of [...slice.shifts, ...slice.blogs, ...slice.posts, ...slice.frozenAccounts, ...slice.availableNow])
        expect(sliceOfOwner(record.userId)).toBe(k);
      // Every store, for the names and links of her shifts and her diaries' neighbours.
      expect(slice.stores).toEqual(whole.stores);
    }
    expect([...seen].sort()).toEqual(whole.therapists.map((therapist) => therapist.id).sort());
  });

  it("names each schedule, feed and diary once, in its owner's slice, and each diary page finds the same neighbours", async () => {
    const named = slices.flatMap((slice) => slice.urls);
    expect(new Set(named).size).toBe(named.length);
    const expected = [
      ...whole.therapists.flatMap((therapist) => [schedulePath(therapist.id), scheduleFeedPath(therapist.id)]),
      ...whole.blogs.map((blog) => blogPath(blog.id)),
    ];
    expect([...named].sort()).toEqual(expected.sort());
    for (const blog of whole.blogs) {
      const k = sliceOfOwner(blog.userId);
      expect(slices[k]!.urls).toContain(blogPath(blog.id));
      expect(blogAt(await load(k), blog.id)).toEqual(blogAt(whole, blog.id));
    }
  });

  it("links the shards' files rather than copying them, and keeps no link to the whole export", async () => {
    const first = await load(0);
    // Loaded from another folder: not the whole export's successor (which would keep it alive).
    expect(predecessorOf(first)).toBeUndefined();
    const linked = await readdir(path.join(slices[0]!.dir, 'blogs'));
    expect(linked.every((file) => sliceOfShard(file.slice(0, 2)) === 0)).toBe(true);
  });
});

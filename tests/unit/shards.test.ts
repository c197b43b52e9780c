/**
 * Which shard of a full build across machines renders a URL
 * (scripts/lib/shards.ts), `--shard k/N` as read, and the merge's check
 * that its folders are the N shards of one build (scripts/lib/shard-manifest.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkShards, listingHash, type LoadedShard, type ShardManifest } from '../../scripts/lib/shard-manifest';
import { exportClock, parseShard, planShards } from '../../scripts/lib/shards';
import { searchPartsOf } from '../../src/data/site-pages';
import { partitionSearch, type IndexPartKind } from '../../src/lib/search/index-parts';
import { EXPORT_META_FILE } from '../../src/schema/public';

/** A site's URLs as kinds of the index see them: profiles (directory), archive pages (blogs), diaries (no part). */
const kindOf = (url: string): IndexPartKind | undefined =>
  url.startsWith('/profile/') ? 'directory' : url.startsWith('/blogs/') ? 'blogs' : undefined;

describe('planShards', () => {
  const siteUrls = fc.uniqueArray(
    fc.oneof(
      fc.nat(5000).map((n) => `/profile/p-${n}`),
      fc.nat(5000).map((n) => `/blogs/page/${n}`),
      fc.string({ unit: 'binary', maxLength: 40 }).map((text) => `/${text}`),
    ),
    { maxLength: 400 },
  );

  it('puts every URL in one shard of N and every part of the index whole in one shard, whatever the site', () => {
    fc.assert(
      fc.property(siteUrls, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 60 }), (urls, count, bound) => {
        const partition = partitionSearch(urls, kindOf, { directory: bound, stores: bound, blogs: bound });
        const plan = planShards(urls, count, partition);
        const owned = Array.from({ length: count }, (_, i) => plan.partitionOf(i + 1).parts).flat();
        // Each part written by exactly one shard.
        expect([...owned].sort()).toEqual([...partition.parts].sort());
        for (const url of urls) {
          const k = plan.shardOf(url);
          expect(k).toBeGreaterThanOrEqual(1);
          expect(k).toBeLessThanOrEqual(count);
          const part = partition.partOf(url);
          // A page of a part is rendered by the shard that writes the part, and only that shard indexes it.
          for (let index = 1; index <= count; index++)
            expect(plan.partitionOf(index).partOf(url)).toBe(part !== undefined && index === k ? part : undefined);
          if (part) expect(plan.partitionOf(k).parts).toContain(part);
        }
        // Planned from the set of URLs, not their order: every shard and the merge agree.
        const again = planShards(
          [...urls].reverse(),
          count,
          partitionSearch([...urls].reverse(), kindOf, { directory: bound, stores: bound, blogs: bound }),
        );
        expect(urls.map((url) => again.shardOf(url))).toEqual(urls.map((url) => plan.shardOf(url)));
      }),
      { seed: 41, numRuns: 300 },
    );
  });

  /** A site shaped like 10,000 × 20 at a tenth: one directory part, three of archive pages, many diaries in none. */
  const shapedSite = (diaries: number) => [
    ...Array.from({ length: 1000 }, (_, i) => `/profile/p-${i}`),
    ...Array.from({ length: 900 }, (_, i) => `/blogs/page/${i}`),
    ...Array.from({ length: diaries }, (_, i) => `/blog/b-${i}`),
  ];
  const LIMITS = { directory: 1000, stores: 1000, blogs: 300 };

  it('gives the shards about as many pages each, the parts of the index included', () => {
    const urls = shapedSite(25_000);
    const plan = planShards(urls, 3, partitionSearch(urls, kindOf, LIMITS));
    const counts = [1, 2, 3].map((k) => urls.filter((url) => plan.shardOf(url) === k).length);
    for (const count of counts) expect(Math.abs(count - urls.length / 3)).toBeLessThan(urls.length * 0.02);
    // A part of profiles and several of archive pages: every shard indexes some.
    for (const k of [1, 2, 3]) expect(plan.partitionOf(k).parts.length).toBeGreaterThan(0);
  });

  it('keeps nearly every URL in its shard when a page comes', () => {
    const before = shapedSite(25_000);
    const after = [...before, '/blog/b-new'];
    const plan = planShards(before, 3, partitionSearch(before, kindOf, LIMITS));
    const next = planShards(after, 3, partitionSearch(after, kindOf, LIMITS));
    const moved = before.filter((url) => plan.shardOf(url) !== next.shardOf(url));
    expect(moved.length).toBeLessThan(before.length / 1000);
  });
});

describe('parseShard', () => {
  it('reads k/N with k from 1 to N', () => {
    expect(parseShard('1/3')).toEqual({ index: 1, count: 3 });
    expect(parseShard(' 3/3 ')).toEqual({ index: 3, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  });

  it('refuses anything else, saying what it takes', () => {
    expect(() => parseShard('0/3')).toThrow('k is from 1 to N');
    expect(() => parseShard('4/3')).toThrow('k is from 1 to N');
    expect(() => parseShard('1/0')).toThrow('N is from 1 to 64');
    expect(() => parseShard('1/65')).toThrow('N is from 1 to 64');
    for (const text of ['', '2', '2/', '/3', '1.5/3', '-1/3', '1/3/4', 'a/b']) expect(() => parseShard(text)).toThrow('--shard takes k/N');
  });
});

describe('exportClock', () => {
  it("is the export's time, which every shard of the export reads alike", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'export-clock-'));
    try {
      await writeFile(
        path.join(dir, EXPORT_META_FILE),
        JSON.stringify({ exportedAt: '2026-11-22T03:00:00.000Z', source: 'test', counts: {} }),
      );
      expect((await exportClock(dir)).toISOString()).toBe('2026-11-22T03:00:00.000Z');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('checkShards', () => {
  const URLS = Array.from({ length: 40 }, (_, i) => `/profile/p-${i}`);
  const SITE = 'https://example.com';
  const BOUNDS = { directory: 15, stores: 15, blogs: 10 };
  const shardsOf = (count: number): LoadedShard[] =>
    Array.from({ length: count }, (_, i) => {
      const plan = planShards(URLS, count, searchPartsOf(URLS, BOUNDS));
      const manifest: ShardManifest = {
        version: 2,
        shard: { index: i + 1, count },
        rendererKey: 'r1',
        exportVersion: 'e1',
        now: '2026-11-22T03:00:00.000Z',
        siteUrl: SITE,
        leftOut: [],
        listing: { urls: URLS.length, sha256: listingHash(URLS) },
        searchPartPages: BOUNDS,
        hashSets: [],
        pages: URLS.filter((url) => plan.shardOf(url) === i + 1).map((url) => [
          url,
          { file: `${url.slice(1)}.html`, kind: 'page', search: true },
        ]),
      };
      return { dir: `shard-${i + 1}`, manifest };
    });

  it('takes the N shards of one build in any order and gives every page once', () => {
    const { pages, partition } = checkShards(shardsOf(3).reverse(), SITE);
    expect([...pages.keys()].sort()).toEqual([...URLS].sort());
    // The parts of the index as the shards' bound cuts them (the profiles in several).
    expect(partition.parts).toEqual(searchPartsOf(URLS, BOUNDS).parts);
    expect(partition.parts.length).toBeGreaterThan(2);
  });

  it('refuses a missing shard, a shard twice, or shards of another N', () => {
    const shards = shardsOf(3);
    expect(() => checkShards(shards.slice(0, 2), SITE)).toThrow('The merge has 2 of the 3 shards');
    expect(() => checkShards([shards[0]!, shards[0]!, shards[2]!], SITE)).toThrow('is given twice');
    expect(() => checkShards([...shardsOf(2), shards[2]!], SITE)).toThrow('of another N');
  });

  it('refuses shards of another build: renderer, export, clock, site URL or listing', () => {
    for (const [key, value] of [
      ['rendererKey', 'r2'],
      ['exportVersion', 'e2'],
      ['now', '2026-11-23T03:00:00.000Z'],
      ['siteUrl', 'https://other.example'],
    ] as const) {
      const shards = shardsOf(3);
      shards[1]!.manifest[key] = value;
      expect(() => checkShards(shards, SITE), key).toThrow(`another ${key}`);
    }
    const quarantined = shardsOf(3);
    quarantined[1]!.manifest.exportVersion = 'e2';
    quarantined[1]!.manifest.leftOut = ['therapists/th-9'];
    expect(() => checkShards(quarantined, SITE)).toThrow(
      'records left out by one shard only (a page of theirs failed there and was quarantined): therapists/th-9',
    );
    const shards = shardsOf(3);
    shards[2]!.manifest.listing = { urls: 39, sha256: listingHash(URLS.slice(1)) };
    expect(() => checkShards(shards, SITE)).toThrow('listed other URLs');
    expect(() => checkShards(shardsOf(3), 'https://other.example')).toThrow('this merge for https://other.example');
    const bounds = shardsOf(3);
    bounds[1]!.manifest.searchPartPages = { directory: 16, stores: 15, blogs: 10 };
    expect(() => checkShards(bounds, SITE)).toThrow('cut the search index by other bounds');
  });

  it('refuses a page rendered by the wrong shard, or pages missing', () => {
    const wrong = shardsOf(3);
    const moved = wrong[0]!.manifest.pages.pop()!;
    wrong[1]!.manifest.pages.push(moved);
    expect(() => checkShards(wrong, SITE)).toThrow('which is not its shard');
    const missing = shardsOf(3);
    missing[0]!.manifest.pages.pop();
    expect(() => checkShards(missing, SITE)).toThrow('The shards rendered 39 of the 40 URLs');
  });
});

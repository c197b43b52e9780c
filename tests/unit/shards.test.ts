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
import { exportClock, inShard, parseShard, shardOf } from '../../scripts/lib/shards';
import { EXPORT_META_FILE } from '../../src/schema/public';

describe('shardOf', () => {
  it('puts every URL in exactly one shard of N, from 1 to N, whatever the URL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.integer({ min: 1, max: 64 }), (url, count) => {
        const k = shardOf(url, count);
        expect(k).toBeGreaterThanOrEqual(1);
        expect(k).toBeLessThanOrEqual(count);
        const owners = Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard(url, { index, count }));
        expect(owners).toEqual([k]);
      }),
      { seed: 41, numRuns: 500 },
    );
  });

  it('is stable: the same shard for the same URL in every version (FNV-1a, pinned)', () => {
    // A URL's shard is part of the build's contract between machines: it never moves.
    expect(['/', '/profile/miu', '/blog/b-1', '/stores'].map((url) => shardOf(url, 3))).toEqual([3, 3, 3, 2]);
  });

  it('spreads the pages of a site over the shards', () => {
    const urls = Array.from({ length: 3000 }, (_, i) => `/profile/therapist-${i}`);
    const counts = [1, 2, 3].map((k) => urls.filter((url) => shardOf(url, 3) === k).length);
    for (const count of counts) expect(count).toBeGreaterThan(800);
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
  const shardsOf = (count: number): LoadedShard[] =>
    Array.from({ length: count }, (_, i) => {
      const manifest: ShardManifest = {
        version: 1,
        shard: { index: i + 1, count },
        rendererKey: 'r1',
        exportVersion: 'e1',
        now: '2026-11-22T03:00:00.000Z',
        siteUrl: SITE,
        leftOut: [],
        listing: { urls: URLS.length, sha256: listingHash(URLS) },
        hashSets: [],
        pages: URLS.filter((url) => shardOf(url, count) === i + 1).map((url) => [url, { file: `${url.slice(1)}.html`, kind: 'page' }]),
      };
      return { dir: `shard-${i + 1}`, manifest };
    });

  it('takes the N shards of one build in any order and gives every page once', () => {
    const pages = checkShards(shardsOf(3).reverse(), SITE);
    expect([...pages.keys()].sort()).toEqual([...URLS].sort());
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

import { describe, expect, it } from 'vitest';
import { SitemapListing, insertSorted, siteSitemapFiles, type SitemapBytes } from '../../scripts/lib/sitemap-files';
import { buildSitemaps, sitemapPartCount } from '../../src/lib/seo/sitemap';
import { absoluteUrl } from '../../src/lib/seo/meta';
import { pagePath } from '../../src/lib/nav-links';
import { fnv1a } from '../../src/lib/fnv1a';

const SITE = 'https://theralink.example/';
const urlsOf = (files: Iterable<string>) => [...files].map((file) => absoluteUrl(pagePath(`/${file}`), SITE));
const texts = (files: SitemapBytes[]) => files.map(({ path, bytes }) => ({ path, xml: Buffer.from(bytes).toString('utf8') }));
const blogs = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `blog/p${String(from + i).padStart(6, '0')}/index.html`);

/** A deterministic pseudo-random sequence (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('incremental sitemap listing', () => {
  it('inserts in code-unit order and keeps one copy', () => {
    const sorted = ['a', 'c', 'e'];
    for (const url of ['d', 'a', 'f', '0', 'é', 'E']) insertSorted(sorted, url);
    expect(sorted).toEqual(['0', 'E', 'a', 'c', 'd', 'e', 'f', 'é']);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('gives the same files as a listing from scratch after each of 40 cycles of adds and removes', () => {
    const next = random(7);
    const listing = new SitemapListing(SITE);
    const files = new Set<string>();
    for (let i = 0; i < 300; i++) files.add(`therapists/t${i}/index.html`);
    for (let cycle = 0; cycle < 40; cycle++) {
      // A few moves most cycles, and now and then thousands.
      const moves = cycle % 13 === 12 ? 2500 : Math.floor(next() * 6);
      for (let move = 0; move < moves; move++) {
        const file = `blog/b${Math.floor(next() * 5000)}/index.html`;
        if (files.has(file)) files.delete(file);
        else files.add(file);
      }
      expect(texts(listing.files(files))).toEqual(buildSitemaps(urlsOf(files), SITE));
    }
  });

  it('gives the same files as from scratch over 120 random cycles whose count crosses powers of two', () => {
    const limit = 40;
    const listing = new SitemapListing(SITE, limit);
    const next = random(11);
    const files = new Set(blogs(0, 30));
    const counts = new Set<number>();
    for (let cycle = 0; cycle < 120; cycle++) {
      // Grows to about 1,300 URLs (P up to 64) over the first half, then shrinks back below the limit.
      const grow = cycle < 60 ? 0.8 : 0.15;
      const moves = cycle % 10 === 9 ? 150 : 1 + Math.floor(next() * 30);
      for (let move = 0; move < moves; move++) {
        if (next() < grow) files.add(`blog/r${Math.floor(next() * 1e9)}/index.html`);
        else if (files.size) files.delete([...files][Math.floor(next() * files.size)]!);
      }
      const incremental = texts(listing.files(files));
      expect(incremental).toEqual(buildSitemaps(urlsOf(files), SITE, limit));
      counts.add(sitemapPartCount(files.size, limit));
    }
    expect([...counts].sort((a, b) => a - b)).toEqual([1, 4, 8, 16, 32, 64]);
  });

  it('changes one part, and not the index, when one URL comes or goes', () => {
    const listing = new SitemapListing(SITE, 1000);
    const files = blogs(0, 20_000);
    const before = listing.files(files);
    // 20,000 / 500 → 64 parts, none empty.
    expect(before).toHaveLength(65);
    const changed = (after: SitemapBytes[], from: SitemapBytes[]) => {
      expect(after.map((file) => file.path)).toEqual(from.map((file) => file.path));
      return after.filter((file, i) => !Buffer.from(file.bytes).equals(from[i]!.bytes)).map((file) => file.path);
    };
    const url = urlsOf(['blog/new/index.html'])[0]!;
    const grown = listing.files([...files, 'blog/new/index.html']);
    expect(changed(grown, before)).toEqual([`/sitemap-${(fnv1a(url) % 64) + 1}.xml`]);
    // The other parts' bytes are the ones kept, not encoded again.
    expect(grown.filter((file, i) => file.bytes === before[i]!.bytes)).toHaveLength(63);
    const left = [...files.slice(1), 'blog/new/index.html'];
    const shrunk = listing.files(left);
    expect(changed(shrunk, grown)).toEqual([`/sitemap-${(fnv1a(urlsOf([files[0]!])[0]!) % 64) + 1}.xml`]);
    expect(texts(shrunk)).toEqual(buildSitemaps(urlsOf(left), SITE, 1000));
  });

  it('keeps parts within the limit, as from scratch, when URLs are made to collide', () => {
    // Page files whose URLs agree in their hash's low 8 bits: 8 parts would put them all in one.
    const same: string[] = [];
    for (let i = 0; same.length < 60; i++) {
      const file = `blog/c${i}/index.html`;
      if (fnv1a(urlsOf([file])[0]!) % 256 === 0) same.push(file);
    }
    const listing = new SitemapListing(SITE, 10);
    // 30 ordinary URLs in 8 parts, then 8 colliding ones join one part (P stays 8 by count: the part must split), then leave.
    const ordinary = blogs(0, 30);
    const lastPart = (files: { path: string }[]) => Math.max(...files.slice(1).map((file) => Number(/(\d+)\.xml$/.exec(file.path)![1])));
    const cycles = [ordinary, [...ordinary, ...same.slice(0, 8)], ordinary, ...[40, 41, 60, 30, 45].map((count) => same.slice(0, count))];
    const lastParts = cycles.map((files) => {
      const incremental = texts(listing.files(files));
      expect(incremental).toEqual(buildSitemaps(urlsOf(files), SITE, 10));
      for (const part of incremental.slice(1)) expect(part.xml.split('<url>').length - 1).toBeLessThanOrEqual(10);
      return lastPart(incremental);
    });
    expect(lastParts.slice(0, 3).map((part) => part <= 8)).toEqual([true, false, true]);
    expect(lastParts.slice(3).every((part) => part > 256)).toBe(true);
  });

  it('splits past 50,000 URLs the same way as from scratch, and adds thousands to a part at once', () => {
    const listing = new SitemapListing(SITE);
    let files = blogs(0, 50_000);
    expect(listing.files(files).map((file) => file.path)).toEqual(['/sitemap.xml']);
    files = [...files, 'blog/a-first/index.html'];
    const crossed = listing.files(files);
    expect(crossed.map((file) => file.path)).toEqual([
      '/sitemap.xml',
      '/sitemap-1.xml',
      '/sitemap-2.xml',
      '/sitemap-3.xml',
      '/sitemap-4.xml',
    ]);
    expect(texts(crossed)).toEqual(buildSitemaps(urlsOf(files), SITE));
    // 12,000 more among them (in reverse order), about 3,000 a part: past the splices a part sorts again.
    files = [...files, ...Array.from({ length: 12_000 }, (_, i) => `blog/p${String(49_999 - 4 * i).padStart(6, '0')}b/index.html`)];
    expect(texts(listing.files(files))).toEqual(buildSitemaps(urlsOf(files), SITE));
  }, 30_000);

  it('from the changes alone gives the same files as from scratch over 60 random cycles', () => {
    const listing = new SitemapListing(SITE, 40);
    const next = random(5);
    const files = new Set(blogs(0, 50));
    listing.files(files);
    for (let cycle = 0; cycle < 60; cycle++) {
      const before = new Set(files);
      for (let move = 0; move < 1 + Math.floor(next() * 40); move++) {
        const file = `blog/m${Math.floor(next() * 2000)}/index.html`;
        if (files.has(file)) files.delete(file);
        else files.add(file);
      }
      const added = [...files].filter((file) => !before.has(file));
      const removed = [...before].filter((file) => !files.has(file));
      // A page that stays, named on both sides (its file rendered again), stays.
      const stays = [...files][0]!;
      expect(texts(listing.changed([...added, stays], [...removed, stays]))).toEqual(buildSitemaps(urlsOf(files), SITE, 40));
    }
  });

  it('lists a site from its changes only while it started from the pages the last listing was made for', () => {
    const outDir = `/tmp/sitemap-site-${Date.now()}`;
    const [first, second, other] = [{}, {}, {}];
    const files = blogs(0, 60_000);
    const all = () => files;
    const full = siteSitemapFiles({ outDir, siteUrl: SITE, from: undefined, pages: first }, all, { added: [], removed: [] });
    expect(full.every((file) => !file.kept)).toBe(true);
    // The next build started from `first`: the changes are enough, and only the part that took the new page was made again.
    const grown = siteSitemapFiles({ outDir, siteUrl: SITE, from: first, pages: second }, () => [], {
      added: ['blog/new/index.html'],
      removed: [],
    });
    expect(texts(grown)).toEqual(buildSitemaps(urlsOf([...files, 'blog/new/index.html']), SITE));
    // (The index is made anew each time; its bytes are the same.)
    expect(grown.filter((file) => !file.kept).map((file) => file.path)).toEqual([
      '/sitemap.xml',
      `/sitemap-${(fnv1a(urlsOf(['blog/new/index.html'])[0]!) % 2) + 1}.xml`,
    ]);
    // A build that started from other pages (the last one failed, or another process built it) lists every page.
    const again = siteSitemapFiles({ outDir, siteUrl: SITE, from: other, pages: {} }, all, { added: ['blog/new/index.html'], removed: [] });
    expect(texts(again)).toEqual(buildSitemaps(urlsOf(files), SITE));
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import {
  SITEMAP_MAX_PARTS,
  SITEMAP_URL_LIMIT,
  buildSitemaps,
  robotsTxt,
  sitemapPartCount,
  splitSitemap,
  type SitemapFile,
} from '../../src/lib/seo/sitemap';
import { isSitemapPage } from '../../scripts/lib/sitemap-files';
import { fnv1a } from '../../src/lib/fnv1a';

const SITE = 'https://theralink.example';
const urls = (n: number) => Array.from({ length: n }, (_, i) => `${SITE}/profile/p${String(i).padStart(6, '0')}`);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const partNumber = (file: SitemapFile) => Number(/^\/sitemap-(\d+)\.xml$/.exec(file.path)![1]);

/** `count` URLs whose FNV-1a hashes agree in their low `bits` bits: one part until P passes 2^bits. */
function colliding(count: number, bits: number): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const url = `${SITE}/blog/c${i}`;
    if (fnv1a(url) % 2 ** bits === 0) found.push(url);
  }
  return found;
}

/** Checks an index and its parts: the index lists exactly the parts, in order; each part is sorted, within `limit` and holds its URLs once. */
function expectParts(files: SitemapFile[], limit: number): string[] {
  expect(files[0]!.path).toBe('/sitemap.xml');
  expect(files[0]!.xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const parts = files.slice(1);
  expect(locs(files[0]!.xml)).toEqual(parts.map((part) => `${SITE}${part.path}`));
  const numbers = parts.map(partNumber);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  for (const part of parts) {
    expect(part.xml).toContain('<urlset');
    const listed = locs(part.xml);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(limit);
    expect(listed).toEqual([...listed].sort());
  }
  return parts.flatMap((part) => locs(part.xml));
}

describe('sitemap', () => {
  it('is one urlset up to 50,000 URLs', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const files = buildSitemaps(urls(50_000), SITE);
    expect(files.map((f) => f.path)).toEqual(['/sitemap.xml']);
    expect(files[0]!.xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(files[0]!.xml)).toEqual(urls(50_000));
  });

  it('past that, is an index over parts chosen by hash: each URL once, in part fnv1a(url) % P', () => {
    const all = urls(100_001);
    const files = buildSitemaps(all, SITE);
    // 100,001 / 25,000 → 2^ceil(log2(4.00004)) = 8 parts.
    expect(files.map((f) => f.path)).toEqual(['/sitemap.xml', ...Array.from({ length: 8 }, (_, i) => `/sitemap-${i + 1}.xml`)]);
    const listed = expectParts(files, SITEMAP_URL_LIMIT);
    expect(listed).toHaveLength(100_001);
    expect(new Set(listed)).toEqual(new Set(all));
    const misplaced = files.slice(1).flatMap((part) => locs(part.xml).filter((url) => fnv1a(url) % 8 !== partNumber(part) - 1));
    expect(misplaced).toEqual([]);
  });

  it('has P = 2^ceil(log2(count / (limit / 2))) parts past the limit, 1 up to it', () => {
    const counts = [0, 1, 50_000, 50_001, 100_000, 100_001, 200_000, 200_001, 274_000, 400_000, 400_001];
    expect(counts.map((count) => sitemapPartCount(count))).toEqual([1, 1, 1, 4, 4, 8, 8, 16, 16, 16, 32]);
    for (const count of counts.filter((count) => count > SITEMAP_URL_LIMIT)) {
      expect(sitemapPartCount(count)).toBe(2 ** Math.ceil(Math.log2(count / 25_000)));
    }
    // The target scales with the limit.
    expect([10, 11, 20, 21, 40, 41].map((count) => sitemapPartCount(count, 10))).toEqual([1, 4, 4, 8, 8, 16]);
  });

  it('splits at the given limit, deduplicates and escapes', () => {
    const files = buildSitemaps([`${SITE}/a?x=1&y=2`, `${SITE}/b`, `${SITE}/b`, `${SITE}/c`], SITE, 2);
    const listed = expectParts(files, 2);
    expect(listed.sort()).toEqual([`${SITE}/a?x=1&amp;y=2`, `${SITE}/b`, `${SITE}/c`]);
    expect(files.some((file) => file.xml.includes('<loc>https://theralink.example/a?x=1&amp;y=2</loc>'))).toBe(true);
  });

  it('doubles P while URLs made to collide would put more than the limit in a part', () => {
    // 40 URLs alike in their low 8 bits: one part of 40 until P passes 256, so P doubles from 8 past 256.
    const same = colliding(40, 8);
    const files = buildSitemaps(same, SITE, 10);
    expect(new Set(expectParts(files, 10))).toEqual(new Set(same));
    expect(Math.max(...files.slice(1).map(partNumber))).toBeGreaterThan(256);
  });

  it('doubles P with an injected hash, and gives up when hashes collide outright', () => {
    // Hashes i·8: one part until P = 16 splits them by bit 3 into two of 15, P = 32 into four of 7 or 8.
    const list = urls(30);
    const parts = splitSitemap(list, 10, (url) => list.indexOf(url) * 8);
    expect(parts).toHaveLength(32);
    expect(Math.max(...parts.map((part) => part.length))).toBe(8);
    expect(parts.flat().sort()).toEqual(list);
    expect(() => splitSitemap(list, 10, () => 7)).toThrow(`share a part of ${SITEMAP_MAX_PARTS}`);
  });

  it('leaves out noindex pages and redirect stubs', () => {
    expect(isSitemapPage('<html><head><meta name="robots" content="noindex, nofollow"></head></html>')).toBe(false);
    expect(
      isSitemapPage('<!doctype html><title>Redirecting to: /profile/new</title><meta http-equiv="refresh" content="0;url=/profile/new">'),
    ).toBe(false);
    expect(isSitemapPage('<html><head><meta name="description" content="x"></head></html>')).toBe(true);
  });

  it('is named in robots.txt', () => {
    expect(robotsTxt(`${SITE}/`)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });
});

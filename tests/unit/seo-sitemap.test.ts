import { describe, expect, it } from 'vitest';
import { SITEMAP_URL_LIMIT, buildSitemaps, robotsTxt } from '../../src/lib/seo/sitemap';
import { isSitemapPage } from '../../scripts/lib/sitemap-files';

const SITE = 'https://theralink.example';
const urls = (n: number) => Array.from({ length: n }, (_, i) => `${SITE}/profile/p${String(i).padStart(6, '0')}`);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  it('is one urlset up to 50,000 URLs', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const files = buildSitemaps(urls(50_000), SITE);
    expect(files.map((f) => f.path)).toEqual(['/sitemap.xml']);
    expect(files[0]!.xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(files[0]!.xml)).toHaveLength(50_000);
  });

  it('becomes an index over parts of at most 50,000 URLs past that', () => {
    const files = buildSitemaps(urls(100_001), SITE);
    expect(files.map((f) => f.path)).toEqual(['/sitemap.xml', '/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml']);
    expect(files[0]!.xml).toContain('<sitemapindex');
    expect(locs(files[0]!.xml)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`, `${SITE}/sitemap-3.xml`]);
    expect(files.slice(1).map((f) => locs(f.xml).length)).toEqual([50_000, 50_000, 1]);
    // Every URL exactly once, across the parts.
    const all = files.slice(1).flatMap((f) => locs(f.xml));
    expect(new Set(all).size).toBe(100_001);
  });

  it('splits at the given limit, deduplicates and escapes', () => {
    const files = buildSitemaps([`${SITE}/a?x=1&y=2`, `${SITE}/b`, `${SITE}/b`, `${SITE}/c`], SITE, 2);
    expect(files.map((f) => f.path)).toEqual(['/sitemap.xml', '/sitemap-1.xml', '/sitemap-2.xml']);
    expect(files[1]!.xml).toContain('<loc>https://theralink.example/a?x=1&amp;y=2</loc>');
    expect(locs(files[2]!.xml)).toEqual([`${SITE}/c`]);
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

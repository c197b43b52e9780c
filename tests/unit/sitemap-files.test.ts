import { describe, expect, it } from 'vitest';
import { insertSorted, sitemapFiles } from '../../scripts/lib/sitemap-files';
import { buildSitemaps } from '../../src/lib/seo/sitemap';
import { absoluteUrl } from '../../src/lib/seo/meta';
import { pagePath } from '../../src/lib/nav-links';

const SITE = 'https://theralink.example/';
const urlsOf = (files: Iterable<string>) => [...files].map((file) => absoluteUrl(pagePath(`/${file}`), SITE));

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
    const files = new Set<string>();
    for (let i = 0; i < 300; i++) files.add(`therapists/t${i}/index.html`);
    for (let cycle = 0; cycle < 40; cycle++) {
      // A few moves most cycles, and now and then more than the splice limit (a full sort).
      const moves = cycle % 13 === 12 ? 2500 : Math.floor(next() * 6);
      for (let move = 0; move < moves; move++) {
        const file = `blog/b${Math.floor(next() * 5000)}/index.html`;
        if (files.has(file)) files.delete(file);
        else files.add(file);
      }
      expect(sitemapFiles(files, SITE)).toEqual(buildSitemaps(urlsOf(files), SITE));
    }
  });

  it('splits past 50,000 URLs the same way after an insert near the front', () => {
    const files = Array.from({ length: 50_001 }, (_, i) => `blog/p${String(i).padStart(6, '0')}/index.html`);
    sitemapFiles(files, SITE);
    const grown = [...files, 'blog/a-first/index.html'];
    const incremental = sitemapFiles(grown, SITE);
    expect(incremental.map((file) => file.path)).toEqual(['/sitemap.xml', '/sitemap-1.xml', '/sitemap-2.xml']);
    expect(incremental).toEqual(buildSitemaps(urlsOf(grown), SITE));
  });
});

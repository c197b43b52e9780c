import { fnv1a } from '../../src/lib/fnv1a';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeParts, partsWithPages } from '../../src/components/search/pagefind';
import { indexPartKindOf, searchPartsOf } from '../../src/data/site-pages';
import { blogListPath, profilePath, storePath } from '../../src/lib/routes';
import {
  INDEX_PART_KINDS,
  kindParts,
  PRIMARY_SEARCH_PART,
  SEARCH_PART_PAGES,
  searchPartFolder,
  searchPartListBytes,
  searchPartPath,
  type SearchPartList,
} from '../../src/lib/search/index-parts';

const SEED = { seed: 41, numRuns: 60 };

/** A site's URLs: profiles, store pages, archive pages and pages of no part, each set distinct. */
const siteUrls = fc
  .record({
    profiles: fc.uniqueArray(fc.stringMatching(/^[a-z0-9_]{1,12}$/), { maxLength: 120 }),
    stores: fc.uniqueArray(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { maxLength: 20 }),
    archivePages: fc.integer({ min: 0, max: 90 }),
    others: fc.uniqueArray(fc.stringMatching(/^\/schedule\/[a-z0-9]{1,8}$/), { maxLength: 40 }),
  })
  .map(({ profiles, stores, archivePages, others }) => [
    ...profiles.map((slug) => profilePath(slug)),
    ...stores.map((slug) => storePath(slug)),
    ...Array.from({ length: archivePages }, (_, i) => blogListPath(null, i + 1)),
    ...others,
  ]);
const limits = fc.record({
  directory: fc.integer({ min: 1, max: 60 }),
  stores: fc.integer({ min: 1, max: 15 }),
  blogs: fc.integer({ min: 1, max: 30 }),
});

describe('the parts of the full-text index', () => {
  it('keeps the primary part at /pagefind/ (whose pagefind.js /search loads) and the others inside it', () => {
    expect(searchPartPath(PRIMARY_SEARCH_PART)).toBe('/pagefind/');
    expect(searchPartFolder(PRIMARY_SEARCH_PART)).toBe('');
    expect(searchPartPath('blogs')).toBe('/pagefind/blogs/');
    expect(searchPartPath('blogs-2')).toBe('/pagefind/blogs-2/');
  });

  it('keeps a site within the bounds at one part of each kind, at the URLs it always had', () => {
    const urls = [
      ...Array.from({ length: SEARCH_PART_PAGES.directory }, (_, i) => profilePath(`t${i}`)),
      ...Array.from({ length: SEARCH_PART_PAGES.stores }, (_, i) => storePath(`s${i}`)),
      ...Array.from({ length: SEARCH_PART_PAGES.blogs }, (_, i) => blogListPath(null, i + 1)),
    ];
    const partition = searchPartsOf(urls);
    expect(partition.parts).toEqual(['directory', 'stores', 'blogs']);
    expect(partition.parts.map(searchPartPath)).toEqual(['/pagefind/', '/pagefind/stores/', '/pagefind/blogs/']);
    expect(searchPartsOf([]).parts).toEqual(['directory', 'stores', 'blogs']);
  });

  it('puts every page of a kind in exactly one listed part of that kind, none above its bound, as few parts as the bound allows', () => {
    fc.assert(
      fc.property(siteUrls, limits, (urls, bound) => {
        const { parts, partOf } = searchPartsOf(urls, bound);
        const sizes = new Map(parts.map((part) => [part, 0]));
        for (const url of urls) {
          const kind = indexPartKindOf(url);
          const part = partOf(url);
          if (!kind) {
            expect(part).toBeUndefined();
            continue;
          }
          expect(part === kind || part!.startsWith(`${kind}-`)).toBe(true);
          expect(sizes.has(part!)).toBe(true);
          sizes.set(part!, sizes.get(part!)! + 1);
          // The same answer every time it is asked.
          expect(partOf(url)).toBe(part);
        }
        for (const kind of INDEX_PART_KINDS) {
          const ofKind = parts.filter((part) => part === kind || part.startsWith(`${kind}-`));
          const pages = urls.filter((url) => indexPartKindOf(url) === kind).length;
          for (const part of ofKind) expect(sizes.get(part)!, part).toBeLessThanOrEqual(bound[kind]);
          expect(ofKind.length).toBeGreaterThanOrEqual(Math.max(1, Math.ceil(pages / bound[kind])));
          expect(ofKind[0]).toBe(kind);
        }
      }),
      SEED,
    );
  });

  // A redirect (a held slug, a store's id) is a URL of its kind that holds no words: it is rendered in a part's turn but
  // not counted, so a store's second address does not double the store parts.
  it('gives a URL left out of the cut (a redirect) a listed part of its kind', () => {
    const redirects = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{20}$/), { maxLength: 30 });
    fc.assert(
      fc.property(siteUrls, redirects, limits, (urls, ids, bound) => {
        const partition = searchPartsOf(urls, bound);
        for (const url of [...ids.map(storePath), ...ids.map(profilePath)]) {
          const part = partition.partOf(url)!;
          expect(partition.parts).toContain(part);
          expect(part.startsWith(indexPartKindOf(url)!)).toBe(true);
        }
      }),
      SEED,
    );
  });

  it('keeps a page in its part while other pages come and go and the part count stays', () => {
    const names = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,10}$/), { minLength: 30, maxLength: 200 });
    fc.assert(
      fc.property(names, names, fc.integer({ min: 5, max: 40 }), (kept, churn, limit) => {
        const before = kindParts([...kept, ...churn.slice(0, churn.length >> 1)].map(profilePath), limit);
        const after = kindParts([...kept, ...churn.slice(churn.length >> 1)].map(profilePath), limit);
        // Several parts (one part keeps every page trivially), cut by hash both times.
        fc.pre(before.byHash && after.byHash && before.count === after.count && before.count > 1);
        for (const slug of kept) expect(after.indexOf(profilePath(slug))).toBe(before.indexOf(profilePath(slug)));
      }),
      SEED,
    );
  });

  // URLs made to land in one part (here: found by trying) cannot push it past the bound.
  it('still keeps every part within the bound when URLs collide in their hash', () => {
    // Every one in part 0 at 4, 5 and 6 parts (the counts tried for 40 pages of at most 10 a part).
    const colliding: string[] = [];
    for (let i = 0; colliding.length < 40; i++) if (fnv1a(profilePath(`x${i}`)) % 60 === 0) colliding.push(profilePath(`x${i}`));
    const cut = kindParts(colliding, 10);
    expect(cut.byHash).toBe(false);
    expect(cut.count).toBe(4);
    const sizes = new Array<number>(cut.count).fill(0);
    for (const url of colliding) sizes[cut.indexOf(url)]!++;
    expect(sizes).toEqual([10, 10, 10, 10]);
  });

  it('refuses a bound below one page', () => {
    expect(() => kindParts([], 0)).toThrow('at least one page');
  });

  // Pagefind can neither search nor merge an index of no pages ("No language indexes found"): such a part is left out.
  it('merges only the parts that hold pages, in the order listed', () => {
    const list = JSON.parse(
      searchPartListBytes([
        ['directory', 3],
        ['blogs', 0],
        ['blogs-2', 5],
      ]),
    ) as SearchPartList;
    expect(partsWithPages(list)).toEqual(['/pagefind/', '/pagefind/blogs-2/']);
  });

  // Each merge is two round trips (entry, metadata): one after another they held back the first result by seconds.
  it('asks Pagefind to merge every part before the first has loaded, in the order listed, and waits for them all', async () => {
    const asked: string[] = [];
    const loads: (() => void)[] = [];
    const pagefind = {
      mergeIndex: (part: string) => {
        asked.push(part);
        return new Promise<void>((resolve) => loads.push(resolve));
      },
    };
    let merged = false;
    const merging = mergeParts(pagefind, ['/pagefind/directory-2/', '/pagefind/blogs/', '/pagefind/blogs-2/']).then(() => {
      merged = true;
    });
    expect(asked).toEqual(['/pagefind/directory-2/', '/pagefind/blogs/', '/pagefind/blogs-2/']);
    loads[2]!();
    loads[0]!();
    await Promise.resolve();
    expect(merged).toBe(false);
    loads[1]!();
    await merging;
    expect(merged).toBe(true);
  });
});

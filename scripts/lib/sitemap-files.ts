/**
 * The sitemap of a built site (src/lib/seo/sitemap.ts; stable parts past
 * 50,000 URLs): every HTML page except those marked noindex and the
 * redirect stubs of renamed profiles. The build decides per page as it
 * writes it (isSitemapPage) and keeps the answer, so an incremental build
 * makes the same sitemap without reading the whole site again.
 */
import { pagePath } from '../../src/lib/nav-links';
import { absoluteUrl } from '../../src/lib/seo/meta';
import {
  SITEMAP_URL_LIMIT,
  sitemapLayout,
  sitemapPartCount,
  sitemapPartOf,
  sitemapUrlset,
  splitSitemap,
  urlRow,
} from '../../src/lib/seo/sitemap';

/** A noindex robots meta tag or a meta refresh (a redirect page): either keeps a page out of the sitemap. */
const NOT_IN_SITEMAP = /<meta[\t\n\f\r ]+(?:name="robots"[\t\n\f\r ]+content="[^"]*noindex|http-equiv="refresh")/i;

/**
 * Whether a built page (its text, or its bytes as text: ./page-text.ts)
 * belongs in the sitemap. One pass over the page for both tags: a build asks
 * it of every page (870,000 of them at 100,000 therapists).
 */
export function isSitemapPage(html: string): boolean {
  return !NOT_IN_SITEMAP.test(html);
}

/** A sitemap file as written: its path under the site root and its bytes (UTF-8). */
export interface SitemapBytes {
  path: string;
  bytes: Uint8Array;
}

/** Past this many URLs added to one part, sorting it again is as quick as inserting them one by one. */
const MAX_SPLICES = 2000;

/** One part as last listed: its URLs sorted, and its file's bytes (undefined once the URLs move). */
interface Part {
  urls: string[];
  bytes?: Uint8Array;
}

/**
 * One site URL's sitemap as last listed: its page files, and per part its
 * URLs sorted and its bytes. At 10,000 × 20 (274,000 URLs in 16 parts)
 * building and encoding all 19 MB again took 0.6–0.9 s of each cycle that
 * published a diary; a cycle now moves only the URLs that moved and
 * rebuilds only their parts (all of them when P changes, at a power of
 * two): one new diary re-encodes one part of 1 MB (about 30 ms) and the
 * call takes about 0.2 s, most of it comparing the page files with the
 * last cycle's. It gives the same files as buildSitemaps for the same URLs, so a
 * full and an incremental build write the same site. `limit` is for tests.
 */
export class SitemapListing {
  readonly #urlOf = new Map<string, string>();
  readonly #rowOf = new Map<string, string>();
  #files = new Set<string>();
  #parts: Part[] = [{ urls: [] }];

  constructor(
    readonly siteUrl: string,
    readonly limit = SITEMAP_URL_LIMIT,
  ) {}

  /** The files for exactly these page files (compared with the last call's). */
  files(pageFiles: Iterable<string>): SitemapBytes[] {
    const files = new Set(pageFiles);
    const removed = [...this.#files].filter((file) => !files.has(file));
    const added = [...files].filter((file) => !this.#files.has(file));
    return this.changed(added, removed);
  }

  /** The files after the page files `added` joined and `removed` left (a file in both stays): no walk of the others. */
  changed(added: readonly string[], removed: readonly string[]): SitemapBytes[] {
    const gone: string[] = [];
    for (const file of removed) {
      if (!this.#files.has(file)) continue;
      const url = this.#url(file);
      gone.push(url);
      this.#files.delete(file);
      this.#urlOf.delete(file);
      this.#rowOf.delete(url);
    }
    const come: string[] = [];
    for (const file of added) {
      if (this.#files.has(file)) continue;
      this.#files.add(file);
      come.push(this.#url(file));
    }
    // A page file's URL is its only one (siteFileOf and pagePath are inverse), so a removed file removes its URL.
    // A new P (known from the count) splits everything again without first moving URLs into the old parts.
    if (sitemapPartCount(this.#urlOf.size, this.limit) !== this.#parts.length || !this.#move(gone, come)) this.#split();
    return sitemapLayout(
      this.#parts.map((part) => part.urls.length),
      this.siteUrl,
      (i) => this.#bytes(this.#parts[i]!),
      (xml) => Buffer.from(xml),
    ).map(({ path, content }) => ({ path, bytes: content }));
  }

  /** Moves URLs in and out of the parts they hash to; false when a part is then past the limit (or P no longer fits), as splitSitemap would split differently. */
  #move(removed: readonly string[], added: readonly string[]): boolean {
    const count = this.#parts.length;
    const touched = new Map<Part, { removed: Set<string>; added: string[] }>();
    const changes = (url: string) => {
      const part = this.#parts[sitemapPartOf(url, count)]!;
      let change = touched.get(part);
      if (!change) touched.set(part, (change = { removed: new Set(), added: [] }));
      return change;
    };
    for (const url of removed) changes(url).removed.add(url);
    for (const url of added) changes(url).added.push(url);
    for (const [part, change] of touched) {
      if (change.removed.size) part.urls = part.urls.filter((url) => !change.removed.has(url));
      if (change.added.length > MAX_SPLICES) part.urls = [...new Set([...part.urls, ...change.added])].sort();
      else for (const url of change.added) insertSorted(part.urls, url);
      part.bytes = undefined;
    }
    const size = this.#parts.reduce((sum, part) => sum + part.urls.length, 0);
    return sitemapPartCount(size, this.limit) === count && this.#parts.every((part) => part.urls.length <= this.limit);
  }

  /** Splits every URL again (the first cycle, and when P changes). */
  #split(): void {
    this.#parts = splitSitemap([...new Set(this.#urlOf.values())], this.limit).map((urls) => ({ urls }));
  }

  #bytes(part: Part): Uint8Array {
    return (part.bytes ??= Buffer.from(sitemapUrlset(part.urls, (url) => this.#row(url))));
  }

  #url(file: string): string {
    let url = this.#urlOf.get(file);
    if (url === undefined) this.#urlOf.set(file, (url = absoluteUrl(pagePath(`/${file}`), this.siteUrl)));
    return url;
  }

  #row(url: string): string {
    let row = this.#rowOf.get(url);
    if (row === undefined) this.#rowOf.set(url, (row = urlRow(url)));
    return row;
  }
}

/** Puts `url` in its place in `sorted` (code-unit order), unless it is there already. */
export function insertSorted(sorted: string[], url: string): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < url) low = middle + 1;
    else high = middle;
  }
  if (sorted[low] !== url) sorted.splice(low, 0, url);
}

/** Each site's listing (by its folder), with the pages it was last made for and the files it gave then. */
const siteListings = new Map<string, { listing: SitemapListing; pages: unknown; files: SitemapBytes[] }>();

/**
 * The sitemap files of a site's build: from the sitemap pages that joined
 * and left when the site's listing in this process was made for `from` (the
 * pages the build started from), else from every sitemap page of `pages`.
 * At 10,000 × 20 comparing 274,000 page files took half a second of each
 * cycle that published a diary.
 */
export function siteSitemapFiles(
  site: { outDir: string; siteUrl: string; from: unknown; pages: unknown },
  allPages: () => Iterable<string>,
  changes: { added: readonly string[]; removed: readonly string[] },
): (SitemapBytes & { kept: boolean })[] {
  const known = siteListings.get(site.outDir);
  const fits = known && known.pages === site.from && known.listing.siteUrl === site.siteUrl;
  const listing = fits ? known.listing : new SitemapListing(site.siteUrl);
  const files = fits ? listing.changed(changes.added, changes.removed) : listing.files(allPages());
  siteListings.set(site.outDir, { listing, pages: site.pages, files });
  // The same bytes as the files the site's last build was given (and wrote): the part did not change.
  const before = new Map(fits ? known.files.map((file) => [file.path, file.bytes]) : []);
  return files.map((file) => ({ ...file, kept: before.get(file.path) === file.bytes }));
}

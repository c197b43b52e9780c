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

/** Whether a built page belongs in the sitemap. */
export function isSitemapPage(html: string): boolean {
  return !/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html) && !/<meta\s+http-equiv="refresh"/i.test(html);
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

  files(pageFiles: Iterable<string>): SitemapBytes[] {
    const files = new Set(pageFiles);
    const removed: string[] = [];
    for (const file of this.#files) {
      if (files.has(file)) continue;
      const url = this.#url(file);
      removed.push(url);
      this.#urlOf.delete(file);
      this.#rowOf.delete(url);
    }
    const added: string[] = [];
    for (const file of files) if (!this.#files.has(file)) added.push(this.#url(file));
    this.#files = files;
    // A page file's URL is its only one (siteFileOf and pagePath are inverse), so a removed file removes its URL.
    // A new P (known from the count) splits everything again without first moving URLs into the old parts.
    if (sitemapPartCount(this.#urlOf.size, this.limit) !== this.#parts.length || !this.#move(removed, added)) this.#split();
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

const listings = new Map<string, SitemapListing>();

/** The sitemap files for the site's sitemap pages (their files, relative and `/`-separated). */
export function sitemapFiles(pageFiles: Iterable<string>, siteUrl: string): SitemapBytes[] {
  let listing = listings.get(siteUrl);
  if (!listing) listings.set(siteUrl, (listing = new SitemapListing(siteUrl)));
  return listing.files(pageFiles);
}

/**
 * The sitemap of a built site (src/lib/seo/sitemap.ts; parts past 50,000
 * URLs): every HTML page except those marked noindex and the redirect stubs
 * of renamed profiles. The build decides per page as it writes it
 * (isSitemapPage) and keeps the answer, so an incremental build makes the
 * same sitemap without reading the whole site again.
 */
import { pagePath } from '../../src/lib/nav-links';
import { absoluteUrl } from '../../src/lib/seo/meta';
import { sitemapsOfSorted, urlRow, SITEMAP_URL_LIMIT, type SitemapFile } from '../../src/lib/seo/sitemap';

/** Whether a built page belongs in the sitemap. */
export function isSitemapPage(html: string): boolean {
  return !/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html) && !/<meta\s+http-equiv="refresh"/i.test(html);
}

/** Past this many added or removed URLs, sorting them all again is as quick as inserting them one by one. */
const MAX_SPLICES = 2000;

/**
 * One site URL's sitemap as last listed: its page files, their URLs sorted,
 * and each URL's line. At 10,000 × 20 (274,000 URLs) listing, sorting and
 * writing them all again took 1–1.5 s of each cycle that published a diary;
 * a cycle now inserts or removes only the URLs that moved.
 */
class SitemapListing {
  readonly #urlOf = new Map<string, string>();
  readonly #rowOf = new Map<string, string>();
  #files = new Set<string>();
  #sorted: string[] = [];

  constructor(readonly siteUrl: string) {}

  files(pageFiles: Iterable<string>): SitemapFile[] {
    const files = new Set(pageFiles);
    const removed = new Set<string>();
    for (const file of this.#files) {
      if (files.has(file)) continue;
      const url = this.#url(file);
      removed.add(url);
      this.#urlOf.delete(file);
      this.#rowOf.delete(url);
    }
    const added: string[] = [];
    for (const file of files) if (!this.#files.has(file)) added.push(this.#url(file));
    if (removed.size + added.length > MAX_SPLICES) {
      this.#sorted = [...new Set([...files].map((file) => this.#url(file)))].sort();
    } else {
      // A page file's URL is its only one (siteFileOf and pagePath are inverse), so a removed file removes its URL.
      if (removed.size) this.#sorted = this.#sorted.filter((url) => !removed.has(url));
      for (const url of added) insertSorted(this.#sorted, url);
    }
    this.#files = files;
    return sitemapsOfSorted(this.#sorted, this.siteUrl, SITEMAP_URL_LIMIT, (url) => this.#row(url));
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
export function sitemapFiles(pageFiles: Iterable<string>, siteUrl: string): SitemapFile[] {
  let listing = listings.get(siteUrl);
  if (!listing) listings.set(siteUrl, (listing = new SitemapListing(siteUrl)));
  return listing.files(pageFiles);
}

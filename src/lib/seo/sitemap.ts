/**
 * sitemap.xml from the list of public page URLs. Up to SITEMAP_URL_LIMIT
 * URLs it is one <urlset>; past that sitemap.xml becomes a <sitemapindex>
 * over sitemap-1.xml … sitemap-P.xml (the protocol's limit is 50,000 URLs
 * per file). A URL's part is its FNV-1a hash modulo P, so a part holds the
 * same URLs from one build to the next and an added or removed page changes
 * one part: with one sorted list cut every 50,000 URLs, one new diary
 * shifted every later part, and at 274,000 URLs each cycle that published a
 * diary rebuilt and rewrote all 19 MB of them (0.6–0.9 s). P is a power of
 * two of about 25,000 URLs a part (sitemapPartCount), so it changes only
 * when the count crosses a power of two. robots.txt always names
 * /sitemap.xml. Pure.
 */
import { fnv1a } from '../fnv1a';

export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_PATH = '/sitemap.xml';
/** The most parts: the protocol's 50,000 sitemaps per index, down to a power of two. */
export const SITEMAP_MAX_PARTS = 32_768;

export interface SitemapFile {
  /** Path under the site root, e.g. `/sitemap.xml` or `/sitemap-2.xml`. */
  path: string;
  xml: string;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** One URL's line of a <urlset>. */
export function urlRow(url: string): string {
  return `<url><loc>${escapeXml(url)}</loc></url>`;
}

/** A part's file (or the one sitemap.xml): its URLs, sorted, each written by `row` (urlRow, or a cache of it). */
export function sitemapUrlset(sorted: readonly string[], row = urlRow): string {
  return `${HEAD}<urlset xmlns="${NS}">\n${sorted.map(row).join('\n')}\n</urlset>\n`;
}

/**
 * Parts for `count` URLs before any collision: 1 (sitemap.xml itself) up to
 * `limit`, past it the power of two that gives at most limit / 2 URLs a
 * part (16 parts at 274,000). Half the limit leaves room for the hash's
 * uneven split and for growth until the next doubling.
 */
export function sitemapPartCount(count: number, limit = SITEMAP_URL_LIMIT): number {
  if (count <= limit) return 1;
  let parts = 1;
  while (parts * limit < 2 * count) parts *= 2;
  return parts;
}

/** The part (0-based) of a URL among `parts` (a power of two); `hash` is for tests and gives an unsigned 32-bit integer. */
export function sitemapPartOf(url: string, parts: number, hash: (text: string) => number = fnv1a): number {
  return hash(url) % parts;
}

/**
 * Distinct URLs split into parts, each sorted (code-unit order, as
 * Array.prototype.sort); the array's length is P. Should more than `limit`
 * URLs hash into one part (URLs made to collide), P doubles until none
 * does; since P is a power of two, doubling splits each part in two.
 */
export function splitSitemap(urls: readonly string[], limit = SITEMAP_URL_LIMIT, hash: (text: string) => number = fnv1a): string[][] {
  for (let parts = sitemapPartCount(urls.length, limit); ; parts *= 2) {
    if (parts === 1) return [[...urls].sort()];
    if (parts > SITEMAP_MAX_PARTS)
      throw new Error(`More than ${limit} sitemap URLs share a part of ${SITEMAP_MAX_PARTS} (their hashes collide).`);
    const split = Array.from({ length: parts }, (): string[] => []);
    for (const url of urls) split[sitemapPartOf(url, parts, hash)]!.push(url);
    if (split.every((part) => part.length <= limit)) return split.map((part) => part.sort());
  }
}

/** The file of part `index` (0-based) of `parts`. */
export function sitemapPartPath(index: number, parts: number): string {
  return parts === 1 ? SITEMAP_PATH : `/sitemap-${index + 1}.xml`;
}

/**
 * The files of split parts, in order, with what each holds made by `part`
 * (the part's index) or `index` (the <sitemapindex>'s text): one file for
 * one part, else the index and then each non-empty part (an empty
 * <urlset> is not valid; with the hash's spread a part is empty only when
 * there are very few URLs or they collide). The from-scratch build and the
 * incremental listing both lay their files out here, so they cannot differ.
 */
export function sitemapLayout<T>(
  sizes: readonly number[],
  siteUrl: string,
  part: (index: number) => T,
  index: (xml: string) => T,
): { path: string; content: T }[] {
  if (sizes.length === 1) return [{ path: SITEMAP_PATH, content: part(0) }];
  const files: { path: string; content: T }[] = [];
  sizes.forEach((size, i) => {
    if (size) files.push({ path: sitemapPartPath(i, sizes.length), content: part(i) });
  });
  const origin = siteUrl.replace(/\/$/, '');
  const rows = files.map((file) => `<sitemap><loc>${escapeXml(`${origin}${file.path}`)}</loc></sitemap>`).join('\n');
  return [{ path: SITEMAP_PATH, content: index(`${HEAD}<sitemapindex xmlns="${NS}">\n${rows}\n</sitemapindex>\n`) }, ...files];
}

/**
 * The sitemap files for absolute page URLs (deduplicated), from scratch.
 * `limit` is for tests (parts then aim at limit / 2); the protocol's is the
 * default. scripts/lib/sitemap-files.ts keeps the same files between builds.
 */
export function buildSitemaps(urls: Iterable<string>, siteUrl: string, limit = SITEMAP_URL_LIMIT): SitemapFile[] {
  const parts = splitSitemap([...new Set(urls)], limit);
  return sitemapLayout(
    parts.map((part) => part.length),
    siteUrl,
    (i) => sitemapUrlset(parts[i]!),
    (xml) => xml,
  ).map(({ path, content }) => ({ path, xml: content }));
}

/**
 * robots.txt: everything may be crawled (the signed-in pages say
 * `noindex` themselves, which a crawler must be allowed to read), and
 * where the sitemap is.
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/$/, '')}${SITEMAP_PATH}\n`;
}

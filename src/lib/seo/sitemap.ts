/**
 * sitemap.xml from the list of public page URLs. Up to SITEMAP_URL_LIMIT
 * URLs it is one <urlset>; past that sitemap.xml becomes a <sitemapindex>
 * over sitemap-1.xml, sitemap-2.xml, … of at most that many URLs each (the
 * protocol's limit is 50,000 URLs per file). robots.txt always names
 * /sitemap.xml. Pure.
 */

export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_PATH = '/sitemap.xml';

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

function urlset(urls: readonly string[], row: (url: string) => string): string {
  return `${HEAD}<urlset xmlns="${NS}">\n${urls.map(row).join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap files for absolute page URLs (deduplicated, sorted).
 * `limit` is for tests; the protocol's is the default.
 */
export function buildSitemaps(urls: Iterable<string>, siteUrl: string, limit = SITEMAP_URL_LIMIT): SitemapFile[] {
  return sitemapsOfSorted([...new Set(urls)].sort(), siteUrl, limit);
}

/**
 * The sitemap files for URLs already distinct and sorted (by code unit, as
 * Array.prototype.sort), each written by `row` (urlRow, or a cache of it).
 */
export function sitemapsOfSorted(sorted: readonly string[], siteUrl: string, limit = SITEMAP_URL_LIMIT, row = urlRow): SitemapFile[] {
  if (sorted.length <= limit) return [{ path: SITEMAP_PATH, xml: urlset(sorted, row) }];
  const parts: SitemapFile[] = [];
  for (let start = 0; start < sorted.length; start += limit) {
    parts.push({ path: `/sitemap-${parts.length + 1}.xml`, xml: urlset(sorted.slice(start, start + limit), row) });
  }
  const origin = siteUrl.replace(/\/$/, '');
  const rows = parts.map((part) => `<sitemap><loc>${escapeXml(`${origin}${part.path}`)}</loc></sitemap>`).join('\n');
  return [{ path: SITEMAP_PATH, xml: `${HEAD}<sitemapindex xmlns="${NS}">\n${rows}\n</sitemapindex>\n` }, ...parts];
}

/**
 * robots.txt: everything may be crawled (the signed-in pages say
 * `noindex` themselves, which a crawler must be allowed to read), and
 * where the sitemap is.
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/$/, '')}${SITEMAP_PATH}\n`;
}

/**
 * The sitemap of a built site (src/lib/seo/sitemap.ts; parts past 50,000
 * URLs): every HTML page except those marked noindex and the redirect stubs
 * of renamed profiles. The build decides per page as it writes it
 * (isSitemapPage) and keeps the answer, so an incremental build makes the
 * same sitemap without reading the whole site again.
 */
import { pagePath } from '../../src/lib/nav-links';
import { absoluteUrl } from '../../src/lib/seo/meta';
import { buildSitemaps, type SitemapFile } from '../../src/lib/seo/sitemap';

/** Whether a built page belongs in the sitemap. */
export function isSitemapPage(html: string): boolean {
  return !/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html) && !/<meta\s+http-equiv="refresh"/i.test(html);
}

/** Each page file's absolute URL, per site URL: parsing 274,000 URLs again in every cycle took most of a second. */
const urlsOf = new Map<string, Map<string, string>>();

/** The sitemap files for the site's sitemap pages (their files, relative and `/`-separated). */
export function sitemapFiles(pageFiles: Iterable<string>, siteUrl: string): SitemapFile[] {
  let known = urlsOf.get(siteUrl);
  if (!known) urlsOf.set(siteUrl, (known = new Map()));
  const urls: string[] = [];
  for (const file of pageFiles) {
    let url = known.get(file);
    if (url === undefined) known.set(file, (url = absoluteUrl(pagePath(`/${file}`), siteUrl)));
    urls.push(url);
  }
  return buildSitemaps(urls, siteUrl);
}

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

/** The sitemap files for the site's sitemap pages (their files, relative and `/`-separated). */
export function sitemapFiles(pageFiles: Iterable<string>, siteUrl: string): SitemapFile[] {
  return buildSitemaps(
    [...pageFiles].map((file) => absoluteUrl(pagePath(`/${file}`), siteUrl)),
    siteUrl,
  );
}

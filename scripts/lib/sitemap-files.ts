/**
 * Writes sitemap.xml (and its parts past 50,000 URLs, src/lib/seo/sitemap.ts)
 * into a built site: every HTML page except those marked noindex and the
 * redirect stubs of renamed profiles.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pagePath } from '../../src/lib/nav-links';
import { absoluteUrl } from '../../src/lib/seo/meta';
import { buildSitemaps } from '../../src/lib/seo/sitemap';
import { htmlFiles } from './hosting-headers';

/** Whether a built page belongs in the sitemap. */
export function isSitemapPage(html: string): boolean {
  return !/<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html) && !/<meta\s+http-equiv="refresh"/i.test(html);
}

/** Writes the sitemap files; returns how many URLs and files. */
export async function writeSitemaps(siteDir: string, siteUrl: string): Promise<{ urls: number; files: number }> {
  const urls: string[] = [];
  for (const file of await htmlFiles(siteDir)) {
    if (!isSitemapPage(await readFile(path.join(siteDir, file), 'utf8'))) continue;
    urls.push(absoluteUrl(pagePath(`/${file.split(path.sep).join('/')}`), siteUrl));
  }
  const sitemaps = buildSitemaps(urls, siteUrl);
  await Promise.all(sitemaps.map((sitemap) => writeFile(path.join(siteDir, sitemap.path), sitemap.xml)));
  return { urls: urls.length, files: sitemaps.length };
}

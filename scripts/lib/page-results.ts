/**
 * What a build makes of a rendered page: why it cannot go into the site,
 * or what the state keeps of its file (and its text, for the search index).
 */
import { inlineHashes } from './hosting-headers';
import { pageText } from './page-text';
import { isSearchablePage } from './search-index-writer';
import { fileBytes } from './site-files';
import type { HashSets, PageRecord } from './site-state';
import { isSitemapPage } from './sitemap-files';
import type { Rendered } from '../renderer/protocol';

/** Why a listed URL fails before anything renders (./page-culprits.ts finds whose it is). */
export const NOT_A_SITE_PATH = 'not a site path (a URL built from text the site cannot serve)';

/** The first lines of an error, short enough for a failure list. */
export const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 2).join(' ').slice(0, 300);

/** Why a rendered answer cannot go into the site, or null when it can. */
export function renderFailure(result: Rendered, siteUrl: string): string | null {
  try {
    return fileBytes(result, siteUrl) ? null : `answers ${result.status}, though it is one of the site's URLs (getStaticPaths)`;
  } catch (error) {
    return firstLine(error);
  }
}

/** What the state keeps of a written file (and its page's text, ./page-text.ts, for the search index). */
export function pageRecord(
  file: string,
  result: Rendered,
  answer: Uint8Array | { file: string },
  hashSets: HashSets,
): { record: PageRecord; text?: string } {
  const record: PageRecord = { file, kind: result.kind };
  if (!file.endsWith('.html') || !(answer instanceof Uint8Array)) return { record };
  const text = pageText(answer);
  if (isSitemapPage(text)) record.sitemap = true;
  if (isSearchablePage(text)) record.search = true;
  const hashes = hashSets.indexOf(inlineHashes(text, 'latin1'));
  if (hashes !== undefined) record.hashes = hashes;
  return { record, text };
}

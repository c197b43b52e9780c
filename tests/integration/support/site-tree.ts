/**
 * What two builds of one export are compared by (tests/integration/incremental-build.test.ts,
 * sharded-build.test.ts): every file outside the Pagefind folder with a hash of
 * its bytes, and per part of the full-text index the pages it counts and its
 * fragments (Pagefind's filter files are not byte-stable between two runs over
 * the same pages).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { filesUnder } from '../../../scripts/lib/site-files';
import { SEARCH_INDEX_DIR, SEARCH_PART_LIST, type SearchPartList } from '../../../src/lib/search/index-parts';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file of a site outside the Pagefind folder, with a hash of its bytes. */
export async function siteTree(site: string): Promise<Map<string, string>> {
  const files = (await filesUnder(site)).filter((file) => !file.startsWith(`${SEARCH_INDEX_DIR}/`));
  return new Map(await Promise.all(files.map(async (file) => [file, sha(await readFile(path.join(site, file)))] as const)));
}

/** The first file two trees (siteTree) differ in: present in one only, or with other bytes; undefined when none. */
export function firstDifference(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string | undefined {
  return [...new Set([...a.keys(), ...b.keys()])].sort().find((file) => a.get(file) !== b.get(file));
}

/**
 * Per part of a site's full-text index, as its part list names them (by bundle path): the pages the
 * list and Pagefind's entry count (by language), and its fragment files (named by content).
 */
export async function searchIndexSummary(
  site: string,
): Promise<Record<string, { listed: number; pageCounts: Record<string, number>; fragments: string[] }>> {
  const summary: Record<string, { listed: number; pageCounts: Record<string, number>; fragments: string[] }> = {};
  const list = JSON.parse(await readFile(path.join(site, SEARCH_INDEX_DIR, SEARCH_PART_LIST), 'utf8')) as SearchPartList;
  for (const part of list.parts) {
    const bundle = path.join(site, part.path);
    const entry = JSON.parse(await readFile(path.join(bundle, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    summary[part.path] = {
      listed: part.pages,
      pageCounts: Object.fromEntries(Object.entries(entry.languages).map(([language, { page_count }]) => [language, page_count])),
      fragments: await filesUnder(path.join(bundle, 'fragment')).catch(() => []),
    };
  }
  return summary;
}

/**
 * Which written files go into which part of the full-text index: a
 * build's searchable pages (their records say which), cut into parts by
 * their URLs (src/data/site-pages.ts, searchPartsOf). The background index
 * and the shards' merge read the same lists, and cut the same parts as the
 * full build that predicted them from its listing.
 */
import { searchPartsOf } from '../../src/data/site-pages';
import type { IndexPartKind, SearchPart, SearchPartition } from '../../src/lib/search/index-parts';
import type { PageRecord } from './site-state';

/** The parts of the index of a site of `pages`, cut from the pages Pagefind indexes (searchPartsOf). */
export function searchPartitionOf(
  pages: Iterable<[url: string, record: PageRecord]>,
  limits?: Readonly<Record<IndexPartKind, number>>,
): SearchPartition {
  const indexed: string[] = [];
  for (const [url, record] of pages) if (record.search) indexed.push(url);
  return searchPartsOf(indexed, limits);
}

/** The files of the site's searchable pages (what Pagefind indexes), by part of the index (every part, in order), sorted. */
export function searchFiles(
  pages: Iterable<[url: string, record: PageRecord]>,
  limits?: Readonly<Record<IndexPartKind, number>>,
): Map<SearchPart, string[]> {
  const all = [...pages];
  return searchFilesIn(all, searchPartitionOf(all, limits));
}

/** searchFiles by a partition already cut from every URL of the site (a full build's, the merge's). */
export function searchFilesIn(pages: Iterable<[url: string, record: PageRecord]>, partition: SearchPartition): Map<SearchPart, string[]> {
  const files = new Map(partition.parts.map((part) => [part, [] as string[]]));
  for (const [url, page] of pages) if (page.search) files.get(partition.partOf(url)!)!.push(page.file);
  for (const list of files.values()) list.sort();
  return files;
}

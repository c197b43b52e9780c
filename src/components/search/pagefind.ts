import type { PagefindFilters } from '../../lib/search-query';
import { SEARCH_INDEX_DIR, SEARCH_PART_LIST, type SearchPartList } from '../../lib/search/index-parts';

/** The part of Pagefind's browser API the search page uses. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  /** The page's sections (under headings with an id) that match. */
  sub_results?: { url: string; title: string; excerpt: string }[];
}
export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}
export interface Pagefind {
  search(
    term: string | null,
    options?: { filters?: PagefindFilters },
  ): Promise<{
    results: PagefindResult[];
    /** Of the results, how many carry each value of each filter (the blog kind counts archive pages). */
    filters?: Record<string, Record<string, number>>;
  } | null>;
  mergeIndex(path: string): Promise<void>;
}

let loading: Promise<Pagefind> | undefined;

/** Where the index lists its parts (written with the index, so the two always agree). */
const PART_LIST_URL = `/${SEARCH_INDEX_DIR}/${SEARCH_PART_LIST}`;

/**
 * The bundles of the index's parts that hold pages, the primary one first
 * (src/lib/search/index-parts.ts). A part without any (no diaries yet) is
 * an index of no language, which Pagefind can neither search nor merge
 * ("No language indexes found").
 */
export function partsWithPages(list: SearchPartList): string[] {
  return list.parts.filter((part) => part.pages > 0).map((part) => part.path);
}

/**
 * Merges `parts` into the primary part's Pagefind, side by side: each is
 * an entry and a metadata file (it runs on the primary's WebAssembly), and
 * merged one after another they cost two round trips a part before the
 * first result (twelve parts at 150 ms round trips: 7.4 s against 4.2 s,
 * `npm run bench:full-text`; docs/performance.md, "Pagefind"). Pagefind
 * adds a part to its list when mergeIndex is called, before its first
 * await, so the parts keep their order.
 */
export async function mergeParts(pagefind: Pick<Pagefind, 'mergeIndex'>, parts: readonly string[]): Promise<void> {
  await Promise.all(parts.map((part) => pagefind.mergeIndex(part)));
}

async function fetchPartList(): Promise<SearchPartList> {
  const response = await fetch(PART_LIST_URL);
  if (!response.ok) throw new Error(`${PART_LIST_URL}: ${response.status}`);
  return (await response.json()) as SearchPartList;
}

async function load(): Promise<Pagefind> {
  const [first, ...others] = partsWithPages(await fetchPartList());
  // Nothing indexed yet (a site without profiles or diaries): every search finds nothing.
  if (!first) return { search: async () => ({ results: [] }), mergeIndex: async () => undefined };
  // Not a literal in import(), so Vite leaves the import alone: the file only exists once the build has indexed the site.
  const pagefindUrl = `${first}pagefind.js`;
  const pagefind = (await import(/* @vite-ignore */ pagefindUrl)) as Pagefind;
  // One search covers every part.
  await mergeParts(pagefind, others);
  return pagefind;
}

/** Loads Pagefind and every part of the index once, on first need; a failed load may be retried. */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

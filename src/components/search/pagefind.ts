import type { PagefindFilters } from '../../lib/search-query';
import { SEARCH_PARTS, searchPartPath, type SearchPart } from '../../lib/search/index-parts';

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

// Not a literal in import(), so Vite leaves the import alone: the file only
// exists once the build has indexed the site.
const PAGEFIND_URL = `${searchPartPath(SEARCH_PARTS[0])}pagefind.js`;
let loading: Promise<Pagefind> | undefined;

/**
 * The parts of the index that hold pages, the primary one first. A part
 * without any (no diaries yet) is an index of no language, which Pagefind
 * can neither search nor merge ("No language indexes found").
 */
export async function partsWithPages(fetchEntry: (url: string) => Promise<{ languages?: Record<string, unknown> }>): Promise<SearchPart[]> {
  const entries = await Promise.all(SEARCH_PARTS.map((part) => fetchEntry(`${searchPartPath(part)}pagefind-entry.json`)));
  return SEARCH_PARTS.filter((_, i) => Object.keys(entries[i]!.languages ?? {}).length > 0);
}

async function fetchEntry(url: string): Promise<{ languages?: Record<string, unknown> }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as { languages?: Record<string, unknown> };
}

async function load(): Promise<Pagefind> {
  const parts = await partsWithPages(fetchEntry);
  // Nothing indexed yet (a site without profiles): every search finds nothing.
  if (!parts.includes(SEARCH_PARTS[0])) return { search: async () => ({ results: [] }), mergeIndex: async () => undefined };
  const pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
  // The index is written in parts (src/lib/search/index-parts.ts): one search covers them all.
  for (const part of parts.slice(1)) await pagefind.mergeIndex(searchPartPath(part));
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

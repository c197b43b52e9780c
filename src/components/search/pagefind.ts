import { SEARCH_PARTS, searchPartPath } from '../../lib/search/index-parts';

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
  search(term: string | null, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>;
  mergeIndex(path: string): Promise<void>;
}

// Not a literal in import(), so Vite leaves the import alone: the file only
// exists once the build has indexed the site.
const PAGEFIND_URL = `${searchPartPath(SEARCH_PARTS[0])}pagefind.js`;
let loading: Promise<Pagefind> | undefined;

async function load(): Promise<Pagefind> {
  const pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
  // The index is written in parts (src/lib/search/index-parts.ts): one search covers them all.
  for (const part of SEARCH_PARTS.slice(1)) await pagefind.mergeIndex(searchPartPath(part));
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

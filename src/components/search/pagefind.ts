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
}

// A string variable, so Vite leaves the import alone: the file only exists
// after `pagefind --site dist` has indexed the build.
const PAGEFIND_URL = '/pagefind/pagefind.js';
let loading: Promise<Pagefind> | undefined;

/** Loads Pagefind once, on first need; a failed load may be retried. */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

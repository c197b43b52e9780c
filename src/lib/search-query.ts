import { looksLikeHandle, normalizeHandle } from './handles';

/** Pagefind `kind` filter values, keyed by the value used in /search?kind=. */
export const SEARCH_KINDS = {
  therapist: 'セラピスト',
  store: '店舗',
  blog: 'ブログ',
} as const;
export type SearchKind = keyof typeof SEARCH_KINDS;

/** What a search asks for, as read from and written to the /search URL. */
export interface SearchQuery {
  q: string;
  area: string;
  store: string;
  kind: SearchKind | '';
}

function isKind(value: string): value is SearchKind {
  return Object.hasOwn(SEARCH_KINDS, value);
}

/** Reads q, area, store and kind from a query string; unknown kinds are dropped. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const kind = params.get('kind') ?? '';
  return {
    q: (params.get('q') ?? '').trim(),
    area: params.get('area') ?? '',
    store: params.get('store') ?? '',
    kind: isKind(kind) ? kind : '',
  };
}

/** The query string for a search, leaving out empty fields. */
export function searchQueryString(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'area', 'store', 'kind'] as const) {
    if (query[key]) params.set(key, query[key]);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Pagefind filters for a search: only the fields that are set. */
export function pagefindFilters(query: SearchQuery): Record<string, string> {
  const filters: Record<string, string> = {};
  if (query.area) filters.area = query.area;
  if (query.store) filters.store = query.store;
  if (query.kind) filters.kind = SEARCH_KINDS[query.kind];
  return filters;
}

/** Filters as Pagefind takes them: a value, or any of several. */
export type PagefindFilters = Record<string, string | { any: string[] }>;

/**
 * `filters` with every kind allowed when none is chosen: the same pages
 * (every searchable page has a kind), and Pagefind, which counts the results
 * by filter value only in a filtered search, then says how many are blog
 * archive pages (src/components/search/result-count.ts).
 */
export function countedFilters(filters: Record<string, string>): PagefindFilters {
  return filters.kind ? filters : { ...filters, kind: { any: Object.values(SEARCH_KINDS) } };
}

/**
 * The term to hand Pagefind: a query that looks like an X handle
 * (「@MIU_0312」, 「＠miu_0312」) is normalised the way handles are stored;
 * anything else is only trimmed. Null means "no text, filters only".
 */
export function searchTerm(q: string): string | null {
  const text = q.trim();
  if (!text) return null;
  return looksLikeHandle(text) ? normalizeHandle(text) : text;
}

/**
 * Pagefind reports pages by file (`/profile/miu.html`, build.format 'file');
 * the site links to clean URLs (`/profile/miu`).
 */
export function cleanResultUrl(url: string): string {
  return url.replace(/\.html(?=$|[?#])/, '');
}

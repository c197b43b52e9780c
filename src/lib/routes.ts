/**
 * Every public URL of the site, in one place (the habit of astro-paper's
 * getPath.ts and Starlight's routing utilities): pages, feeds and their
 * archive pages, preview cards and the search indexes' shards. Pages,
 * islands, the export's registry and the scripts build URLs only through
 * these; eslint.config.js forbids writing those paths by hand elsewhere.
 *
 * A segment taken from data is never free text: slugs and ids have their
 * patterns (src/lib/slugs.ts, the rules' bounded ids), areas come from the
 * vocabulary (src/lib/areas.ts), tags from tagPageKey
 * (src/lib/blogs/tag-pages.ts), and the build refuses any URL that is no
 * site path (scripts/lib/site-files.ts isSitePath).
 */
import type { Area } from './areas';

import type { ProfileKind } from './profile/kinds';

export const HOME_PATH = '/';
export const SEARCH_PATH = '/search';
export const TODAY_PATH = '/today';
export const STORES_PATH = '/stores';
export const BLOGS_PATH = '/blogs';
export const TIMELINE_PATH = '/timeline';
export const FROZEN_LIST_PATH = '/frozen-accounts';
export const RANKING_PATH = '/favoriteRanking';

/** A therapist's public profile. */
export function profilePath(slug: string): string {
  return `/profile/${slug}`;
}

/** A store's public page. */
export function storePath(slug: string): string {
  return `/store-profile/${slug}`;
}

/** The course menu (コース料金) on a store's public page (components/CourseMenu.astro's id). */
export const COURSE_MENU_ID = 'course-menu';
export function storeMenuPath(slug: string): string {
  return `${storePath(slug)}#${COURSE_MENU_ID}`;
}

/** The public page of a profile of either kind (live after the next rebuild once published). */
export function publicProfilePath(kind: ProfileKind | null, slug: string): string {
  return kind === 'store' ? storePath(slug) : profilePath(slug);
}

/** A therapist's upcoming shifts (id = her user id). */
export function schedulePath(userId: string): string {
  return `/schedule/${userId}`;
}

/** Her shifts as an iCalendar feed, beside the page. */
export function scheduleFeedPath(userId: string): string {
  return `${schedulePath(userId)}.ics`;
}

/** One blog (写メ日記). */
export function blogPath(id: string): string {
  return `/blog/${id}`;
}

/** An area page takes an area of the vocabulary only; a tag page only a tag page key (tagPageKey). */
export type BlogListFilter = { area: Area } | { tag: string } | null;

/** /blogs, /blogs/area/{area} or /blogs/tag/{tag key}, and its archive page n (1 = the oldest posts). */
export function blogListPath(filter: BlogListFilter, page?: number): string {
  const base = !filter ? BLOGS_PATH : 'area' in filter ? `${BLOGS_PATH}/area/${filter.area}` : `${BLOGS_PATH}/tag/${filter.tag}`;
  return page ? `${base}/page/${page}` : base;
}

/** /timeline and its archive page n. */
export function timelinePath(page?: number): string {
  return page ? `${TIMELINE_PATH}/page/${page}` : TIMELINE_PATH;
}

/** The `[...page]` parameter of a feed's archive page n (none for the top page). */
export function feedPageParam(page?: number): string | undefined {
  return page ? `page/${page}` : undefined;
}

/** The archive page number in a `[...page]` parameter: 0 for the top page, NaN for anything else. */
export function feedPageNumber(param: string | undefined): number {
  if (param === undefined) return 0;
  const match = /^page\/([1-9]\d{0,6})$/.exec(param);
  return match ? Number(match[1]) : NaN;
}

/** An area view takes an area of the vocabulary only; a letter view an initial (src/lib/frozen/list.ts). */
export type FrozenListFilter = { area: Area } | { initial: string } | null;

/** The frozen-account list, a filtered view of it, and its page n (2, 3, …; page 1 has none). */
export function frozenListPath(filter: FrozenListFilter = null, page?: number): string {
  const base = !filter
    ? FROZEN_LIST_PATH
    : 'area' in filter
      ? `${FROZEN_LIST_PATH}/area/${filter.area}`
      : `${FROZEN_LIST_PATH}/letter/${filter.initial}`;
  return page && page > 1 ? `${base}/${page}` : base;
}

/** The 推し ranking, overall or of one area. */
export function rankingPath(area?: Area): string {
  return area ? `${RANKING_PATH}/area/${area}` : RANKING_PATH;
}

/** The search page, with a query when given. */
export function searchPath(query?: string): string {
  return query ? `${SEARCH_PATH}?q=${encodeURIComponent(query)}` : SEARCH_PATH;
}

/** The site's own link preview card. */
export const SITE_CARD_PATH = '/og/site.png';

/** The generated card of a therapist or store page (profile slugs are unique across both). */
export function profileCardPath(slug: string): string {
  return `/og/p/${slug}.png`;
}

/**
 * The folders of the JSON indexes the islands read: the handle index's
 * answer and completion shards (src/lib/search/handle-index.ts), the name
 * index's (src/lib/search/name-index.ts) and the people index's
 * (src/lib/favorites/people-index.ts).
 */
export const INDEX_FOLDERS = { handles: '/h', completions: '/hc', names: '/n', people: '/u' } as const;

export function handleShardPath(shard: string): string {
  return `${INDEX_FOLDERS.handles}/${shard}.json`;
}

export function completionShardPath(prefix: string): string {
  return `${INDEX_FOLDERS.completions}/${prefix}.json`;
}

export function nameShardPath(shard: string): string {
  return `${INDEX_FOLDERS.names}/${shard}.json`;
}

export function personShardPath(shard: string): string {
  return `${INDEX_FOLDERS.people}/${shard}.json`;
}

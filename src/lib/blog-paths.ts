/** The URLs of blogs and the timeline: one home for them. */
import type { Area } from './areas';

export const BLOGS_PATH = '/blogs';
export const TIMELINE_PATH = '/timeline';
/** Items on a feed's top page and on each archive page (src/lib/stable-feed.ts). */
export const FEED_PAGE_SIZE = 20;

export function blogPath(id: string): string {
  return `/blog/${id}`;
}

/** An area page takes an area of the vocabulary only; a tag page only a tagPageKey. */
export type BlogListFilter = { area: Area } | { tag: string } | null;

/**
 * A tag she typed becomes a filter page only when it is plain words
 * (letters, digits, ー・_-, as NFKC folds them): no slash, dot, backslash,
 * percent, ? or # can shape a path or a query, no control, format (bidi,
 * zero-width) or space character can hide in one, and no letter that
 * renders as nothing (default-ignorable, like the Hangul filler U+3164).
 * Other tags are shown but not linked. tests/unit/url-segments.test.ts
 * proves it over arbitrary strings.
 */
const TAG_PAGE_PATTERN = /^(?!.*\p{Default_Ignorable_Code_Point})[\p{L}\p{N}\p{M}ー・_-]{1,20}$/u;

/** The key of a tag's filter page (NFKC, lower case), or null when it gets none. */
export function tagPageKey(tag: string): string | null {
  let key = tagKeys.get(tag);
  if (key === undefined) {
    const folded = tag.normalize('NFKC').toLowerCase();
    key = TAG_PAGE_PATTERN.test(folded) ? folded : null;
    // Tags repeat across 180,000 diaries; a site has a few thousand distinct ones.
    if (tagKeys.size < 100_000) tagKeys.set(tag, key);
  }
  return key;
}
const tagKeys = new Map<string, string | null>();

/** /blogs, /blogs/area/{area} or /blogs/tag/{tag key}, and its archive page n (1 = the oldest posts). */
export function blogListPath(filter: BlogListFilter, page?: number): string {
  const base = !filter ? BLOGS_PATH : 'area' in filter ? `${BLOGS_PATH}/area/${filter.area}` : `${BLOGS_PATH}/tag/${filter.tag}`;
  return page ? `${base}/page/${page}` : base;
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

export function timelinePath(page?: number): string {
  return page ? `${TIMELINE_PATH}/page/${page}` : TIMELINE_PATH;
}

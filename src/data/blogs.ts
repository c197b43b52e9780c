/**
 * Blogs and timeline posts as the pages show them: who wrote each (her card),
 * a blog with its author's previous and next, and the feeds (/blogs, by area,
 * by tag; /timeline) cut into stable pages (src/lib/stable-feed.ts).
 *
 * The incremental build asks which feed pages differ between two exports
 * (src/registry/site-pages.ts): compared item by item, by identity, then
 * id and version, and by the authors whose card changed, never by body, so
 * comparing 200,000 blogs takes milliseconds; the page renders the teasers itself.
 */
import { areaOrder } from '../lib/areas';
import { blogListPath, feedPageParam, FEED_PAGE_SIZE, tagPageKey, timelinePath, type BlogListFilter } from '../lib/blog-paths';
import { storeCard, therapistCard, type ProfileCard } from '../lib/owners';
import { stableFeed } from '../lib/stable-feed';
import type { PublicBlog, PublicPost } from '../schema/public';
import { blogsNewestFirst, postsNewestFirst, predecessorOf, type Directory } from './directory';

/** Who wrote a blog or post, as its card shows her. */
export type ContentAuthor = ProfileCard & { id: string };

type Authored = { userId: string; ownerKind: 'therapist' | 'store' };

const authors = new WeakMap<Directory, Record<Authored['ownerKind'], Map<string, ContentAuthor | undefined>>>();

/** The author of a blog or post; undefined when she is not public in this export. Made once per author and export. */
export function authorOf(site: Directory, content: Authored): ContentAuthor | undefined {
  let known = authors.get(site);
  if (!known) authors.set(site, (known = { therapist: new Map(), store: new Map() }));
  const ofKind = known[content.ownerKind];
  let author = ofKind.get(content.userId);
  if (author === undefined && !ofKind.has(content.userId)) ofKind.set(content.userId, (author = findAuthor(site, content)));
  return author;
}

function findAuthor(site: Directory, content: Authored): ContentAuthor | undefined {
  if (content.ownerKind === 'store') {
    const store = site.storesById.get(content.userId);
    return store && { id: store.id, ...storeCard(store) };
  }
  const therapist = site.therapistsById.get(content.userId);
  return therapist && { id: therapist.id, ...therapistCard(therapist) };
}

/** Her blogs just before (older) and just after (newer) `blog`, by id: the record may come from another copy of the export. */
export function blogNeighbours(site: Directory, blog: PublicBlog): { previous?: PublicBlog; next?: PublicBlog } {
  const hers = site.blogsByAuthor.get(blog.userId) ?? [];
  const at = hers.findIndex((other) => other.id === blog.id);
  return at < 0 ? {} : { previous: hers[at + 1], next: hers[at - 1] };
}

export interface BlogAt {
  blog: PublicBlog;
  author: ContentAuthor;
  /** Her blog just before this one (older), and just after (newer). */
  previous?: PublicBlog;
  next?: PublicBlog;
}

const blogIds = new WeakMap<Directory, Map<string, PublicBlog>>();

export function blogAt(site: Directory, id: string | undefined): BlogAt | undefined {
  let byId = blogIds.get(site);
  if (!byId) {
    // The same diaries as the export before (see indexExport): the same lookup.
    const before = predecessorOf(site);
    const carried = before && before.blogsByAuthor === site.blogsByAuthor ? blogIds.get(before) : undefined;
    blogIds.set(site, (byId = carried ?? new Map(site.blogs.map((blog) => [blog.id, blog]))));
  }
  const blog = id === undefined ? undefined : byId.get(id);
  const author = blog && authorOf(site, blog);
  if (!blog || !author) return undefined;
  return { blog, author, ...blogNeighbours(site, blog) };
}

/** Her latest blogs and posts, for her profile; a store's page shows its own and its therapists'. */
export function latestBy(site: Directory, authorIds: readonly string[], count: number) {
  const pick = <T>(byAuthor: Map<string, T[]>, order: (a: T, b: T) => number) =>
    authorIds
      .flatMap((id) => (byAuthor.get(id) ?? []).slice(0, count))
      .sort(order)
      .slice(0, count);
  return { blogs: pick(site.blogsByAuthor, blogsNewestFirst), posts: pick(site.postsByAuthor, postsNewestFirst) };
}

/** One page of a feed: its URL, the `[...page]` parameter, what it shows, and the page to continue from. */
export interface FeedPage<T> {
  url: string;
  param: string | undefined;
  /** Newest first. */
  items: T[];
  /** 0 on the top page, else the archive page's number (1 = the oldest items). */
  page: number;
  /** The URL with the next older items, and with the next newer ones. */
  older?: string;
  newer?: string;
}

/** The top page and the archive pages of a feed whose items are given oldest first: pages[n] is archive page n. */
function feedPages<T>(oldestFirst: readonly T[], path: (page?: number) => string): FeedPage<T>[] {
  const feed = stableFeed(oldestFirst, FEED_PAGE_SIZE);
  const last = feed.archive.length;
  return [
    { url: path(), param: undefined, items: feed.latest, page: 0, older: feed.continueAt ? path(feed.continueAt) : undefined },
    ...feed.archive.map(({ page, items }) => ({
      url: path(page),
      param: feedPageParam(page),
      items,
      page,
      older: page > 1 ? path(page - 1) : undefined,
      newer: page < last ? path(page + 1) : path(),
    })),
  ];
}

/** What a feed's card shows of its author (blogs: name, link, area; posts: name, link, picture), to tell two versions apart. */
const blogAuthorShown = (author: ContentAuthor | undefined) => JSON.stringify([author?.name, author?.href, author?.area]);
const postAuthorShown = (author: ContentAuthor | undefined) => JSON.stringify([author?.name, author?.href, author?.photoURL]);

/** Authors whose card, as the feed shows it, differs between the two exports (ten thousand comparisons, not a walk of every item). */
function changedAuthors<T extends Authored>(
  before: Directory,
  after: Directory,
  byAuthor: (site: Directory) => Map<string, T[]>,
  shown: (author: ContentAuthor | undefined) => string,
): Set<string> {
  const changed = new Set<string>();
  for (const site of [before, after]) {
    for (const [id, items] of byAuthor(site)) {
      if (items[0] && !changed.has(id) && shown(authorOf(before, items[0])) !== shown(authorOf(after, items[0]))) changed.add(id);
    }
  }
  return changed;
}

/**
 * The URLs among `after`'s pages whose page differs from `before`'s page at
 * that URL: another item, order or link, an item of another version, or an
 * item whose author's card changed. Items are compared by identity first: an
 * export file whose bytes did not change is parsed once, so most are the same object.
 */
function changedFeedUrls<T extends Authored>(
  before: readonly FeedPage<T>[],
  after: readonly FeedPage<T>[],
  sameVersion: (a: T, b: T) => boolean,
  authors: Set<string>,
): string[] {
  const old = new Map(before.map((page) => [page.url, page]));
  const differs = (page: FeedPage<T>) => {
    const was = old.get(page.url);
    if (!was || was.older !== page.older || was.newer !== page.newer || was.items.length !== page.items.length) return true;
    return page.items.some((item, i) => (was.items[i] !== item && !sameVersion(was.items[i]!, item)) || authors.has(item.userId));
  };
  return after.filter(differs).map((page) => page.url);
}

export interface BlogFeedView {
  filter: BlogListFilter;
  pages: FeedPage<PublicBlog>[];
}

export interface BlogFeeds {
  views: BlogFeedView[];
  /** The views by JSON of their filter. */
  byFilter: Map<string, BlogFeedView>;
  /** Areas with blogs, in the site's area order. */
  areas: string[];
  /** The most used tag pages (key and count), for the filter links. */
  topTags: { tag: string; count: number }[];
  /** Every blog the feeds show (her author listed), oldest first: the next export's order is merged from it. */
  oldestFirst: PublicBlog[];
}

const TOP_TAGS = 20;
const blogFeedCache = new WeakMap<Directory, BlogFeeds>();

/**
 * Blogs oldest first: the reverse of blogsNewestFirst (publishedAt, then
 * id), sorted on one precomputed key each. With the comparator, 3 million
 * calls for 180,000 diaries took half a second of every cycle.
 */
function oldestFirstOf(blogs: readonly PublicBlog[]): PublicBlog[] {
  const keyed = blogs.map((blog) => ({ key: `${blog.publishedAt}\u0000${blog.id}`, blog }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ blog }) => blog);
}

/**
 * A feed of the export `site` was indexed after, when it is this export's
 * too: the same items (the same grouping, see indexExport) by the same
 * listed authors, in the same areas (a feed shows only items whose author
 * is listed, and files them by her area). A profile edit then costs no
 * re-sorting of 200,000 diaries.
 */
function carriedFeed<F, T extends Authored>(
  site: Directory,
  cache: WeakMap<Directory, F>,
  byAuthor: (site: Directory) => Map<string, T[]>,
): F | undefined {
  const before = predecessorOf(site);
  const feed = before && cache.get(before);
  if (!feed || byAuthor(site) !== byAuthor(before)) return undefined;
  for (const items of byAuthor(site).values()) {
    const [was, now] = [authorOf(before, items[0]!), authorOf(site, items[0]!)];
    if (!was !== !now || was?.area !== now?.area) return undefined;
  }
  cache.set(site, feed);
  return feed;
}

/** Past this many new diaries, sorting them all again is as quick as merging them in. */
const MAX_MERGED = 5_000;

const olderThan = (a: PublicBlog, b: PublicBlog) => a.publishedAt < b.publishedAt || (a.publishedAt === b.publishedAt && a.id < b.id);

/**
 * The listed blogs of `site`, oldest first: its predecessor's order with
 * the blogs gone or unlisted taken out and the new ones (and those of
 * authors listed again) merged in, else sorted from scratch. A new diary
 * at 10,000 × 20 then costs a pass over the order, not a sort of it.
 */
function listedOldestFirst(site: Directory): PublicBlog[] {
  const listed = (blog: PublicBlog) => authorOf(site, blog) !== undefined;
  const before = predecessorOf(site);
  const prior = before && blogFeedCache.get(before)?.oldestFirst;
  return (prior && mergedOrder(before!, site, prior, listed)) ?? oldestFirstOf(site.blogs.filter(listed));
}

function mergedOrder(before: Directory, site: Directory, prior: readonly PublicBlog[], listed: (blog: PublicBlog) => boolean) {
  const relisted = new Set<string>();
  for (const [uid, items] of site.blogsByAuthor) if (!authorOf(before, items[0]!) && listed(items[0]!)) relisted.add(uid);
  const was = new Set(before.blogs);
  const fresh = site.blogs.filter((blog) => (!was.has(blog) || relisted.has(blog.userId)) && listed(blog));
  if (fresh.length > MAX_MERGED) return undefined;
  const now = new Set(site.blogs);
  const kept = prior.filter((blog) => now.has(blog) && listed(blog));
  const added = oldestFirstOf(fresh);
  const order: PublicBlog[] = [];
  let k = 0;
  for (const blog of added) {
    while (k < kept.length && olderThan(kept[k]!, blog)) order.push(kept[k++]!);
    order.push(blog);
  }
  while (k < kept.length) order.push(kept[k++]!);
  return order;
}

/** /blogs, /blogs/area/{area} and /blogs/tag/{tag}, every page of each, for one export. */
export function blogFeeds(site: Directory): BlogFeeds {
  const known = blogFeedCache.get(site) ?? carriedFeed(site, blogFeedCache, (one) => one.blogsByAuthor);
  if (known) return known;
  const oldestFirst = listedOldestFirst(site);
  const byArea = new Map<string, PublicBlog[]>();
  const byTag = new Map<string, PublicBlog[]>();
  const add = (map: Map<string, PublicBlog[]>, key: string, blog: PublicBlog) => {
    const list = map.get(key);
    if (list) list.push(blog);
    else map.set(key, [blog]);
  };
  for (const blog of oldestFirst) {
    add(byArea, authorOf(site, blog)!.area, blog);
    const keys: string[] = [];
    for (const tag of blog.tags) {
      const key = tagPageKey(tag);
      if (key && !keys.includes(key)) keys.push(key);
    }
    for (const key of keys) add(byTag, key, blog);
  }
  const areas = [...byArea.keys()].sort((a, b) => areaOrder(a) - areaOrder(b) || a.localeCompare(b, 'ja'));
  const view = (filter: BlogListFilter, blogs: readonly PublicBlog[]): BlogFeedView => ({
    filter,
    pages: feedPages(blogs, (page) => blogListPath(filter, page)),
  });
  const views = [
    view(null, oldestFirst),
    ...areas.map((area) => view({ area }, byArea.get(area)!)),
    ...[...byTag].map(([tag, blogs]) => view({ tag }, blogs)),
  ];
  const feeds: BlogFeeds = {
    views,
    oldestFirst,
    byFilter: new Map(views.map((one) => [JSON.stringify(one.filter), one])),
    areas,
    topTags: [...byTag]
      .map(([tag, blogs]) => ({ tag, count: blogs.length }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'ja'))
      .slice(0, TOP_TAGS),
  };
  blogFeedCache.set(site, feeds);
  return feeds;
}

/** The view of a filter, or undefined when it has no page. */
export function blogFeedView(site: Directory, filter: BlogListFilter): BlogFeedView | undefined {
  return blogFeeds(site).byFilter.get(JSON.stringify(filter));
}

/**
 * The blog feed pages (/blogs, by area, by tag) that differ between two
 * exports (src/registry/site-pages.ts). A card shows the blog (its version
 * is `updatedAt`, its place `publishedAt`) and its author's name, link and
 * area; the top pages also show the area links, and /blogs the most used tags.
 */
export function changedBlogFeedPages(before: Directory, after: Directory): string[] {
  const [was, now] = [blogFeeds(before), blogFeeds(after)];
  const authors = changedAuthors(before, after, (site) => site.blogsByAuthor, blogAuthorShown);
  const sameVersion = (a: PublicBlog, b: PublicBlog) => a.id === b.id && a.updatedAt === b.updatedAt && a.publishedAt === b.publishedAt;
  const areasMoved = JSON.stringify(was.areas) !== JSON.stringify(now.areas);
  const tagsMoved = JSON.stringify(was.topTags) !== JSON.stringify(now.topTags);
  return now.views.flatMap(({ filter, pages }) => {
    const urls = changedFeedUrls(was.byFilter.get(JSON.stringify(filter))?.pages ?? [], pages, sameVersion, authors);
    const top = pages[0]!.url;
    if ((areasMoved || (filter === null && tagsMoved)) && !urls.includes(top)) urls.push(top);
    return urls;
  });
}

const timelineCache = new WeakMap<Directory, FeedPage<PublicPost>[]>();

/** /timeline and its archive pages, for one export. */
export function timelinePages(site: Directory): FeedPage<PublicPost>[] {
  let pages = timelineCache.get(site) ?? carriedFeed(site, timelineCache, (one) => one.postsByAuthor);
  if (!pages) {
    const oldestFirst = site.posts.filter((post) => authorOf(site, post)).sort((a, b) => postsNewestFirst(b, a));
    timelineCache.set(site, (pages = feedPages(oldestFirst, timelinePath)));
  }
  return pages;
}

/** The /timeline pages that differ between two exports: a post never changes once written, its author's card may. */
export function changedTimelinePages(before: Directory, after: Directory): string[] {
  const authors = changedAuthors(before, after, (site) => site.postsByAuthor, postAuthorShown);
  return changedFeedUrls(timelinePages(before), timelinePages(after), (a, b) => a.id === b.id, authors);
}

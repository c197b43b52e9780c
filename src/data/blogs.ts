/**
 * Blogs and timeline posts as the pages show them: who wrote each (her card),
 * a blog with its author's previous and next, and the feeds (/blogs, by area,
 * by tag; /timeline) cut into stable pages (src/lib/stable-feed.ts).
 *
 * A feed page's `input` is what the incremental build compares between two
 * exports (src/registry/site-pages.ts): each item's id, version and author,
 * not its body, so comparing 200,000 blogs stays cheap; the page renders
 * the teasers itself.
 */
import { areaOrder } from '../lib/areas';
import { blogListPath, feedPageParam, FEED_PAGE_SIZE, tagPageKey, timelinePath, type BlogListFilter } from '../lib/blog-paths';
import { storeCard, therapistCard, type ProfileCard } from '../lib/owners';
import { stableFeed } from '../lib/stable-feed';
import type { PublicBlog, PublicPost } from '../schema/public';
import { blogsNewestFirst, postsNewestFirst, type Directory } from './directory';

/** Who wrote a blog or post, as its card shows her. */
export type ContentAuthor = ProfileCard & { id: string };

type Authored = { userId: string; ownerKind: 'therapist' | 'store' };

const authors = new WeakMap<Directory, Map<string, ContentAuthor | undefined>>();

/** The author of a blog or post; undefined when she is not public in this export. Made once per author and export. */
export function authorOf(site: Directory, content: Authored): ContentAuthor | undefined {
  let known = authors.get(site);
  if (!known) authors.set(site, (known = new Map()));
  const key = `${content.ownerKind}:${content.userId}`;
  if (!known.has(key)) known.set(key, findAuthor(site, content));
  return known.get(key);
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
  if (!byId) blogIds.set(site, (byId = new Map(site.blogs.map((blog) => [blog.id, blog]))));
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

/** What a feed page shows of an item besides the item itself: enough to tell two versions apart. */
const blogInput = (site: Directory, blog: PublicBlog) => {
  const author = authorOf(site, blog);
  return [blog.id, blog.updatedAt, blog.publishedAt, author?.name, author?.href, author?.area];
};
const postInput = (site: Directory, post: PublicPost) => {
  const author = authorOf(site, post);
  return [post.id, author?.name, author?.href, author?.photoURL];
};
const pageInput = <T>(page: FeedPage<T>, item: (record: T) => unknown) => ({
  items: page.items.map(item),
  older: page.older,
  newer: page.newer,
});

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
}

const TOP_TAGS = 20;
const blogFeedCache = new WeakMap<Directory, BlogFeeds>();

/** /blogs, /blogs/area/{area} and /blogs/tag/{tag}, every page of each, for one export. */
export function blogFeeds(site: Directory): BlogFeeds {
  const known = blogFeedCache.get(site);
  if (known) return known;
  const oldestFirst = site.blogs.filter((blog) => authorOf(site, blog)).sort((a, b) => blogsNewestFirst(b, a));
  const byArea = new Map<string, PublicBlog[]>();
  const byTag = new Map<string, PublicBlog[]>();
  const add = (map: Map<string, PublicBlog[]>, key: string, blog: PublicBlog) => {
    const list = map.get(key);
    if (list) list.push(blog);
    else map.set(key, [blog]);
  };
  for (const blog of oldestFirst) {
    add(byArea, authorOf(site, blog)!.area, blog);
    for (const key of new Set(blog.tags.map(tagPageKey))) if (key) add(byTag, key, blog);
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

/** Every blog feed page with its input (src/registry/site-pages.ts). */
export function blogFeedListPages(site: Directory): { url: string; input: unknown }[] {
  const { views, areas, topTags } = blogFeeds(site);
  return views.flatMap(({ filter, pages }) =>
    pages.map((page) => ({
      url: page.url,
      // Top pages also show the area links; /blogs alone the most used tags (a new blog changes their counts,
      // and must not re-render every tag's page).
      input: {
        ...pageInput(page, (blog) => blogInput(site, blog)),
        ...(page.page === 0 && { areas, filter }),
        ...(page.page === 0 && filter === null && { topTags }),
      },
    })),
  );
}

const timelineCache = new WeakMap<Directory, FeedPage<PublicPost>[]>();

/** /timeline and its archive pages, for one export. */
export function timelinePages(site: Directory): FeedPage<PublicPost>[] {
  let pages = timelineCache.get(site);
  if (!pages) {
    const oldestFirst = site.posts.filter((post) => authorOf(site, post)).sort((a, b) => postsNewestFirst(b, a));
    timelineCache.set(site, (pages = feedPages(oldestFirst, timelinePath)));
  }
  return pages;
}

export function timelineListPages(site: Directory): { url: string; input: unknown }[] {
  return timelinePages(site).map((page) => ({ url: page.url, input: pageInput(page, (post) => postInput(site, post)) }));
}

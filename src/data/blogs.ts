/**
 * Blogs and timeline posts as the pages show them: who wrote each (her card),
 * a blog with its author's previous and next, and the feeds (/blogs, by area,
 * by tag; /timeline) cut into stable pages (src/lib/stable-feed.ts).
 *
 * The incremental build asks which feed pages differ between two exports
 * (./site-pages.ts): compared item by item, by identity, then
 * id and version, and by the authors whose card changed, never by body, so
 * comparing 200,000 blogs takes milliseconds (a teaser changes only with its
 * body, whose edit moves updatedAt).
 */
import { compareAreas, isArea, type Area } from '../lib/areas';
import { blogListPath, feedPageParam, timelinePath, type BlogListFilter } from '../lib/routes';
import { FEED_PAGE_SIZE } from '../lib/stable-feed';
import { blogNeighbours } from '../lib/blogs/neighbours';
import { tagPageKey } from '../lib/blogs/tag-pages';
import { storeCard, therapistCard, type ProfileCard } from '../lib/owners';
import { stableFeed } from '../lib/stable-feed';
import type { ListedBlog, PublicPost } from '../schema/public';
import { blogsNewestFirst, postsNewestFirst, predecessorOf, type Directory } from './directory';
import { shardChange } from './export-records';
import { MemoSlot, memoized, recall, remember } from './export-memo';

/** Who wrote a blog or post, as its card shows her. */
export type ContentAuthor = ProfileCard & { id: string };

type Authored = { userId: string; ownerKind: 'therapist' | 'store' };

const AUTHORS = new MemoSlot<Record<Authored['ownerKind'], Map<string, ContentAuthor | undefined>>>('content authors');

/** The author of a blog or post; undefined when she is not public in this export. Made once per author and export. */
export function authorOf(site: Directory, content: Authored): ContentAuthor | undefined {
  const ofKind = memoized(site, AUTHORS, () => ({ therapist: new Map(), store: new Map() }))[content.ownerKind];
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

export interface BlogAt {
  blog: ListedBlog;
  author: ContentAuthor;
  /** Her blog just before this one (older), and just after (newer). */
  previous?: ListedBlog;
  next?: ListedBlog;
}

const BLOG_IDS = new MemoSlot<Map<string, ListedBlog>>('blogs by id');

export function blogAt(site: Directory, id: string | undefined): BlogAt | undefined {
  let byId = recall(site, BLOG_IDS);
  if (!byId) {
    const before = predecessorOf(site);
    const known = before && recall(before, BLOG_IDS);
    const change = known && shardChange(before.blogs, site.blogs);
    if (change) {
      // The lookup before, with the diaries of the shards that changed taken out and put back.
      byId = change.removed.length + change.added.length === 0 ? known : new Map(known);
      for (const blog of change.removed) byId.delete(blog.id);
      for (const blog of change.added) byId.set(blog.id, blog);
    } else byId = new Map(site.blogs.map((blog) => [blog.id, blog]));
    remember(site, BLOG_IDS, byId);
  }
  const blog = id === undefined ? undefined : byId.get(id);
  const author = blog && authorOf(site, blog);
  if (!blog || !author) return undefined;
  return { blog, author, ...blogNeighbours(site.blogsByAuthor, blog) };
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
  /** Older items exist, on no page of this view (VIEW_ARCHIVE_PAGES): the oldest page it keeps says where they are. */
  olderElsewhere?: true;
}

/**
 * The archive pages an area or tag view of /blogs keeps: its newest 50
 * (1,000 diaries), as /blogs itself keeps every page. Past them a view's
 * oldest kept page sends the reader to /blogs, whose archive lists every
 * diary once, and to the search, which finds any of them. Without the
 * bound a view grew with the site (#秋 had 1,476 pages at 10,000
 * therapists, paged back a year that nobody pages through), and so did
 * every full build: 34,560 view pages at 10,000 × 20, the heaviest the
 * site renders, against 4,782 (docs/decisions/blog-feeds.md).
 */
export const VIEW_ARCHIVE_PAGES = 50;

/** A feed's page by its number (0: the top page), or undefined where the feed has none (a view keeps its newest pages). */
export function feedPageAt<T>(pages: readonly FeedPage<T>[], n: number): FeedPage<T> | undefined {
  if (n === 0) return pages[0];
  const first = pages[1]?.page ?? 1;
  const page = pages[n - first + 1];
  return page?.page === n ? page : undefined;
}

/**
 * The top page and the archive pages of a feed whose items are given oldest
 * first, at most the newest `keep` of those (feedPageAt finds one by its number).
 */
function feedPages<T>(oldestFirst: readonly T[], path: (page?: number) => string, keep = Infinity): FeedPage<T>[] {
  const feed = stableFeed(oldestFirst, FEED_PAGE_SIZE, keep);
  const last = feed.pages;
  const first = feed.archive[0]?.page ?? 1;
  return [
    { url: path(), param: undefined, items: feed.latest, page: 0, older: feed.continueAt ? path(feed.continueAt) : undefined },
    ...feed.archive.map(({ page, items }) => ({
      url: path(page),
      param: feedPageParam(page),
      items,
      page,
      older: page > first ? path(page - 1) : undefined,
      newer: page < last ? path(page + 1) : path(),
      ...(page === first && first > 1 ? { olderElsewhere: true as const } : {}),
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
    if (!was || was.older !== page.older || was.newer !== page.newer || was.olderElsewhere !== page.olderElsewhere) return true;
    if (was.items.length !== page.items.length) return true;
    return page.items.some((item, i) => (was.items[i] !== item && !sameVersion(was.items[i]!, item)) || authors.has(item.userId));
  };
  return after.filter(differs).map((page) => page.url);
}

export interface BlogFeedView {
  filter: BlogListFilter;
  /** Its blogs, oldest first: the next export's view is patched from it. */
  oldestFirst: ListedBlog[];
  pages: FeedPage<ListedBlog>[];
}

export interface BlogFeeds {
  views: BlogFeedView[];
  /** The views by JSON of their filter. */
  byFilter: Map<string, BlogFeedView>;
  /** Areas with blogs, in the site's area order. */
  areas: Area[];
  /** The most used tag pages (key and count), for the filter links. */
  topTags: { tag: string; count: number }[];
}

const TOP_TAGS = 20;
const BLOG_FEEDS = new MemoSlot<BlogFeeds>('blog feeds');

/**
 * Blogs oldest first: the reverse of blogsNewestFirst (publishedAt, then
 * id), sorted on one precomputed key each. With the comparator, 3 million
 * calls for 180,000 diaries took half a second of every cycle.
 */
function oldestFirstOf(blogs: readonly ListedBlog[]): ListedBlog[] {
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
  slot: MemoSlot<F>,
  byAuthor: (site: Directory) => Map<string, T[]>,
): F | undefined {
  const before = predecessorOf(site);
  const feed = before && recall(before, slot);
  if (!feed || byAuthor(site) !== byAuthor(before)) return undefined;
  for (const items of byAuthor(site).values()) {
    const [was, now] = [authorOf(before, items[0]!), authorOf(site, items[0]!)];
    if (!was !== !now || was?.area !== now?.area) return undefined;
  }
  return remember(site, slot, feed);
}

/** Past this many diaries moved, sorting them all again is as quick as patching the lists. */
const MAX_PATCHED = 5_000;

const olderThan = (a: ListedBlog, b: ListedBlog) => a.publishedAt < b.publishedAt || (a.publishedAt === b.publishedAt && a.id < b.id);

/** The lists the feeds page: every listed blog, and those of each area and tag page, oldest first. */
interface FeedLists {
  all: ListedBlog[];
  byArea: Map<string, ListedBlog[]>;
  byTag: Map<string, ListedBlog[]>;
}

/** The tag pages a blog is listed on (one per page key, in the order of its tags). */
function tagKeysOf(blog: ListedBlog): string[] {
  const keys: string[] = [];
  for (const tag of blog.tags) {
    const key = tagPageKey(tag);
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** The lists of `site` made from scratch: its listed blogs sorted and filed. */
function sortedLists(site: Directory): FeedLists {
  const lists: FeedLists = { all: oldestFirstOf(site.blogs.filter((blog) => authorOf(site, blog))), byArea: new Map(), byTag: new Map() };
  const add = (map: Map<string, ListedBlog[]>, key: string, blog: ListedBlog) => {
    const list = map.get(key);
    if (list) list.push(blog);
    else map.set(key, [blog]);
  };
  for (const blog of lists.all) {
    add(lists.byArea, authorOf(site, blog)!.area, blog);
    for (const key of tagKeysOf(blog)) add(lists.byTag, key, blog);
  }
  return lists;
}

/**
 * The lists of `site` patched from those of the export it was indexed
 * after: the diaries of the shards that changed (./export-records.ts,
 * shardChange) and of the authors listed, unlisted or filed under another
 * area come out of the lists they were on and go into those they are on
 * now; every other list is carried as it was. A new diary at 10,000 × 20
 * then costs a pass over the lists it joins, not a sort and filing of
 * 200,000. Undefined when the change is not known or too large.
 */
function patchedLists(before: Directory, site: Directory, prior: FeedLists): FeedLists | undefined {
  const change = shardChange(before.blogs, site.blogs);
  if (!change) return undefined;
  const removed = new Set(change.removed);
  const added = new Set(change.added);
  for (const uid of new Set([...before.blogsByAuthor.keys(), ...site.blogsByAuthor.keys()])) {
    const [was, now] = [before.blogsByAuthor.get(uid)?.[0], site.blogsByAuthor.get(uid)?.[0]];
    const [wasAuthor, nowAuthor] = [was && authorOf(before, was), now && authorOf(site, now)];
    if (!wasAuthor === !nowAuthor && wasAuthor?.area === nowAuthor?.area) continue;
    for (const blog of before.blogsByAuthor.get(uid) ?? []) removed.add(blog);
    for (const blog of site.blogsByAuthor.get(uid) ?? []) added.add(blog);
  }
  if (removed.size + added.size > MAX_PATCHED) return undefined;
  const joining = oldestFirstOf([...added].filter((blog) => authorOf(site, blog)));
  // The lists a moved diary leaves or joins, with what joins each.
  const touched = { area: new Map<string, ListedBlog[]>(), tag: new Map<string, ListedBlog[]>() };
  const touch = (map: Map<string, ListedBlog[]>, key: string) => {
    let joins = map.get(key);
    if (!joins) map.set(key, (joins = []));
    return joins;
  };
  for (const blog of removed) {
    const author = authorOf(before, blog);
    if (!author) continue;
    touch(touched.area, author.area);
    for (const key of tagKeysOf(blog)) touch(touched.tag, key);
  }
  for (const blog of joining) {
    touch(touched.area, authorOf(site, blog)!.area).push(blog);
    for (const key of tagKeysOf(blog)) touch(touched.tag, key).push(blog);
  }
  const patch = (list: readonly ListedBlog[], joins: readonly ListedBlog[]) => mergedList(list, removed, joins);
  const patchMap = (lists: Map<string, ListedBlog[]>, joins: Map<string, ListedBlog[]>) => {
    const patched = new Map(lists);
    for (const [key, blogs] of joins) {
      const list = patch(lists.get(key) ?? [], blogs);
      if (list.length > 0) patched.set(key, list);
      else patched.delete(key);
    }
    return patched;
  };
  return { all: patch(prior.all, joining), byArea: patchMap(prior.byArea, touched.area), byTag: patchMap(prior.byTag, touched.tag) };
}

/** `list` without the blogs in `removed`, with `joins` (oldest first) merged in. */
function mergedList(list: readonly ListedBlog[], removed: ReadonlySet<ListedBlog>, joins: readonly ListedBlog[]): ListedBlog[] {
  const order: ListedBlog[] = [];
  let j = 0;
  for (const blog of list) {
    if (removed.has(blog)) continue;
    while (j < joins.length && olderThan(joins[j]!, blog)) order.push(joins[j++]!);
    order.push(blog);
  }
  while (j < joins.length) order.push(joins[j++]!);
  return order;
}

const FEED_LISTS = new MemoSlot<FeedLists>('the sorted lists of a blog feed');

/** /blogs and every page of it, /blogs/area/{area} and /blogs/tag/{tag} with their newest archive pages, for one export. */
export function blogFeeds(site: Directory): BlogFeeds {
  const known = recall(site, BLOG_FEEDS) ?? carriedFeed(site, BLOG_FEEDS, (one) => one.blogsByAuthor);
  if (known) return known;
  const before = predecessorOf(site);
  const prior = before && recall(before, BLOG_FEEDS);
  const priorLists = prior && recall(prior, FEED_LISTS);
  const lists = (priorLists && patchedLists(before!, site, priorLists)) ?? sortedLists(site);
  // Authors' areas are of the vocabulary (the export's schema); the filter says so to the type checker.
  const areas = [...lists.byArea.keys()].filter(isArea).sort(compareAreas);
  const tags = [...lists.byTag.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // A list carried as it was keeps its view (and its pages).
  const priorViews = new Map(prior?.views.map((one) => [one.oldestFirst, one]));
  const view = (filter: BlogListFilter, blogs: ListedBlog[]): BlogFeedView =>
    priorViews.get(blogs) ?? {
      filter,
      oldestFirst: blogs,
      pages: feedPages(blogs, (page) => blogListPath(filter, page), filter ? VIEW_ARCHIVE_PAGES : Infinity),
    };
  const views = [
    view(null, lists.all),
    ...areas.map((area) => view({ area }, lists.byArea.get(area)!)),
    ...tags.map((tag) => view({ tag }, lists.byTag.get(tag)!)),
  ];
  const feeds: BlogFeeds = {
    views,
    byFilter: new Map(views.map((one) => [JSON.stringify(one.filter), one])),
    areas,
    topTags: tags
      .map((tag) => ({ tag, count: lists.byTag.get(tag)!.length }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'ja'))
      .slice(0, TOP_TAGS),
  };
  remember(feeds, FEED_LISTS, lists);
  return remember(site, BLOG_FEEDS, feeds);
}

/** Page `n` (0: the top page) of a filter's view, or undefined where it has none. */
export function blogFeedPage(site: Directory, filter: BlogListFilter, n: number): FeedPage<ListedBlog> | undefined {
  const view = blogFeeds(site).byFilter.get(JSON.stringify(filter));
  return view && feedPageAt(view.pages, n);
}

/**
 * The blog feed pages (/blogs, by area, by tag) that differ between two
 * exports (./site-pages.ts). A card shows the blog (its version
 * is `updatedAt`, its place `publishedAt`) and its author's name, link and
 * area; the top pages also show the area links, and /blogs the most used tags.
 */
export function changedBlogFeedPages(before: Directory, after: Directory): string[] {
  const [was, now] = [blogFeeds(before), blogFeeds(after)];
  const authors = changedAuthors(before, after, (site) => site.blogsByAuthor, blogAuthorShown);
  const sameVersion = (a: ListedBlog, b: ListedBlog) => a.id === b.id && a.updatedAt === b.updatedAt && a.publishedAt === b.publishedAt;
  const areasMoved = JSON.stringify(was.areas) !== JSON.stringify(now.areas);
  const tagsMoved = JSON.stringify(was.topTags) !== JSON.stringify(now.topTags);
  return now.views.flatMap(({ filter, pages }) => {
    const old = was.byFilter.get(JSON.stringify(filter))?.pages ?? [];
    // A view carried as it was differs only by its authors' cards.
    const urls = old === pages && authors.size === 0 ? [] : changedFeedUrls(old, pages, sameVersion, authors);
    const top = pages[0]!.url;
    if ((areasMoved || (filter === null && tagsMoved)) && !urls.includes(top)) urls.push(top);
    return urls;
  });
}

const TIMELINE = new MemoSlot<FeedPage<PublicPost>[]>('/timeline pages');

/** /timeline and its archive pages, for one export. */
export function timelinePages(site: Directory): FeedPage<PublicPost>[] {
  let pages = recall(site, TIMELINE) ?? carriedFeed(site, TIMELINE, (one) => one.postsByAuthor);
  if (!pages) {
    const oldestFirst = site.posts.filter((post) => authorOf(site, post)).sort((a, b) => postsNewestFirst(b, a));
    pages = remember(site, TIMELINE, feedPages(oldestFirst, timelinePath));
  }
  return pages;
}

/** The /timeline pages that differ between two exports: a post never changes once written, its author's card may. */
export function changedTimelinePages(before: Directory, after: Directory): string[] {
  const authors = changedAuthors(before, after, (site) => site.postsByAuthor, postAuthorShown);
  return changedFeedUrls(timelinePages(before), timelinePages(after), (a, b) => a.id === b.id, authors);
}

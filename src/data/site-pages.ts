/**
 * The pages built from the export, as the build sees them: the parameters
 * of each dynamic route that has one page per record (getStaticPaths of
 * those pages reads them here, and the renderer lists the site's URLs from
 * them), the list pages with what each shows, and the pages that show the
 * clock. Which page shows a single record is in
 * src/registry/public-collections.ts.
 */
import { authorOf, blogFeeds, changedBlogFeedPages, changedTimelinePages, timelinePages } from './blogs';
import { loadDirectory, type Directory } from './directory';
import { frozenList, frozenListPage, frozenListPageCount, frozenListViews, frozenPageParam } from './frozen-list';
import { previewCards } from './preview-cards';
import { profileSlugs, redirectingSlugs } from './profiles';
import { rankingPages } from './ranking';
import { searchFilters } from './search-filters';
import { storeList } from './store-list';
import {
  BLOGS_PATH,
  INDEX_FOLDERS,
  SEARCH_PATH,
  STORES_PATH,
  feedPageNumber,
  frozenListPath,
  profilePath,
  storePath,
  type FrozenListFilter,
} from '../lib/routes';
import { SEARCH_PART_PAGES, partitionSearch, type IndexPartKind, type SearchPartition } from '../lib/search/index-parts';
import type { PublicCollectionName } from '../registry/public-collections';
import { MemoSlot, memoized } from './export-memo';

export type RouteParams = Record<string, string | undefined>;

const therapistIds = (site: Directory) => site.therapists.map((therapist) => ({ id: therapist.id }));

type FrozenListPage = { url: string; filter: FrozenListFilter; page: string | undefined; input: unknown };
const FROZEN_PAGES = new MemoSlot<FrozenListPage[]>('/frozen-accounts pages');

/** Every page of every /frozen-accounts view: its URL, filter, page parameter and what it shows. */
function frozenListPages(site: Directory): FrozenListPage[] {
  return memoized(site, FROZEN_PAGES, () => {
    const data = frozenList(site);
    return frozenListViews(data).flatMap(({ filter, rows }) =>
      Array.from({ length: frozenListPageCount(rows) }, (_, index) => {
        const page = frozenPageParam(index + 1);
        return {
          url: frozenListPath(filter, page ? Number(page) : undefined),
          filter,
          page,
          input: { page: frozenListPage(rows, filter, page), areas: data.areas },
        };
      }),
    );
  });
}

/** The parameters of each dynamic route with a page per record (or per page of records). */
export const EXPORT_ROUTES = {
  '/profile/[slug]': (site: Directory) => profileSlugs(site, 'therapist').map((slug) => ({ slug })),
  '/store-profile/[slug]': (site: Directory) => profileSlugs(site, 'store').map((slug) => ({ slug })),
  '/schedule/[id]': therapistIds,
  '/schedule/[id].ics': therapistIds,
  '/og/[...card].png': (site: Directory) => [...previewCards(site).keys()].map((card) => ({ card })),
  '/frozen-accounts/[...page]': (site: Directory) => frozenListPages(site).flatMap(({ filter, page }) => (filter ? [] : [{ page }])),
  '/frozen-accounts/area/[area]/[...page]': (site: Directory) =>
    frozenListPages(site).flatMap(({ filter, page }) => (filter && 'area' in filter ? [{ area: filter.area, page }] : [])),
  '/frozen-accounts/letter/[letter]/[...page]': (site: Directory) =>
    frozenListPages(site).flatMap(({ filter, page }) => (filter && 'initial' in filter ? [{ letter: filter.initial, page }] : [])),
  '/blog/[id]': (site: Directory) => site.blogs.flatMap((blog) => (authorOf(site, blog) ? [{ id: blog.id }] : [])),
  '/blogs/[...page]': (site: Directory) => blogFeeds(site).views[0]!.pages.map((page) => ({ page: page.param })),
  '/blogs/area/[area]/[...page]': (site: Directory) =>
    blogFeeds(site).views.flatMap(({ filter, pages }) =>
      filter && 'area' in filter ? pages.map((page) => ({ area: filter.area, page: page.param })) : [],
    ),
  '/blogs/tag/[tag]/[...page]': (site: Directory) =>
    blogFeeds(site).views.flatMap(({ filter, pages }) =>
      filter && 'tag' in filter ? pages.map((page) => ({ tag: filter.tag, page: page.param })) : [],
    ),
  '/timeline/[...page]': (site: Directory) => timelinePages(site).map((page) => ({ page: page.param })),
  '/favoriteRanking/area/[area]': (site: Directory) => rankingPages(site).flatMap(({ area }) => (area ? [{ area }] : [])),
} satisfies Record<string, (site: Directory) => RouteParams[]>;

export type ExportRoute = keyof typeof EXPORT_ROUTES;

/**
 * The kind of part of the full-text index (src/lib/search/index-parts.ts)
 * the page at `url` may be in, if any (BaseLayout's `searchable`): profiles
 * in the directory's, store pages in the stores', the /blogs archive pages in the
 * diaries' (not /blogs itself, nor its area and tag views, which list the same diaries
 * again). The build fails on a searchable page this does not name, and on a page
 * (not a redirect) it names that is not searchable, so it cannot fall behind the pages.
 */
export function indexPartKindOf(url: string): IndexPartKind | undefined {
  if (url.startsWith(profilePath(''))) return 'directory';
  if (url.startsWith(storePath(''))) return 'stores';
  return isBlogArchivePage(url) ? 'blogs' : undefined;
}

/**
 * The parts of the full-text index and the part of each page: the pages
 * Pagefind indexes, `indexed` (a build's records say which; a full build,
 * before rendering, takes its listing less its redirects: redirectUrls),
 * each kind (indexPartKindOf) cut into parts of at most `limits` pages.
 * Any URL of a kind has a part (a redirect's is where its page would be).
 * A full build renders each part's pages in turn and lets Pagefind write
 * that part while other pages render.
 */
export function searchPartsOf(
  indexed: Iterable<string>,
  limits: Readonly<Record<IndexPartKind, number>> = SEARCH_PART_PAGES,
): SearchPartition {
  return partitionSearch(indexed, indexPartKindOf, limits);
}

/**
 * The URLs of the export's routes that answer with a redirect, not a
 * page: a profile's slug held after a rename, a store's document id
 * (./profiles.ts). They hold no words, so the index is cut without them:
 * otherwise every store would count twice and fill twice the parts.
 */
export function redirectUrls(site: Directory): string[] {
  return [...redirectingSlugs(site, 'therapist').map(profilePath), ...redirectingSlugs(site, 'store').map(storePath)];
}

const INDEX_ENDPOINT_PREFIXES = Object.values(INDEX_FOLDERS).map((folder) => `${folder}/`);

/**
 * Whether `url` is a sharded JSON endpoint (/h, /hc, /n, /u): the pages
 * that read the search indexes (perExport's `endpointsOnly`), which a full
 * build renders first so the workers can drop those indexes.
 */
export function isIndexEndpoint(url: string): boolean {
  return INDEX_ENDPOINT_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * `blogListPath(null, n)` for n ≥ 1, its page read back by the parser the route uses: not `/blogs` itself, whose newest
 * diaries the archive pages hold too, and which is not searchable.
 */
function isBlogArchivePage(url: string): boolean {
  return url.startsWith(`${BLOGS_PATH}/`) && !Number.isNaN(feedPageNumber(url.slice(BLOGS_PATH.length + 1)));
}

/** getStaticPaths() of an export-driven route (`astro build` and `astro dev`; the renderer's URL list). */
export async function exportRoutePaths(route: ExportRoute): Promise<{ params: RouteParams }[]> {
  return EXPORT_ROUTES[route](await loadDirectory()).map((params) => ({ params }));
}

/** A page listing records: its URL and its input (everything it shows of them). */
export interface ListPage {
  url: string;
  input: unknown;
}

/**
 * The pages that list records, with the collections they show. The build
 * re-renders a list page when its input differs between the two exports
 * (which covers a record joining, leaving or moving in the list, and a
 * shown record changing), and only looks when one of those collections
 * changed. A list of 100,000 items says itself which pages differ
 * (`changedPages`), instead of giving every page's input to compare.
 */
export type ListPages = { name: string; shows: PublicCollectionName[] } & (
  | { pages: (site: Directory) => ListPage[] }
  | { changedPages: (before: Directory, after: Directory) => string[]; urls: (site: Directory) => string[] }
);

export const LIST_PAGES: ListPages[] = [
  {
    name: 'frozen-accounts',
    shows: ['frozenAccounts', 'therapists', 'stores'],
    pages: (site) => frozenListPages(site).map(({ url, input }) => ({ url, input })),
  },
  { name: 'stores', shows: ['stores', 'therapists'], pages: (site) => [{ url: STORES_PATH, input: storeList(site) }] },
  { name: 'search', shows: ['therapists', 'stores'], pages: (site) => [{ url: SEARCH_PATH, input: searchFilters(site) }] },
  {
    name: 'blogs',
    shows: ['blogs', 'therapists', 'stores'],
    changedPages: changedBlogFeedPages,
    urls: (site) => blogFeeds(site).views.flatMap(({ pages }) => pages.map((page) => page.url)),
  },
  {
    name: 'timeline',
    shows: ['posts', 'therapists', 'stores'],
    changedPages: changedTimelinePages,
    urls: (site) => timelinePages(site).map((page) => page.url),
  },
  // Her name, picture, area and store show beside her rank.
  {
    name: 'favoriteRanking',
    shows: ['rankings', 'therapists', 'stores'],
    pages: (site) => rankingPages(site).map(({ url, input }) => ({ url, input })),
  },
];

/** The URLs of a list's pages in `site`. */
export function listPageUrls(list: ListPages, site: Directory): string[] {
  return 'pages' in list ? list.pages(site).map((page) => page.url) : list.urls(site);
}

/**
 * Pages that show the clock as well as the export (today's attendance, its
 * 出勤中 / 深夜営業中, the "as of" time): rendered in every cycle. /favorites
 * suggests today's therapists to a fan with no 推し yet.
 */
export const CLOCK_PAGES = ['/', '/today', '/favorites'] as const;

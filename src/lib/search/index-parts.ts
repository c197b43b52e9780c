/**
 * The full-text index is written in parts, one Pagefind bundle each, so no
 * one Pagefind process holds more than one part's words at once: its peak
 * grows with the pages of the part it writes (about 44 KB a directory page,
 * about 230 KB a 20-diary archive page over some 700 MB), so each
 * kind of page is cut into parts of at most SEARCH_PART_PAGES pages,
 * written and freed in turn (docs/decisions/full-text-index-parts.md).
 * /search loads the first part's pagefind.js and merges the others into it
 * (Pagefind's mergeIndex), as the index's part list says (SEARCH_PART_LIST).
 * Which kind a page is: `indexPartKindOf` (src/data/site-pages.ts).
 */
import { fnv1a } from '../fnv1a';

/**
 * The kinds of part, in the order written and merged: the therapists'
 * profiles (`directory`, the primary part), the store pages, the /blogs
 * archive pages. Store pages have parts of their own because a store page
 * needs every therapist of its store, whatever her profile's part: so a
 * directory part's pages need only their own owners' records
 * (docs/decisions/render-workers-by-memory.md, "Next").
 */
export const INDEX_PART_KINDS = ['directory', 'stores', 'blogs'] as const;
export type IndexPartKind = (typeof INDEX_PART_KINDS)[number];

/** A part of the index: a kind's first part is named by the kind, the next ones `blogs-2`, `blogs-3`, … */
export type SearchPart = IndexPartKind | `${IndexPartKind}-${number}`;

/**
 * The most pages of each kind in one part. Pagefind runs beside the
 * render, and the 2 GB goal is for the two together: a part should peak
 * under about 700 MB in Pagefind, writing it (10,400 directory pages
 * peaked at 844 MB; docs/decisions/full-text-index-parts.md). A store
 * page lists its therapists, so it holds more words than a profile: half
 * as many to a part.
 */
export const SEARCH_PART_PAGES: Readonly<Record<IndexPartKind, number>> = { directory: 8_000, stores: 4_000, blogs: 1_500 };

/** Where the index lives in the site, one folder (the primary part's bundle, the others inside it). */
export const SEARCH_INDEX_DIR = 'pagefind';

/** The file in the index folder that lists its parts and their page counts (SearchPartList). */
export const SEARCH_PART_LIST = 'parts.json';

/** What SEARCH_PART_LIST holds: every part, primary first, with the pages written into it. */
export interface SearchPartList {
  parts: { path: string; pages: number }[];
}

/** The primary part: its bundle is the index folder itself. */
export const PRIMARY_SEARCH_PART: SearchPart = INDEX_PART_KINDS[0];

/** The name of the `index`-th (from 0) part of `kind`. */
export function searchPartName(kind: IndexPartKind, index: number): SearchPart {
  return index === 0 ? kind : `${kind}-${index + 1}`;
}

/** The kind of a part (`blogs-2`: `blogs`). */
export function searchPartKind(part: SearchPart): IndexPartKind {
  return part.replace(/-\d+$/, '') as IndexPartKind;
}

/** A part's bundle inside the index folder: the primary part is the folder itself. */
export function searchPartFolder(part: SearchPart): string {
  return part === PRIMARY_SEARCH_PART ? '' : part;
}

/** The URL path of a part's bundle (`/pagefind/`, `/pagefind/blogs/`), as mergeIndex takes it. */
export function searchPartPath(part: SearchPart): string {
  const folder = searchPartFolder(part);
  return folder ? `/${SEARCH_INDEX_DIR}/${folder}/` : `/${SEARCH_INDEX_DIR}/`;
}

/** The bytes of SEARCH_PART_LIST for the parts written, in order, with their page counts. */
export function searchPartListBytes(written: readonly (readonly [part: SearchPart, pages: number])[]): string {
  const list: SearchPartList = { parts: written.map(([part, pages]) => ({ path: searchPartPath(part), pages })) };
  return `${JSON.stringify(list)}\n`;
}

/** How one kind's pages are cut into parts. */
export interface KindParts {
  count: number;
  /** By hash modulo count (a page stays in its part while the count stays), or by rank in hash order (below). */
  byHash: boolean;
  /** The part (from 0) of a page of this kind. */
  indexOf(url: string): number;
}

/** Part counts tried by hash, from the fewest, before ranking: real URLs fit at the first or second. */
const HASH_TRIES = 3;

/**
 * Cuts one kind's pages into parts of at most `limit` pages: as few parts
 * as fit, each page in part `hash(url) mod count`, so a page keeps its
 * part while pages come and go and the count stays. The count is the
 * fewest from ceil(n / limit) at which no part overflows; should a few
 * counts overflow (URLs made to collide), the pages are ranked by hash and
 * cut into ceil(n / limit) equal runs instead, which always fit.
 */
export function kindParts(urls: Iterable<string>, limit: number): KindParts {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`A part of the search index holds at least one page, not ${limit}.`);
  const hashes = new Map<string, number>();
  for (const url of urls) hashes.set(url, fnv1a(url));
  const fewest = Math.max(1, Math.ceil(hashes.size / limit));
  for (let count = fewest; count < fewest + HASH_TRIES; count++) {
    const sizes = new Array<number>(count).fill(0);
    for (const hash of hashes.values()) sizes[hash % count]!++;
    if (sizes.every((size) => size <= limit)) return { count, byHash: true, indexOf: (url) => fnv1a(url) % count };
  }
  const ranked = [...hashes].sort(([a, x], [b, y]) => x - y || (a < b ? -1 : 1));
  const rank = new Map(ranked.map(([url], at) => [url, at]));
  const perPart = Math.ceil(ranked.length / fewest);
  return {
    count: fewest,
    byHash: false,
    indexOf: (url) => {
      const at = rank.get(url);
      return at === undefined ? fnv1a(url) % fewest : Math.floor(at / perPart);
    },
  };
}

/** The parts of a site's index and the part of each page. */
export interface SearchPartition {
  /** Every part, in the order written and merged: the primary first, then each kind's in turn. */
  readonly parts: readonly SearchPart[];
  /** The part the page at `url` belongs in, if it is of a kind at all. */
  partOf(url: string): SearchPart | undefined;
}

/**
 * The parts of the index of a site whose indexed pages are at `urls`, by
 * `kindOf`, each kind cut by kindParts at `limits`; `partOf` answers for
 * any URL of a kind (one not counted, a redirect, goes where its hash
 * puts it). A pure function of those URLs, so a full build, the
 * background index and the merge of shards agree.
 */
export function partitionSearch(
  urls: Iterable<string>,
  kindOf: (url: string) => IndexPartKind | undefined,
  limits: Readonly<Record<IndexPartKind, number>> = SEARCH_PART_PAGES,
): SearchPartition {
  const cut = cutByKind(urls, kindOf, limits);
  return {
    parts: INDEX_PART_KINDS.flatMap((kind) => Array.from({ length: cut.get(kind)!.count }, (_, i) => searchPartName(kind, i))),
    partOf: (url) => {
      const kind = kindOf(url);
      return kind && searchPartName(kind, cut.get(kind)!.indexOf(url));
    },
  };
}

/**
 * Each kind's parts of `urls`. Its own function: the lists of URLs by kind are gone once it returns (in
 * partitionSearch, a closure over them would keep a string array per kind for as long as a build asks partOf).
 */
function cutByKind(
  urls: Iterable<string>,
  kindOf: (url: string) => IndexPartKind | undefined,
  limits: Readonly<Record<IndexPartKind, number>>,
): Map<IndexPartKind, KindParts> {
  const byKind = new Map<IndexPartKind, string[]>(INDEX_PART_KINDS.map((kind) => [kind, []]));
  for (const url of urls) {
    const kind = kindOf(url);
    if (kind) byKind.get(kind)!.push(url);
  }
  return new Map(INDEX_PART_KINDS.map((kind) => [kind, kindParts(byKind.get(kind)!, limits[kind])]));
}

/** The parts of `partition` that `keep` keeps, in order: a page of another part is in none. */
export function partitionOnly(partition: SearchPartition, keep: (part: SearchPart) => boolean): SearchPartition {
  return {
    parts: partition.parts.filter(keep),
    partOf: (url) => {
      const part = partition.partOf(url);
      return part !== undefined && keep(part) ? part : undefined;
    },
  };
}

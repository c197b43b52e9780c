/**
 * The export, loaded once per export version and indexed for the page
 * templates. Every page needs some of these lookups; building them per page
 * would scan every collection 10,000 times on a large site. The incremental
 * build indexes two exports the same way to find what a change touches.
 */
import { ownerFinder, type OwnerLink } from '../lib/owners';
import type { ExportIndex, ExportRecords } from '../registry/public-collections';
import type { ListedBlog, PublicAvailableNow, PublicFrozenAccount, PublicPost, PublicShift, PublicTherapist } from '../schema/public';
import { tokyoDateKey } from '../lib/tokyo-date';
import {
  forgetParsedFiles,
  keepParsedFiles,
  listExportFiles,
  readListedExport,
  shardChange,
  type DirectoryRecords,
} from './export-records';
import { renderContext, renderNow, UNVERSIONED } from './render-context';
import { forget, MemoSlot, memoized, recall, remember } from './export-memo';

/** A former handle with the page where its owner is now. */
export type ListedFrozenAccount = PublicFrozenAccount & { owner: OwnerLink };

/** The export's records and the lookups over them (those the registry's `pages` read among them: ExportIndex). */
export interface Directory extends DirectoryRecords, ExportIndex {
  therapistsById: Map<string, PublicTherapist>;
  storesById: Map<string, ExportRecords['stores'][number]>;
  /** Former handles whose owner has a public page, in export order. */
  listedFrozenAccounts: ListedFrozenAccount[];
  /** Former handles by owner uid (therapist or store). */
  frozenByOwner: Map<string, PublicFrozenAccount[]>;
  shiftsByTherapist: Map<string, PublicShift[]>;
  shiftsByStore: Map<string, PublicShift[]>;
  therapistsByStore: Map<string, PublicTherapist[]>;
  /** Each author's blogs, newest first (by publishedAt, then id). */
  blogsByAuthor: Map<string, ListedBlog[]>;
  /** Each author's timeline posts, newest first. */
  postsByAuthor: Map<string, PublicPost[]>;
  /** 今すぐ案内可 by therapist uid (the pages hide one whose end has passed). */
  availableNowById: Map<string, PublicAvailableNow>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Code-point order: ISO times and ids need no collation, and localeCompare made sorting 180,000 diaries take 0.5 s. */
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const newestFirst =
  <T extends { id: string }>(time: (item: T) => string) =>
  (a: T, b: T) =>
    byCodePoints(time(b), time(a)) || byCodePoints(b.id, a.id);
export const blogsNewestFirst = newestFirst<ListedBlog>((blog) => blog.publishedAt);
export const postsNewestFirst = newestFirst<PublicPost>((post) => post.createdAt);

function sortedGroups<T>(groups: Map<string, T[]>, order: (a: T, b: T) => number): Map<string, T[]> {
  for (const group of groups.values()) group.sort(order);
  return groups;
}

/** The same records in the same order: an export file whose bytes did not change is parsed once, so its records are the same objects. */
function sameRecords(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Each directory's predecessor, for what is carried over from it (one link at a time: no chain of old exports is kept). */
const PREDECESSOR = new MemoSlot<Directory>('the export loaded before');

/** The directory `site` was indexed after (indexExport's `previous`), while `site` is the newest of its line. */
export const predecessorOf = (site: Directory) => recall(site, PREDECESSOR);

/**
 * The lookups the pages use, over one export. `previous`: the export
 * indexed before it (the last cycle's); groupings whose records did not
 * change are taken from it rather than made again (200,000 diaries sorted
 * by author took a second of every cycle, in every thread).
 */
export function indexExport(records: DirectoryRecords, previous?: Directory): Directory {
  const { therapists, stores, frozenAccounts, shifts } = records;
  const ownerOf = ownerFinder(therapists, stores);
  const unchanged = (name: 'blogs' | 'posts') => previous !== undefined && sameRecords(previous[name], records[name]);
  /** Each author's items newest first: the previous grouping with the authors of changed shards grouped again. */
  const byAuthor = <T extends { userId: string }>(name: 'blogs' | 'posts', order: (a: T, b: T) => number): Map<string, T[]> => {
    const items = records[name] as unknown as T[];
    const grouped = previous && (previous[name === 'blogs' ? 'blogsByAuthor' : 'postsByAuthor'] as unknown as Map<string, T[]>);
    if (grouped && unchanged(name)) return grouped;
    const change = grouped && shardChange(previous[name] as unknown as T[], items);
    const byUser = (some: readonly T[]) =>
      sortedGroups(
        groupBy(some, (item) => item.userId),
        order,
      );
    if (!change) return byUser(items);
    // An author's items are all in her shard: the authors of the changed shards are grouped again, whole.
    const groups = new Map(grouped);
    for (const item of change.removed) groups.delete(item.userId);
    for (const [author, group] of byUser(change.added)) groups.set(author, group);
    return groups;
  };
  const site: Directory = {
    ...records,
    therapistsById: new Map(therapists.map((t) => [t.id, t])),
    storesById: new Map(stores.map((s) => [s.id, s])),
    listedFrozenAccounts: frozenAccounts.flatMap((entry) => {
      const owner = ownerOf(entry);
      return owner ? [{ ...entry, owner }] : [];
    }),
    frozenByOwner: groupBy(frozenAccounts, (f) => f.userId),
    shiftsByTherapist: groupBy(shifts, (s) => s.userId),
    shiftsByStore: groupBy(shifts, (s) => s.storeId),
    therapistsByStore: groupBy(therapists, (t) => t.storeId),
    blogsByAuthor: byAuthor('blogs', blogsNewestFirst),
    postsByAuthor: byAuthor('posts', postsNewestFirst),
    availableNowById: new Map(records.availableNow.map((entry) => [entry.userId, entry])),
  };
  if (previous) {
    forget(previous, PREDECESSOR);
    remember(site, PREDECESSOR, previous);
  }
  return site;
}

let loaded: { key: string; exportDir: string; directory: Promise<Directory> } | undefined;

/**
 * The indexed export of the render context (src/data/render-context.ts):
 * memoised per export version and Tokyo day (what is derived from it, like
 * the next shifts of the handle index, may depend on the day). Outside the
 * renderer (`astro dev`) the export has no version: its files' own (size,
 * mtime, inode) name it, so an edited export is read again on the next request.
 *
 * Never keyed on import.meta.env.DEV: how the renderer's server build
 * compiled that flag depended on the process that built the bundle, and
 * where it came out true every page re-read and re-indexed the whole export
 * (at 10,000 therapists 0.3 s a page).
 */
export async function loadDirectory(): Promise<Directory> {
  const { exportDir, version, checked } = renderContext();
  const contentKey = version === UNVERSIONED ? (await listExportFiles(exportDir)).map((file) => file.version).join(',') : version;
  const key = `${exportDir}\n${contentKey}\n${tokyoDateKey(renderNow())}`;
  if (loaded?.key !== key) {
    // A predecessor is the same folder's last version (a build cycle's copy of the export); another folder's
    // export (an owner slice: ./owner-slices.ts) shares too little with it, and would keep it alive.
    const previous = loaded?.exportDir === exportDir ? loaded.directory.catch(() => undefined) : undefined;
    const directory = readListedExport(exportDir, { check: !checked }).then(async (records) => indexExport(records, await previous));
    loaded = { key, exportDir, directory };
    // A failed read is not remembered: the next render tries again.
    directory.catch(() => {
      if (loaded?.directory === directory) loaded = undefined;
    });
  }
  return loaded.directory;
}

/**
 * Lets go of the loaded export and the files parsed for it (scripts/lib/render-plan.ts): a full build's worker with
 * nothing to render for a while, or one about to render another export (`keepFilesOf`, its folder), whose files it
 * shares with this one stay parsed. The next render reads its own.
 */
export async function releaseLoadedExport(keepFilesOf?: string): Promise<void> {
  loaded = undefined;
  if (keepFilesOf === undefined) forgetParsedFiles();
  else keepParsedFiles(await listExportFiles(keepFilesOf));
}

/** The slots of what only the sharded JSON endpoints read (perExport's `endpointsOnly`). */
const ENDPOINT_SLOTS = new Set<MemoSlot<unknown>>();

/**
 * A loader of something derived from the export, computed once per loaded
 * export (see loadDirectory), its memo slot named `name` (the function's
 * own by default). `endpointsOnly`: only the sharded JSON endpoints read it
 * (./shard-endpoint.ts), and dropEndpointDerivations may drop it.
 */
export function perExport<T>(
  derive: (directory: Directory) => T,
  { endpointsOnly = false, name = derive.name || 'derived' }: { endpointsOnly?: boolean; name?: string } = {},
): () => Promise<T> {
  const slot = new MemoSlot<T>(name);
  if (endpointsOnly) ENDPOINT_SLOTS.add(slot);
  return async () => {
    const directory = await loadDirectory();
    return memoized(directory, slot, () => derive(directory));
  };
}

/**
 * Drops what only the sharded JSON endpoints read from the loaded export.
 * A full build renders those endpoints first and then asks: the rest of
 * its pages never read them, and at 100,000 therapists the three search
 * indexes are 241 MB of the worker's heap (docs/decisions/render-workers-by-memory.md).
 * A later request derives them again.
 */
export async function dropEndpointDerivations(): Promise<void> {
  const directory = await loaded?.directory.catch(() => undefined);
  if (directory) for (const slot of ENDPOINT_SLOTS) forget(directory, slot);
}

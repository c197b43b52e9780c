/**
 * The export cut by owner, for a full build whose memory holds the whole
 * export to fewer render workers than there are cores: the pages of one
 * owner render from a slice of the export, which a worker holds many times
 * over, on every core (docs/decisions/render-workers-by-memory.md). Two cuts,
 * each a slice per part of the full-text index (src/lib/search/index-parts.ts):
 *
 * - **Owner slices**, a slice per directory part: the therapists whose
 *   profile URL the build put in that part, with her profile, schedule,
 *   calendar feed, link-preview card and diaries (about nine pages in ten of
 *   a large site). A profile URL and the slug it names fall in one part, so a
 *   slice answers every slug of its part as the whole export does (a held
 *   slug that redirects, too: redirects are in every slice). Owners with no
 *   profile in the build's parts (stores, the therapists of another shard's
 *   parts) go to a slice by their uid's hash.
 * - **Store slices**, a slice per `stores` part: its stores' pages, each
 *   showing the store's therapists, the shifts at the store (whoever works
 *   them), and the latest writing of the store and its therapists; a
 *   therapist who works at the stores of two parts is in both slices.
 * - **List slices**: the list pages (LIST_PAGES in ./site-pages.ts) from
 *   slices holding only the collections their lists show, whole. One for
 *   the lists that show the diaries (/blogs, its views and its archive,
 *   with the `blogs` parts of the index), the largest collection by far,
 *   and one for every other list (timeline, frozen accounts, ranking,
 *   stores, search): neither holds the shifts, nor both the diaries and
 *   the posts, which the worker over the whole export does.
 *
 * Pagefind holds one part at a time, so a part's pages must render
 * together; from one slice, they do, and the slice's other pages render
 * while Pagefind writes the part. A slice is an export folder like any
 * other (the same files and shard names), so the pages read it unchanged
 * through loadDirectory, and render the same bytes.
 */
import { link, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fnv1a } from '../lib/fnv1a';
import { blogPath, profileCardPath, profilePath, scheduleFeedPath, schedulePath, storePath } from '../lib/routes';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollectionName, type PublicRecord } from '../registry/public-collections';
import { loadDirectory, type Directory } from './directory';
import { listExportFiles } from './export-records';
import { previewCardName, previewCards } from './preview-cards';
import { renderContext } from './render-context';
import { LIST_PAGES, listPageUrls, type ListPages } from './site-pages';

/**
 * Where a cut puts the records of a collection: the whole file in every
 * slice (what the pages look up by any key: stores, redirects, rankings),
 * the whole file in the slices `wholeIn` names and none of it in the
 * others, or each record in the slices `slicesOf` names (in a sharded
 * collection, shard file by shard file). Every collection needs a rule in
 * every cut: a new one does not compile until it has one.
 */
type SliceRule<T> = 'whole' | { wholeIn: readonly number[] } | { slicesOf: (record: T) => readonly number[] };
type SliceRules = { [N in PublicCollectionName]: SliceRule<PublicRecord<N>> };

/** The owner cut: every record of an owner in her slice. */
function ownerRules(sliceOf: (uid: string) => number): SliceRules {
  const hers = (uid: string) => [sliceOf(uid)];
  return {
    therapists: { slicesOf: (therapist) => hers(therapist.id) },
    stores: 'whole',
    frozenAccounts: { slicesOf: (entry) => hers(entry.userId) },
    shifts: { slicesOf: (shift) => hers(shift.userId) },
    redirects: 'whole',
    blogs: { slicesOf: (blog) => hers(blog.userId) },
    posts: { slicesOf: (post) => hers(post.userId) },
    availableNow: { slicesOf: (entry) => hers(entry.userId) },
    rankings: 'whole',
  };
}

/**
 * The store cut, from the slice of each store whose page the build renders
 * (`sliceOfStore`): what a store's page reads (src/pages/store-profile/[slug].astro)
 * in that store's slice. Its therapists (by their `storeId`) with their
 * 今すぐ, diaries and posts; its shifts, and whoever works them; its own
 * former handles, diaries and posts.
 */
function storeRules(site: Directory, sliceOfStore: ReadonlyMap<string, number>): SliceRules {
  const ofStore = (storeId: string | null | undefined) => {
    const k = storeId ? sliceOfStore.get(storeId) : undefined;
    return k === undefined ? [] : [k];
  };
  const ofTherapist = (uid: string) => ofStore(site.therapistsById.get(uid)?.storeId);
  const ofAuthor = ({ userId, ownerKind }: { userId: string; ownerKind: 'therapist' | 'store' }) =>
    ownerKind === 'store' ? ofStore(userId) : ofTherapist(userId);
  return {
    therapists: {
      slicesOf: (therapist) => [
        ...new Set([
          ...ofStore(therapist.storeId),
          ...(site.shiftsByTherapist.get(therapist.id) ?? []).flatMap((shift) => ofStore(shift.storeId)),
        ]),
      ],
    },
    stores: 'whole',
    frozenAccounts: { slicesOf: (entry) => (entry.ownerKind === 'store' ? ofStore(entry.userId) : []) },
    shifts: { slicesOf: (shift) => ofStore(shift.storeId) },
    redirects: 'whole',
    blogs: { slicesOf: ofAuthor },
    posts: { slicesOf: ofAuthor },
    availableNow: { slicesOf: (entry) => ofTherapist(entry.userId) },
    rankings: 'whole',
  };
}

/** Which list slice renders a list's pages: the diaries' lists (0) or the others (1). */
const listSliceOf = (list: ListPages) => (list.shows.includes('blogs') ? 0 : 1);
const LIST_SLICES = 2;

/** The list cut: each collection whole in the list slices whose lists show it, and in no other. */
function listRules(): SliceRules {
  const shownIn = (name: PublicCollectionName) => ({
    wholeIn: [...new Set(LIST_PAGES.filter((list) => list.shows.includes(name)).map(listSliceOf))],
  });
  return {
    therapists: shownIn('therapists'),
    stores: shownIn('stores'),
    frozenAccounts: shownIn('frozenAccounts'),
    shifts: shownIn('shifts'),
    redirects: shownIn('redirects'),
    blogs: shownIn('blogs'),
    posts: shownIn('posts'),
    availableNow: shownIn('availableNow'),
    rankings: shownIn('rankings'),
  };
}

/** One slice as written: its export folder and the URLs of the pages it renders. */
export interface OwnerSlice {
  dir: string;
  urls: string[];
}

/** A cut being written: its slices and where it puts each record. */
interface Cut {
  slices: OwnerSlice[];
  rules: SliceRules;
}

/**
 * The slice of each owner, for slices cut by `profileParts` (the profile
 * URLs of each directory part the build renders, in order): a therapist's
 * is her profile's part, anyone else's the hash of their uid.
 */
export function ownerSliceOf(
  profileParts: readonly (readonly string[])[],
  therapists: readonly { id: string; profileSlug: string }[],
): (uid: string) => number {
  const count = Math.max(1, profileParts.length);
  const sliceOfTherapist = partOfPage(profileParts, therapists, profilePath);
  return (uid) => sliceOfTherapist.get(uid) ?? fnv1a(uid) % count;
}

/** The part (from 0) of each profile among `profiles` whose page, at `pathOf(slug)`, is in one of `parts`: by its id. */
function partOfPage(
  parts: readonly (readonly string[])[],
  profiles: readonly { id: string; profileSlug: string }[],
  pathOf: (slug: string) => string,
): Map<string, number> {
  const partOfUrl = new Map<string, number>();
  for (const [k, urls] of parts.entries()) for (const url of urls) partOfUrl.set(url, k);
  const partOfProfile = new Map<string, number>();
  for (const { id, profileSlug } of profiles) {
    const k = partOfUrl.get(pathOf(profileSlug));
    if (k !== undefined) partOfProfile.set(id, k);
  }
  return partOfProfile;
}

/** What writeOwnerSlices wrote: a slice per directory part, one per `stores` part, in the order of their parts, and the list slices. */
export interface ExportSlices {
  owners: OwnerSlice[];
  stores: OwnerSlice[];
  lists: OwnerSlice[];
}

/**
 * Writes every slice of the render context's export (loaded whole: the
 * worker that listed the site) into `root`, and names each slice's pages.
 * An owner slice: its part's profile URLs, then each of its therapists'
 * schedule and feed (and card, where she has one), then its diaries. A
 * store slice: its part's URLs. A list slice: its lists' pages. Which of
 * them this build renders is the build's to say: it keeps the URLs it renders.
 */
export async function writeOwnerSlices(
  root: string,
  profileParts: readonly (readonly string[])[],
  storeParts: readonly (readonly string[])[] = [],
): Promise<ExportSlices> {
  const site = await loadDirectory();
  const { exportDir } = renderContext();
  const newSlices = (name: string, parts: readonly (readonly string[])[], count: number) =>
    Array.from({ length: count }, (_, k): OwnerSlice => ({ dir: path.join(root, `${name}-${k}`), urls: [...(parts[k] ?? [])] }));
  const sliceOf = ownerSliceOf(profileParts, site.therapists);
  const owners: Cut = { slices: newSlices('slice', profileParts, Math.max(1, profileParts.length)), rules: ownerRules(sliceOf) };
  const stores: Cut = {
    slices: newSlices('stores', storeParts, storeParts.length),
    // The store slice of each store whose page is in one of the `stores` parts.
    rules: storeRules(site, partOfPage(storeParts, site.stores, storePath)),
  };
  const lists: Cut = { slices: newSlices('lists', [], LIST_SLICES), rules: listRules() };
  for (const list of LIST_PAGES) lists.slices[listSliceOf(list)]!.urls.push(...listPageUrls(list, site));
  const cuts = [owners, stores, lists];
  // A sharded collection's folder, in every slice: a slice may hold none of its shards.
  const shardedFolders = PUBLIC_COLLECTION_NAMES.filter((name) => PUBLIC_COLLECTIONS[name].shardBy).map(
    (name) => PUBLIC_COLLECTIONS[name].file,
  );
  for (const { slices } of cuts)
    for (const slice of slices)
      for (const folder of ['', ...shardedFolders]) await mkdir(path.join(slice.dir, folder), { recursive: true });
  for (const { name, file } of await listExportFiles(exportDir)) {
    // A shard file at a time, bodies included (the listing holds the diaries without them), read once for both cuts.
    const records = PUBLIC_COLLECTIONS[name].shardBy
      ? (JSON.parse(await readFile(path.join(exportDir, file), 'utf8')) as unknown[])
      : (site[name] as unknown[]);
    for (const { slices, rules } of cuts) {
      const rule = rules[name] as SliceRule<unknown>;
      const sharded = Boolean(PUBLIC_COLLECTIONS[name].shardBy);
      if (rule === 'whole' || 'wholeIn' in rule)
        for (const [k, slice] of slices.entries()) {
          if (rule === 'whole' || rule.wholeIn.includes(k)) await link(path.join(exportDir, file), path.join(slice.dir, file));
          else if (!sharded) await writeFile(path.join(slice.dir, file), '[]');
        }
      else await writeBySlice(records, rule.slicesOf, slices, file, { skipEmpty: sharded });
    }
  }
  const cards = previewCards(site);
  for (const therapist of site.therapists) {
    const urls = owners.slices[sliceOf(therapist.id)]!.urls;
    urls.push(schedulePath(therapist.id), scheduleFeedPath(therapist.id));
    // Her link-preview card, where she has one: drawn from her record and her store's name, both in her slice.
    if (cards.has(previewCardName(therapist.profileSlug))) urls.push(profileCardPath(therapist.profileSlug));
  }
  // In the export's order, shard after shard: each worker parses a shard's bodies about once (src/data/blog-bodies.ts).
  for (const blog of site.blogs) owners.slices[sliceOf(blog.userId)]!.urls.push(blogPath(blog.id));
  return { owners: owners.slices, stores: stores.slices, lists: lists.slices };
}

/** Writes each slice's records of `records` (in their order) to `file` in its folder; a shard no owner of the slice writes in is left out. */
async function writeBySlice(
  records: readonly unknown[],
  slicesOf: (record: unknown) => readonly number[],
  slices: readonly OwnerSlice[],
  file: string,
  { skipEmpty }: { skipEmpty: boolean },
): Promise<void> {
  const bySlice = slices.map((): unknown[] => []);
  for (const record of records) for (const k of slicesOf(record)) bySlice[k]!.push(record);
  for (const [k, slice] of slices.entries())
    if (!skipEmpty || bySlice[k]!.length > 0) await writeFile(path.join(slice.dir, file), JSON.stringify(bySlice[k]));
}

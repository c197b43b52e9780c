/**
 * The export cut by owner, for a full build whose memory holds the whole
 * export to fewer render workers than there are cores: each therapist's
 * pages (her profile, schedule, calendar feed and link-preview card, and
 * her diaries: about nine pages in ten of a large site) render from her
 * slice, which a worker holds many times over, on every core
 * (docs/decisions/render-workers-by-memory.md).
 *
 * **A slice is a directory part of the full-text index**
 * (src/lib/search/index-parts.ts): the therapists whose profile URL the
 * build put in that part. Pagefind holds one part at a time, so a part's
 * profiles must render together; from one slice, they do, and the slice's
 * other pages render while Pagefind writes the part. A profile URL and the
 * slug it names fall in one part, so a slice answers every slug of its part
 * as the whole export does (a held slug that redirects, too: redirects are
 * in every slice). Owners with no profile in the build's parts (stores, the
 * therapists of another shard's parts) go to a slice by their uid's hash.
 *
 * A slice is an export folder like any other (the same files and shard
 * names), so the pages read it unchanged through loadDirectory, and render
 * the same bytes.
 */
import { link, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fnv1a } from '../lib/fnv1a';
import { blogPath, profileCardPath, profilePath, scheduleFeedPath, schedulePath } from '../lib/routes';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollectionName, type PublicRecord } from '../registry/public-collections';
import { loadDirectory } from './directory';
import { listExportFiles } from './export-records';
import { previewCardName, previewCards } from './preview-cards';
import { renderContext } from './render-context';

/**
 * What a slice holds of each collection: the whole file (what the pages
 * look up by any key: stores, redirects, rankings), or the records whose
 * owner is in it (in a sharded collection, shard file by shard file). Every
 * collection needs a rule: a new one does not compile until it has one.
 */
type SliceRule<T> = 'whole' | { ownerOf: (record: T) => string };
const SLICE_RULES: { [N in PublicCollectionName]: SliceRule<PublicRecord<N>> } = {
  therapists: { ownerOf: (therapist) => therapist.id },
  stores: 'whole',
  frozenAccounts: { ownerOf: (entry) => entry.userId },
  shifts: { ownerOf: (shift) => shift.userId },
  redirects: 'whole',
  blogs: { ownerOf: (blog) => blog.userId },
  posts: { ownerOf: (post) => post.userId },
  availableNow: { ownerOf: (entry) => entry.userId },
  rankings: 'whole',
};

/** One slice as written: its export folder and the URLs of the pages it renders. */
export interface OwnerSlice {
  dir: string;
  urls: string[];
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
  const partOfUrl = new Map<string, number>();
  for (const [k, urls] of profileParts.entries()) for (const url of urls) partOfUrl.set(url, k);
  const sliceOfTherapist = new Map<string, number>();
  for (const { id, profileSlug } of therapists) {
    const k = partOfUrl.get(profilePath(profileSlug));
    if (k !== undefined) sliceOfTherapist.set(id, k);
  }
  return (uid) => sliceOfTherapist.get(uid) ?? fnv1a(uid) % count;
}

/**
 * Writes every slice of the render context's export (loaded whole: the
 * worker that listed the site) into `root`, and names each slice's pages:
 * its part's profile URLs, then each of its therapists' schedule and feed
 * (and card, where she has one), then its diaries. Which of them this
 * build renders is the build's to say: it keeps the URLs it renders.
 */
export async function writeOwnerSlices(root: string, profileParts: readonly (readonly string[])[]): Promise<OwnerSlice[]> {
  const site = await loadDirectory();
  const { exportDir } = renderContext();
  const sliceOf = ownerSliceOf(profileParts, site.therapists);
  const slices: OwnerSlice[] = Array.from({ length: Math.max(1, profileParts.length) }, (_, k) => ({
    dir: path.join(root, `slice-${k}`),
    urls: [...(profileParts[k] ?? [])],
  }));
  for (const slice of slices) await mkdir(slice.dir, { recursive: true });
  // A sharded collection's folder, in every slice: a slice may hold none of its shards.
  const shardedFolders = PUBLIC_COLLECTION_NAMES.filter((name) => PUBLIC_COLLECTIONS[name].shardBy).map(
    (name) => PUBLIC_COLLECTIONS[name].file,
  );
  for (const slice of slices) for (const folder of shardedFolders) await mkdir(path.join(slice.dir, folder));
  for (const { name, file } of await listExportFiles(exportDir)) {
    const rule = SLICE_RULES[name] as SliceRule<unknown>;
    if (rule === 'whole') {
      for (const slice of slices) await link(path.join(exportDir, file), path.join(slice.dir, file));
    } else if (PUBLIC_COLLECTIONS[name].shardBy) {
      // A shard file at a time, bodies included: the listing holds the diaries without them.
      const records = JSON.parse(await readFile(path.join(exportDir, file), 'utf8')) as unknown[];
      await writeBySlice(records, rule.ownerOf, sliceOf, slices, file, { skipEmpty: true });
    } else {
      await writeBySlice(site[name] as unknown[], rule.ownerOf, sliceOf, slices, file, { skipEmpty: false });
    }
  }
  const cards = previewCards(site);
  for (const therapist of site.therapists) {
    const urls = slices[sliceOf(therapist.id)]!.urls;
    urls.push(schedulePath(therapist.id), scheduleFeedPath(therapist.id));
    // Her link-preview card, where she has one: drawn from her record and her store's name, both in her slice.
    if (cards.has(previewCardName(therapist.profileSlug))) urls.push(profileCardPath(therapist.profileSlug));
  }
  // In the export's order, shard after shard: each worker parses a shard's bodies about once (src/data/blog-bodies.ts).
  for (const blog of site.blogs) slices[sliceOf(blog.userId)]!.urls.push(blogPath(blog.id));
  return slices;
}

/** Writes each slice's records of `records` (in their order) to `file` in its folder; a shard no owner of the slice writes in is left out. */
async function writeBySlice(
  records: readonly unknown[],
  ownerOf: (record: unknown) => string,
  sliceOf: (uid: string) => number,
  slices: readonly OwnerSlice[],
  file: string,
  { skipEmpty }: { skipEmpty: boolean },
): Promise<void> {
  const bySlice = slices.map((): unknown[] => []);
  for (const record of records) bySlice[sliceOf(ownerOf(record))]!.push(record);
  for (const [k, slice] of slices.entries())
    if (!skipEmpty || bySlice[k]!.length > 0) await writeFile(path.join(slice.dir, file), JSON.stringify(bySlice[k]));
}

/**
 * The export cut by owner, for the pages that need one owner's records:
 * her schedule and its calendar feed, and each diary (its author, her other
 * diaries, its body). A full build with too little memory for a render
 * worker per core over the whole export renders those pages, about six in
 * ten of a large site, from slices, each a worker can hold many times over
 * (docs/decisions/render-workers-by-memory.md, step (2)).
 *
 * A slice is a run of author shards (src/lib/export-shards.ts): its
 * therapists are those whose uid falls in one of them, so their diaries and
 * posts are those shards' files, linked as they are. A slice is an export
 * folder like any other (the same files and shard names), so the pages read
 * it unchanged through loadDirectory, and render the same bytes.
 */
import { link, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { authorShard, SHARD_COUNT } from '../lib/export-shards';
import { blogPath, scheduleFeedPath, schedulePath } from '../lib/routes';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollectionName, type PublicRecord } from '../registry/public-collections';
import { loadDirectory } from './directory';
import { renderContext } from './render-context';

/** Slices of a build: 16 runs of 16 author shards (at 100,000 therapists about 5,700 therapists and 20,000 diaries each). */
export const OWNER_SLICES = 16;

/** The slice of an author shard (two hex digits). */
export const sliceOfShard = (shard: string): number => Math.floor((parseInt(shard, 16) * OWNER_SLICES) / SHARD_COUNT);

/** The slice of an owner's uid. */
export const sliceOfOwner = (uid: string): number => sliceOfShard(authorShard(uid));

/**
 * What a slice holds of each collection: the whole file (what the pages
 * look up by any key: stores, redirects, rankings), its shards' files
 * (sharded by author), or the records whose owner is in it. Every
 * collection needs a rule: a new one does not compile until it has one.
 */
type SliceRule<T> = 'whole' | 'shards' | { ownerOf: (record: T) => string };
const SLICE_RULES: { [N in PublicCollectionName]: SliceRule<PublicRecord<N>> } = {
  therapists: { ownerOf: (therapist) => therapist.id },
  stores: 'whole',
  frozenAccounts: { ownerOf: (entry) => entry.userId },
  shifts: { ownerOf: (shift) => shift.userId },
  redirects: 'whole',
  blogs: 'shards',
  posts: 'shards',
  availableNow: { ownerOf: (entry) => entry.userId },
  rankings: 'whole',
};

/** One slice as written: its export folder and the URLs of the pages it renders. */
export interface OwnerSlice {
  dir: string;
  urls: string[];
}

/**
 * Writes every slice of the render context's export (loaded whole: the
 * worker that listed the site) into `root`, and names each slice's pages:
 * the schedule and feed of each of its therapists, and each diary of its
 * shards. Which of them the site has is the routes' to say
 * (src/data/site-pages.ts): the build keeps the URLs it lists.
 */
export async function writeOwnerSlices(root: string): Promise<OwnerSlice[]> {
  const site = await loadDirectory();
  const { exportDir } = renderContext();
  const slices: OwnerSlice[] = Array.from({ length: OWNER_SLICES }, (_, k) => ({ dir: path.join(root, `slice-${k}`), urls: [] }));
  for (const slice of slices) await mkdir(slice.dir, { recursive: true });
  for (const name of PUBLIC_COLLECTION_NAMES) {
    const { file } = PUBLIC_COLLECTIONS[name];
    const rule = SLICE_RULES[name] as SliceRule<unknown>;
    if (rule === 'whole') {
      for (const slice of slices) await link(path.join(exportDir, file), path.join(slice.dir, file));
    } else if (rule === 'shards') {
      for (const slice of slices) await mkdir(path.join(slice.dir, file));
      for (const shardFile of await readdir(path.join(exportDir, file))) {
        if (!shardFile.endsWith('.json')) continue;
        const slice = slices[sliceOfShard(shardFile.slice(0, -'.json'.length))]!;
        await link(path.join(exportDir, file, shardFile), path.join(slice.dir, file, shardFile));
      }
    } else {
      const bySlice = slices.map((): unknown[] => []);
      for (const record of site[name] as unknown[]) bySlice[sliceOfOwner(rule.ownerOf(record))]!.push(record);
      for (const [k, slice] of slices.entries()) await writeFile(path.join(slice.dir, file), JSON.stringify(bySlice[k]));
    }
  }
  for (const therapist of site.therapists)
    slices[sliceOfOwner(therapist.id)]!.urls.push(schedulePath(therapist.id), scheduleFeedPath(therapist.id));
  // In the export's order, shard after shard: each worker parses a shard's bodies about once (src/data/blog-bodies.ts).
  for (const blog of site.blogs) slices[sliceOfOwner(blog.userId)]!.urls.push(blogPath(blog.id));
  return slices;
}

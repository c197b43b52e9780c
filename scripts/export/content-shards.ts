/**
 * The export's diaries and timeline posts, one file per author shard
 * (src/lib/export-shards.ts): `blogs/{shard}.json`, `posts/{shard}.json`.
 * A shard's file depends only on its documents, whether (and as what) each
 * of its authors is public, the picture URL base and which scheduled blogs
 * are due; so each shard is derived once and kept per mirror until one of
 * those changes. One changed profile then costs one shard, not 200,000
 * diaries decoded, checked and serialised (docs/decisions/author-shards.md). The first
 * cycle of a mirror derives every shard: the same code a full read runs.
 */
import { shardFileName } from '../../src/lib/export-shards';
import type { PhotoUrlBase } from '../../src/lib/photo-url';
import type { OwnerKind } from '../../src/registry/derive';
import {
  PUBLIC_COLLECTIONS,
  type EachDocument,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import type { SourceName } from '../../src/registry/source-collections';
import { problemsOf, thrownProblem, type SkipLog, type SkippedDocument } from './report';
import { SHARDED_COLLECTIONS, type SourceMirror } from './source-mirror';

/** Whether, and as what, an author is public in this export (and her records fit their shape). */
export type AuthorKind = (uid: string) => OwnerKind | null;

/** One shard file of the export. */
export interface ContentFile {
  name: PublicCollectionName;
  /** Its path in the export (`blogs/3f.json`). */
  file: string;
  /** Its number of records (the records themselves are not kept: 200,000 diaries at scale). */
  count: number;
  text: string;
}

interface Derived {
  /** The authors of its documents, and what each was when derived. */
  authors: Map<string, string>;
  /** When a scheduled blog of the shard is due (it then changes by itself). */
  dueAt: number;
  file: ContentFile | null;
  /** Its records that failed their public shape (logged again on every cycle, like the rest). */
  skipped: SkippedDocument[];
}

const memos = new WeakMap<SourceMirror, { base: string; shards: Map<string, Derived> }>();

/** A sharded collection's shard: its public records, made one per document by the collection's registry entry. */
function derive(
  mirror: SourceMirror,
  { name, from }: { name: PublicCollectionName; from: SourceName },
  shard: string,
  ids: Set<string>,
  kindOf: AuthorKind,
  now: Date,
  photoBase: PhotoUrlBase,
): Derived {
  const entry = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  const each = entry.derive as EachDocument<unknown, SourceName>;
  const docs = mirror.docs[from];
  const authors = new Map<string, string>();
  const records: unknown[] = [];
  const skipped: SkippedDocument[] = [];
  let dueAt = Infinity;
  for (const id of [...ids].sort()) {
    const doc = docs.get(id) as { userId: string } | null | undefined;
    if (!doc) continue;
    authors.set(doc.userId, String(kindOf(doc.userId)));
    dueAt = Math.min(dueAt, each.changesAt?.(doc as never, now)?.getTime() ?? Infinity);
    let record;
    try {
      record = each.record(id, doc as never, { ownerKindOf: kindOf, now, photoBase });
    } catch (error) {
      // One diary the derivation throws on (a body past the Markdown bounds, say) is left out, never the shard.
      skipped.push({ collection: name, id, stage: 'derive', problems: [thrownProblem('(derive)', error)] });
      continue;
    }
    if (!record) continue;
    const result = entry.schema.safeParse(record);
    if (result.success) records.push(record);
    else skipped.push({ collection: name, id, stage: 'public', problems: problemsOf(result.error.issues) });
  }
  const text = `${JSON.stringify(records)}\n`;
  return {
    authors,
    dueAt,
    skipped,
    file: records.length > 0 ? { name, file: `${entry.file}/${shardFileName(shard)}`, count: records.length, text } : null,
  };
}

/**
 * The shard files of the export at `now` (shards without a public record
 * have none), and when the next scheduled blog is due. Call once per run,
 * before the mirror is saved (saving forgets which shards changed).
 */
export function contentFiles(
  mirror: SourceMirror,
  kindOf: AuthorKind,
  options: { now: Date; photoBase: PhotoUrlBase; log: SkipLog },
): { files: ContentFile[]; nextScheduledAt: Date | null } {
  const base = JSON.stringify(options.photoBase);
  let memo = memos.get(mirror);
  if (memo?.base !== base) memos.set(mirror, (memo = { base, shards: new Map() }));
  const files: ContentFile[] = [];
  let next = Infinity;
  for (const collection of SHARDED_COLLECTIONS) {
    for (const [shard, ids] of [...mirror.shards[collection.from]].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // As the mirror names a changed shard (putDoc): by its source collection.
      const key = `${collection.from}/${shard}`;
      let derived = memo.shards.get(key);
      const stale =
        !derived ||
        mirror.touched.has(key) ||
        options.now.getTime() >= derived.dueAt ||
        [...derived.authors].some(([uid, kind]) => String(kindOf(uid)) !== kind);
      if (stale) memo.shards.set(key, (derived = derive(mirror, collection, shard, ids, kindOf, options.now, options.photoBase)));
      for (const entry of derived!.skipped) options.log.skip(entry.collection, entry.id, entry.problems, entry.stage);
      if (derived!.file) files.push(derived!.file);
      next = Math.min(next, derived!.dueAt);
    }
  }
  return { files, nextScheduledAt: next === Infinity ? null : new Date(next) };
}

/**
 * The export's diaries and timeline posts, one file per author shard
 * (src/lib/export-shards.ts): `blogs/{shard}.json`, `posts/{shard}.json`.
 * A shard's file depends only on its documents, whether (and as what) each
 * of its authors is public, the picture URL base and which scheduled blogs
 * are due; so each shard is derived once and remembered per mirror (its
 * digest, not its text) until one of those changes. One changed profile
 * then costs one shard, not 200,000 diaries decoded, checked and serialised
 * (docs/decisions/author-shards.md). The first cycle of a mirror derives
 * every shard: the same code a full read runs.
 *
 * Shard by shard, never all together: a shard's documents are read from the
 * mirror's files (export/mirror-files.ts), its file goes to the export
 * writer, and both are dropped before the next shard.
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
import { digestOf, type ExportWriter } from './export-writer';
import { compactShard, shardDocs } from './mirror-files';
import { SHARDED_COLLECTIONS, type SourceMirror } from './source-mirror';

/** Whether, and as what, an author is public in this export (and her records fit their shape). */
export type AuthorKind = (uid: string) => OwnerKind | null;

/** One shard file of the export, as remembered: its records themselves are not kept (200,000 diaries at scale). */
interface ContentFile {
  /** Its path in the export (`blogs/3f.json`). */
  file: string;
  name: PublicCollectionName;
  count: number;
  digest: string;
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

interface DeriveOptions {
  kindOf: AuthorKind;
  now: Date;
  photoBase: PhotoUrlBase;
}

/** A sharded collection's shard: its public records, made one per document by the collection's registry entry, and its file's text. */
function derive(
  { name }: { name: PublicCollectionName },
  shard: string,
  docs: Map<string, unknown>,
  { kindOf, now, photoBase }: DeriveOptions,
): { derived: Derived; text: string | null } {
  const entry = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  const each = entry.derive as EachDocument<unknown, SourceName>;
  const authors = new Map<string, string>();
  const records: unknown[] = [];
  const skipped: SkippedDocument[] = [];
  let dueAt = Infinity;
  for (const id of [...docs.keys()].sort()) {
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
  if (records.length === 0) return { derived: { authors, dueAt, skipped, file: null }, text: null };
  const text = `${JSON.stringify(records)}\n`;
  const file = { name, file: `${entry.file}/${shardFileName(shard)}`, count: records.length, digest: digestOf(text) };
  return { derived: { authors, dueAt, skipped, file }, text };
}

/**
 * Adds the shard files of the export at `now` to `writer` (shards without
 * a public record have none); returns the records per collection and when
 * the next scheduled blog is due. Call once per run, before the mirror is
 * saved (saving forgets which shards changed).
 */
export async function writeContentFiles(
  mirror: SourceMirror,
  writer: ExportWriter,
  options: DeriveOptions & { log: SkipLog },
): Promise<{ counts: Map<PublicCollectionName, number>; nextScheduledAt: Date | null }> {
  const base = JSON.stringify(options.photoBase);
  let memo = memos.get(mirror);
  if (memo?.base !== base) memos.set(mirror, (memo = { base, shards: new Map() }));
  const counts = new Map<PublicCollectionName, number>();
  const linked: Promise<void>[] = [];
  let next = Infinity;
  for (const collection of SHARDED_COLLECTIONS) {
    counts.set(collection.name, 0);
    const shards = [...mirror.shards[collection.from].keys()].sort();
    for (const shard of shards) {
      // As the mirror names a changed shard (putDoc): by its source collection.
      const key = `${collection.from}/${shard}`;
      const touched = mirror.touched.has(key);
      let derived = memo.shards.get(key);
      const stale =
        !derived ||
        touched ||
        options.now.getTime() >= derived.dueAt ||
        [...derived.authors].some(([uid, kind]) => String(options.kindOf(uid)) !== kind);
      /** The shard's documents, and (for a changed one) the shard written whole to the mirror's files. */
      const docsOf = async () => {
        const docs = await shardDocs(mirror, collection.from, shard);
        if (touched) await compactShard(mirror, collection.from, shard, docs);
        return docs;
      };
      if (stale) {
        const made = derive(collection, shard, await docsOf(), options);
        memo.shards.set(key, (derived = made.derived));
        if (made.text !== null) await writer.add(made.derived.file!.file, made.text);
      } else if (derived!.file) {
        const { file, digest } = derived!.file;
        linked.push(writer.addKnown(file, digest, async () => derive(collection, shard, await docsOf(), options).text!));
      }
      for (const entry of derived!.skipped) options.log.skip(entry.collection, entry.id, entry.problems, entry.stage);
      if (derived!.file) counts.set(collection.name, counts.get(collection.name)! + derived!.file.count);
      next = Math.min(next, derived!.dueAt);
    }
  }
  await Promise.all(linked);
  return { counts, nextScheduledAt: next === Infinity ? null : new Date(next) };
}

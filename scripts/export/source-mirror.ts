/**
 * The export's memory between runs: every valid document of the source
 * collections (src/registry/source-collections.ts) as last read, the
 * documents currently failing their schema, and the cursors the next
 * incremental read starts from (one per query: a cycle told which
 * collections changed reads only those, and the others catch up from their
 * own cursor when they next change). It holds private records (memberships,
 * disputes, suspensions), so it lives beside the export, never in it:
 * `.data/export-state.json` locally, the workflow's cache in production
 * (saved and loaded by export/mirror-files.ts).
 *
 * Every collection is kept by author shard (src/lib/export-shards.ts: the
 * shard of a document's `userId`, else of its id), in files of their own:
 * a save rewrites only the shards whose documents changed, and the export
 * re-derives only the changed shards of the diaries and posts.
 *
 * The diaries and posts (SHARDED_SOURCES: 200,000 bodies at scale) are not
 * held in memory: their documents stay in the shard files, and `docs` holds
 * only those changed since the mirror was last saved, until they are
 * written out (docs/decisions/streamed-export.md). So memory does not grow
 * with the diaries.
 */
import { authorShard } from '../../src/lib/export-shards';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollection } from '../../src/registry/public-collections';
import { SOURCE_COLLECTIONS, SOURCE_NAMES, type SourceName } from '../../src/registry/source-collections';
import { DELETIONS_COLLECTION } from '../../src/schema/deletion-ids';
import type { SkippedDocument } from './report';

/**
 * The public collections exported by author shard, each with the source
 * collection it is made from one record per document (export/content-shards.ts
 * derives them shard by shard): the diaries and posts.
 */
export const SHARDED_COLLECTIONS = PUBLIC_COLLECTION_NAMES.flatMap((name) => {
  const { shardBy, derive } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  if (!shardBy) return [];
  if (typeof derive === 'function') throw new Error(`${name} is sharded, so its registry entry must derive it one record per document.`);
  return [{ name, from: derive.from }];
});
/** The source collections of SHARDED_COLLECTIONS. */
export const SHARDED_SOURCES: readonly SourceName[] = SHARDED_COLLECTIONS.map(({ from }) => from);

/** The incremental reads that go by a cursor: each timestamped source collection, and the tombstones. */
export const CURSOR_NAMES = [...SOURCE_NAMES.filter((name) => 'field' in SOURCE_COLLECTIONS[name].changes), DELETIONS_COLLECTION] as const;
export type CursorName = (typeof CURSOR_NAMES)[number];

/** The field a cursor query reads changes by (the export's queries and the watcher's listeners). */
export function cursorFieldOf(name: CursorName): string {
  return name === DELETIONS_COLLECTION ? 'deletedAt' : (SOURCE_COLLECTIONS[name].changes as { field: string }).field;
}

export interface SourceMirror {
  /** By query, when it last ran: its next run reads what changed after that. */
  cursors: Record<CursorName, Date>;
  /** When everything was last read (the periodic reconciliation). */
  lastFullAt: Date;
  /**
   * Valid documents by collection and id; null: present but malformed
   * (collections that fail closed). Of SHARDED_SOURCES, only the documents
   * changed since the last save and not yet written to a shard file.
   */
  docs: Record<SourceName, Map<string, unknown>>;
  /** Source documents failing their schema now, by `collection/id`. */
  skipped: Map<string, SkippedDocument>;
  /** The ids of each shard, by collection. */
  shards: Record<SourceName, Map<string, Set<string>>>;
  /** The shard of each id, by collection (a document of SHARDED_SOURCES is mostly not in `docs`). */
  shardOf: Record<SourceName, Map<string, string>>;
  /** `{collection}/{shard}` of every shard changed since the mirror was last saved. */
  touched: Set<string>;
}

export function emptyMirror(at: Date): SourceMirror {
  return {
    cursors: Object.fromEntries(CURSOR_NAMES.map((name) => [name, at])) as SourceMirror['cursors'],
    lastFullAt: at,
    docs: Object.fromEntries(SOURCE_NAMES.map((name) => [name, new Map()])) as SourceMirror['docs'],
    skipped: new Map(),
    shards: Object.fromEntries(SOURCE_NAMES.map((name) => [name, new Map()])) as SourceMirror['shards'],
    shardOf: Object.fromEntries(SOURCE_NAMES.map((name) => [name, new Map()])) as SourceMirror['shardOf'],
    touched: new Set(),
  };
}

/** The shard of a document: its author's (a document without one, like rankings/current: its id's). */
const shardOfDoc = (id: string, data: unknown) => authorShard((data as { userId?: string } | null)?.userId ?? id);

/** Sets (or with `undefined`, deletes) a document, keeping the shard index and the changed shards. */
export function putDoc(mirror: SourceMirror, name: SourceName, id: string, data: unknown): void {
  const index = mirror.shards[name];
  const before = mirror.shardOf[name].get(id);
  if (before !== undefined) {
    index.get(before)?.delete(id);
    mirror.touched.add(`${name}/${before}`);
  }
  if (data === undefined) {
    mirror.docs[name].delete(id);
    mirror.shardOf[name].delete(id);
    return;
  }
  const shard = shardOfDoc(id, data);
  index.set(shard, (index.get(shard) ?? new Set()).add(id));
  mirror.shardOf[name].set(id, shard);
  mirror.touched.add(`${name}/${shard}`);
  mirror.docs[name].set(id, data);
}

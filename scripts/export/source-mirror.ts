/**
 * The export's memory between runs: every valid document of the source
 * collections (src/registry/source-collections.ts) as last read, the
 * documents currently failing their schema, and the cursors the next
 * incremental read starts from (one per query: a cycle told which
 * collections changed reads only those, and the others catch up from their
 * own cursor when they next change). It holds private records (memberships,
 * disputes, suspensions), so it lives beside the export, never in it:
 * `.data/export-state.json` locally, the workflow's cache in production.
 *
 * Every collection is kept by author shard (src/lib/export-shards.ts: the
 * shard of a document's `userId`, else of its id) in files of their own
 * beside it (`.data/export-state-shards/`): a save rewrites only the shards
 * whose documents changed (at 10,000 therapists, writing the 130,000
 * profiles, shifts and slugs whole took 1–2 s of every cycle), and the
 * export re-derives only the changed shards of the diaries and posts.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { authorShard } from '../../src/lib/export-shards';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type PublicCollection } from '../../src/registry/public-collections';
import { SOURCE_COLLECTIONS, SOURCE_NAMES, type SourceName } from '../../src/registry/source-collections';
import { DELETIONS_COLLECTION } from '../../src/schema/deletion-ids';
import { WrittenFiles } from '../lib/written-files';
import type { SkippedDocument } from './report';

const VERSION = 4;

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
  /** Valid documents by collection and id; null: present but malformed (collections that fail closed). */
  docs: Record<SourceName, Map<string, unknown>>;
  /** Source documents failing their schema now, by `collection/id`. */
  skipped: Map<string, SkippedDocument>;
  /** The ids of each shard, by collection. */
  shards: Record<SourceName, Map<string, Set<string>>>;
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
    touched: new Set(),
  };
}

/** The shard of a document: its author's (a document without one, like rankings/current: its id's). */
const shardOfDoc = (id: string, data: unknown) => authorShard((data as { userId?: string } | null)?.userId ?? id);

/** Sets (or with `undefined`, deletes) a document, keeping the shard index and the changed shards. */
export function putDoc(mirror: SourceMirror, name: SourceName, id: string, data: unknown): void {
  const docs = mirror.docs[name];
  const index = mirror.shards[name];
  if (docs.has(id)) {
    const shard = shardOfDoc(id, docs.get(id));
    index.get(shard)?.delete(id);
    mirror.touched.add(`${name}/${shard}`);
  }
  if (data !== undefined) {
    const shard = shardOfDoc(id, data);
    index.set(shard, (index.get(shard) ?? new Set()).add(id));
    mirror.touched.add(`${name}/${shard}`);
  }
  if (data === undefined) docs.delete(id);
  else docs.set(id, data);
}

/** Where the mirror of the export in `exportDir` is kept: `{exportDir}-state.json`. */
export function mirrorPathFor(exportDir: string): string {
  return `${path.resolve(exportDir)}-state.json`;
}

/** The folder of a mirror's shard files: `{name}-shards` beside `{name}.json`. */
export const shardDirOf = (file: string) => path.join(path.dirname(file), `${path.basename(file, '.json')}-shards`);

const TIMESTAMP_KEY = '__timestamp';

function toStored(value: unknown): unknown {
  if (value instanceof Timestamp) return { [TIMESTAMP_KEY]: [value.seconds, value.nanoseconds] };
  if (Array.isArray(value)) return value.map(toStored);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toStored(v)]));
  return value;
}

function fromStored(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && TIMESTAMP_KEY in value) {
    const [seconds, nanoseconds] = (value as Record<string, [number, number]>)[TIMESTAMP_KEY]!;
    return new Timestamp(seconds, nanoseconds);
  }
  return value;
}

/** `[[id, stored], …]` as JSON. */
function entriesJson(entries: Iterable<[string, unknown]>): string {
  const parts: string[] = [];
  for (const [id, data] of entries) parts.push(`[${JSON.stringify(id)},${JSON.stringify(toStored(data))}]`);
  return `[${parts.join(',')}]`;
}

type ShardFiles = Record<SourceName, Record<string, string>>;

interface StoredMirror {
  version: number;
  cursors: Record<CursorName, string>;
  lastFullAt: string;
  /** Each shard's file in the shard folder, by collection. */
  shardFiles: ShardFiles;
  skipped: SkippedDocument[];
}

/** The shard files each mirror was last loaded from or saved to, with the file they belong to. */
const persisted = new WeakMap<SourceMirror, { file: string; shardFiles: ShardFiles }>();

/** The mirror this process saved last, while its file is still that save (see written-files.ts). */
const kept = new WrittenFiles<SourceMirror>();

/** The saved mirror, or null when there is none (or it is from another version: read everything again). */
export async function loadMirror(file: string): Promise<SourceMirror | null> {
  const held = await kept.take(file);
  if (held) return held;
  let stored: StoredMirror;
  try {
    stored = JSON.parse(await readFile(file, 'utf8'), fromStored) as StoredMirror;
  } catch {
    return null;
  }
  if (stored.version !== VERSION || !SOURCE_NAMES.every((name) => stored.shardFiles?.[name])) return null;
  const mirror = emptyMirror(new Date(stored.lastFullAt));
  for (const name of CURSOR_NAMES) mirror.cursors[name] = new Date(stored.cursors[name]);
  const shardDir = shardDirOf(file);
  try {
    for (const name of SOURCE_NAMES) {
      for (const [shard, shardFile] of Object.entries(stored.shardFiles[name])) {
        const entries = JSON.parse(await readFile(path.join(shardDir, shardFile), 'utf8'), fromStored) as [string, unknown][];
        mirror.shards[name].set(shard, new Set(entries.map(([id]) => id)));
        for (const [id, data] of entries) mirror.docs[name].set(id, data);
      }
    }
  } catch {
    // A shard file gone: read everything again.
    return null;
  }
  mirror.skipped = new Map(stored.skipped.map((entry) => [`${entry.collection}/${entry.id}`, entry]));
  persisted.set(mirror, { file, shardFiles: stored.shardFiles });
  return mirror;
}

/** Numbers the shard files this process writes (with its pid, a name no earlier save used). */
let saves = 0;

/**
 * Saves the mirror: the changed shards to new files, then the main file
 * (cursors, skipped documents) naming them (temporary file, then rename:
 * the switch is atomic), then the shard files no longer named are removed.
 */
export async function saveMirror(file: string, mirror: SourceMirror): Promise<void> {
  const shardDir = shardDirOf(file);
  await mkdir(shardDir, { recursive: true });
  const before = persisted.get(mirror);
  const previous = before?.file === file ? before.shardFiles : undefined;
  const save = `${process.pid}-${++saves}`;
  const shardFiles = Object.fromEntries(SOURCE_NAMES.map((name) => [name, {}])) as ShardFiles;
  for (const name of SOURCE_NAMES) {
    for (const [shard, ids] of mirror.shards[name]) {
      if (ids.size === 0) continue;
      const kept = previous?.[name][shard];
      if (kept && !mirror.touched.has(`${name}/${shard}`)) {
        shardFiles[name][shard] = kept;
        continue;
      }
      const docs = mirror.docs[name];
      shardFiles[name][shard] = `${name}-${shard}-${save}.json`;
      await writeFile(path.join(shardDir, shardFiles[name][shard]), entriesJson([...ids].sort().map((id) => [id, docs.get(id)])));
    }
  }
  const stored: StoredMirror = {
    version: VERSION,
    cursors: Object.fromEntries(CURSOR_NAMES.map((name) => [name, mirror.cursors[name].toISOString()])) as StoredMirror['cursors'],
    lastFullAt: mirror.lastFullAt.toISOString(),
    shardFiles,
    skipped: [...mirror.skipped.values()],
  };
  await mkdir(path.dirname(file), { recursive: true });
  const staging = `${file}.tmp-${process.pid}`;
  await writeFile(staging, JSON.stringify(stored));
  await rename(staging, file);
  const named = new Set(SOURCE_NAMES.flatMap((name) => Object.values(shardFiles[name])));
  await Promise.all(
    (await readdir(shardDir)).filter((entry) => !named.has(entry)).map((entry) => rm(path.join(shardDir, entry), { force: true })),
  );
  mirror.touched.clear();
  persisted.set(mirror, { file, shardFiles });
  await kept.keep(file, mirror);
}

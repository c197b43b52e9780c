/**
 * The export's mirror (./source-mirror.ts) on disk: a main file (cursors,
 * skipped documents, the shard files it is made of) and one file per
 * collection and shard in a folder beside it (`.data/export-state-shards/`).
 * A save rewrites only the shards whose documents changed.
 *
 * The diaries and posts (SHARDED_SOURCES) are read from their shard files
 * one shard at a time (`shardDocs`), never all together: a full read
 * spills what it has read to files of its own every SPILL_DOCUMENTS
 * documents (`spillIfLarge`), and deriving a changed shard writes it whole
 * again (`compactShard`). Every file written is new (a name no earlier save
 * used), and the main file names them only once the export is written, so
 * a run that dies leaves the last save as it was; the files no save names
 * are removed by the next save.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { SOURCE_NAMES, type SourceName } from '../../src/registry/source-collections';
import { WrittenFiles } from '../lib/written-files';
import { CURSOR_NAMES, emptyMirror, SHARDED_SOURCES, type CursorName, type SourceMirror } from './source-mirror';
import type { SkippedDocument } from './report';

const VERSION = 4;

/**
 * Documents of SHARDED_SOURCES a full read holds before writing them out:
 * about 30 MB of diaries, against 1.3 GB for all 200,000 of 10,000 × 20.
 */
export const SPILL_DOCUMENTS = 5_000;

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

const readEntries = async (file: string) => JSON.parse(await readFile(file, 'utf8'), fromStored) as [string, unknown][];

type ShardFiles = Record<SourceName, Record<string, string>>;

interface StoredMirror {
  version: number;
  cursors: Record<CursorName, string>;
  lastFullAt: string;
  /** Each shard's file in the shard folder, by collection. */
  shardFiles: ShardFiles;
  skipped: SkippedDocument[];
}

/** A mirror's files: where it is saved, the shard files its last save named, and those written since. */
interface MirrorFiles {
  file: string;
  /** The shard files the main file names (empty for a mirror read from scratch). */
  saved: ShardFiles;
  /** Since then, by `{collection}/{shard}`: documents spilled by a full read, oldest first. */
  spilled: Map<string, string[]>;
  /** Since then, by `{collection}/{shard}`: the shard written whole, which the next save names. */
  compacted: Map<string, string>;
  /** The shard folder is known to exist: made once, not before each of a full read's thousands of spill files. */
  shardDirMade: boolean;
}

const filesOf = new WeakMap<SourceMirror, MirrorFiles>();

/** A mirror's files as a save (or none: `saved` empty) left them. */
const savedFiles = (file: string, saved: ShardFiles, shardDirMade: boolean): MirrorFiles => ({
  file,
  saved,
  spilled: new Map(),
  compacted: new Map(),
  shardDirMade,
});

const noShardFiles = () => Object.fromEntries(SOURCE_NAMES.map((name) => [name, {}])) as ShardFiles;

function mirrorFiles(mirror: SourceMirror): MirrorFiles {
  const files = filesOf.get(mirror);
  if (!files) throw new Error('This mirror has no files: make it with newMirror or loadMirror.');
  return files;
}

/** An empty mirror to be saved to `file`. */
export function newMirror(file: string, at: Date): SourceMirror {
  const mirror = emptyMirror(at);
  filesOf.set(mirror, savedFiles(file, noShardFiles(), false));
  return mirror;
}

/** Numbers the shard files this process writes (with its pid, a name no earlier save used). */
let written = 0;

async function writeShardFile(files: MirrorFiles, name: SourceName, shard: string, entries: Iterable<[string, unknown]>) {
  const dir = shardDirOf(files.file);
  if (!files.shardDirMade) {
    await mkdir(dir, { recursive: true });
    files.shardDirMade = true;
  }
  const file = `${name}-${shard}-${process.pid}-${++written}.json`;
  await writeFile(path.join(dir, file), entriesJson(entries));
  return file;
}

/**
 * Writes out the held documents of SHARDED_SOURCES once they pass
 * SPILL_DOCUMENTS (a full read calls it as it goes), one file per shard.
 */
export async function spillIfLarge(mirror: SourceMirror, limit = SPILL_DOCUMENTS): Promise<void> {
  if (SHARDED_SOURCES.reduce((held, name) => held + mirror.docs[name].size, 0) < limit) return;
  const files = mirrorFiles(mirror);
  for (const name of SHARDED_SOURCES) {
    const byShard = new Map<string, [string, unknown][]>();
    for (const [id, data] of mirror.docs[name]) {
      const shard = mirror.shardOf[name].get(id)!;
      if (!byShard.has(shard)) byShard.set(shard, []);
      byShard.get(shard)!.push([id, data]);
    }
    for (const [shard, entries] of byShard) {
      const key = `${name}/${shard}`;
      const file = await writeShardFile(files, name, shard, entries);
      if (!files.spilled.has(key)) files.spilled.set(key, []);
      files.spilled.get(key)!.push(file);
    }
    mirror.docs[name].clear();
  }
}

/**
 * The documents of one shard of a sharded source, by id: those of its
 * files (the last save's or the last compaction's, then the spilled ones),
 * then those held, the later winning; only ids the shard still holds.
 */
export async function shardDocs(mirror: SourceMirror, name: SourceName, shard: string): Promise<Map<string, unknown>> {
  const files = mirrorFiles(mirror);
  const key = `${name}/${shard}`;
  const ids = mirror.shards[name].get(shard) ?? new Set<string>();
  const docs = new Map<string, unknown>();
  const base = files.compacted.get(key) ?? files.saved[name][shard];
  const dir = shardDirOf(files.file);
  for (const file of [...(base ? [base] : []), ...(files.spilled.get(key) ?? [])]) {
    for (const [id, data] of await readEntries(path.join(dir, file))) if (ids.has(id)) docs.set(id, data);
  }
  for (const id of ids) if (mirror.docs[name].has(id)) docs.set(id, mirror.docs[name].get(id));
  return docs;
}

/**
 * Writes a changed shard of a sharded source whole (`docs`: as shardDocs
 * gave it), and stops holding its documents: the next save names the file.
 */
export async function compactShard(mirror: SourceMirror, name: SourceName, shard: string, docs: Map<string, unknown>): Promise<void> {
  const files = mirrorFiles(mirror);
  const key = `${name}/${shard}`;
  const sorted = [...docs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  files.compacted.set(key, await writeShardFile(files, name, shard, sorted));
  files.spilled.delete(key);
  for (const id of docs.keys()) mirror.docs[name].delete(id);
}

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
      const held = !SHARDED_SOURCES.includes(name);
      for (const [shard, shardFile] of Object.entries(stored.shardFiles[name])) {
        const entries = await readEntries(path.join(shardDir, shardFile));
        mirror.shards[name].set(shard, new Set(entries.map(([id]) => id)));
        for (const [id, data] of entries) {
          mirror.shardOf[name].set(id, shard);
          if (held) mirror.docs[name].set(id, data);
        }
      }
    }
  } catch {
    // A shard file gone: read everything again.
    return null;
  }
  mirror.skipped = new Map(stored.skipped.map((entry) => [`${entry.collection}/${entry.id}`, entry]));
  filesOf.set(mirror, savedFiles(file, stored.shardFiles, true));
  return mirror;
}

/**
 * Saves the mirror: the changed shards to new files, then the main file
 * (cursors, skipped documents) naming them (temporary file, then rename:
 * the switch is atomic), then the shard files no longer named are removed.
 */
export async function saveMirror(mirror: SourceMirror): Promise<void> {
  const files = mirrorFiles(mirror);
  const shardDir = shardDirOf(files.file);
  await mkdir(shardDir, { recursive: true });
  files.shardDirMade = true;
  const shardFiles = noShardFiles();
  for (const name of SOURCE_NAMES) {
    const sharded = SHARDED_SOURCES.includes(name);
    for (const [shard, ids] of mirror.shards[name]) {
      if (ids.size === 0) continue;
      const key = `${name}/${shard}`;
      if (!mirror.touched.has(key)) shardFiles[name][shard] = files.saved[name][shard]!;
      else if (!sharded) {
        const docs = mirror.docs[name];
        shardFiles[name][shard] = await writeShardFile(
          files,
          name,
          shard,
          [...ids].sort().map((id) => [id, docs.get(id)]),
        );
      } else {
        if (!files.compacted.has(key)) await compactShard(mirror, name, shard, await shardDocs(mirror, name, shard));
        shardFiles[name][shard] = files.compacted.get(key)!;
      }
    }
  }
  const stored: StoredMirror = {
    version: VERSION,
    cursors: Object.fromEntries(CURSOR_NAMES.map((name) => [name, mirror.cursors[name].toISOString()])) as StoredMirror['cursors'],
    lastFullAt: mirror.lastFullAt.toISOString(),
    shardFiles,
    skipped: [...mirror.skipped.values()],
  };
  await mkdir(path.dirname(files.file), { recursive: true });
  const staging = `${files.file}.tmp-${process.pid}`;
  await writeFile(staging, JSON.stringify(stored));
  await rename(staging, files.file);
  const named = new Set(SOURCE_NAMES.flatMap((name) => Object.values(shardFiles[name])));
  await Promise.all(
    (await readdir(shardDir)).filter((entry) => !named.has(entry)).map((entry) => rm(path.join(shardDir, entry), { force: true })),
  );
  mirror.touched.clear();
  filesOf.set(mirror, savedFiles(files.file, shardFiles, true));
  await kept.keep(files.file, mirror);
}

/**
 * Reads the public export (scripts/export.ts writes it) at render time: one
 * JSON array per collection of src/registry/public-collections.ts (a folder
 * of author shards for the diaries and posts), every record checked against
 * that collection's public schema. The pages used to read it through
 * astro:content collections, which a server build would freeze into its
 * bundle; reading the files lets one renderer serve every export
 * (scripts/renderer).
 *
 * Parsed files are kept per thread by inode, size and mtime (those of the
 * last folder read): the export and the build's copy hard-link the files a
 * cycle did not change, so a cycle parses only what changed (200,000
 * diaries at scale are 500 MB of JSON).
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type ExportRecords, type PublicCollectionName } from '../registry/public-collections';
import type { ListedBlog, PublicBlog } from '../schema/public';
import { MemoSlot, recall, remember } from './export-memo';
import { shareRepeatedStrings } from './shared-strings';
import { eachAtMost } from '../lib/each-at-most';

/**
 * Export files whose every record passed its public schema: each file's
 * path (which names its collection) and the hash of the bytes checked.
 * The same bytes under the same path need no second check.
 */
export type CheckedFiles = ReadonlyMap<string, string>;

export interface ParseOptions {
  /** Check every record against its schema (false for a copy the build has checked already). */
  check?: boolean;
  /** Files checked already (readExportFile): not checked again while their bytes are those. */
  checked?: CheckedFiles | undefined;
  /**
   * The blogs without their bodies (ListedBlog): what the pages' directory
   * holds (src/data/blog-bodies.ts).
   */
  listed?: boolean;
}

/** One collection's records from its file's text; throws naming the first record that does not fit. */
export function parseCollection<N extends PublicCollectionName>(
  name: N,
  text: string,
  { check = true }: ParseOptions = {},
  source: string = PUBLIC_COLLECTIONS[name].file,
): ExportRecords[N] {
  const collection = PUBLIC_COLLECTIONS[name];
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) throw new Error(`${source}: not a JSON array`);
  if (!check) return rows as ExportRecords[N];
  return rows.map((row, index) => {
    const result = collection.schema.safeParse(row);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.join('.') || '(record)';
      throw new Error(`${source}[${index}]: ${where}: ${issue?.message ?? 'invalid'}`);
    }
    return result.data;
  }) as ExportRecords[N];
}

/** One data file of an export folder. */
export interface ExportFile {
  name: PublicCollectionName;
  /** Its path inside the folder (`therapists.json`, `blogs/3f.json`). */
  file: string;
  /** Names this version of the file on disk: device, inode, size and mtime. */
  version: string;
}

/** A file's version (ExportFile's): device, inode, size and mtime, which a new version of an export file changes. */
export const fileVersion = (info: Stats): string => `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;

/** The hash that names a file's bytes (an export's version is made of them). */
export const bytesHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A missing file or folder of the export, named with what to run; any other error as it is. */
const notExported = (file: string) => (error: NodeJS.ErrnoException) => {
  throw error.code === 'ENOENT' ? new Error(`The export has no ${file} (run npm run export).`) : error;
};

/** The data files of an export folder, collection by collection (shards in name order). */
export async function listExportFiles(dir: string): Promise<ExportFile[]> {
  const lists = await Promise.all(
    PUBLIC_COLLECTION_NAMES.map(async (name) => {
      const { file, shardBy } = PUBLIC_COLLECTIONS[name];
      let files = [file];
      if (shardBy) {
        const entries = await readdir(path.join(dir, file)).catch(notExported(path.join(dir, file)));
        files = entries
          .filter((entry) => entry.endsWith('.json'))
          .sort()
          .map((entry) => `${file}/${entry}`);
      }
      return Promise.all(
        files.map(async (relative) => {
          const info = await stat(path.join(dir, relative)).catch(notExported(path.join(dir, relative)));
          return { name, file: relative, version: fileVersion(info) };
        }),
      );
    }),
  );
  return lists.flat();
}

/** A parsed data file: its records and the hash of its bytes. */
export interface ParsedFile {
  records: unknown[];
  hash: string;
  checked: boolean;
}

/** Parsed files by version (see listExportFiles); a version no longer listed is dropped on the next read. */
const parsed = new Map<string, ParsedFile>();
/** Forgets every parsed file (releaseLoadedExport in ./directory.ts). */
export function forgetParsedFiles(): void {
  parsed.clear();
}

/** Forgets the parsed files but the versions of `entries` (an export's worth, not its history). */
export function keepParsedFiles(entries: readonly ExportFile[]): void {
  const listed = new Set(entries.map((entry) => entry.version));
  for (const key of parsed.keys()) if (!listed.has(key.replace(/:listed$/, ''))) parsed.delete(key);
}

const cacheKey = (entry: ExportFile, options: ParseOptions) =>
  options.listed && entry.name === 'blogs' ? `${entry.version}:listed` : entry.version;

/** A blog without its body (its cards show its teaser): a listed read holds every diary of the site, and the bodies are most of them. */
function listedBlog(blog: PublicBlog): ListedBlog {
  const { body: _body, ...listed } = blog;
  return listed;
}

/** The records and hash of one file, parsed once per version. */
export async function readExportFile(dir: string, entry: ExportFile, options: ParseOptions = {}): Promise<ParsedFile> {
  const key = cacheKey(entry, options);
  const known = parsed.get(key);
  if (known && (known.checked || options.check === false || options.checked?.get(entry.file) === known.hash)) return known;
  const bytes = await readFile(path.join(dir, entry.file));
  const hash = bytesHash(bytes);
  const check = options.check !== false && options.checked?.get(entry.file) !== hash;
  let records = parseCollection(entry.name, bytes.toString('utf8'), { check }, entry.file) as unknown[];
  if (key !== entry.version) records = (records as PublicBlog[]).map(listedBlog);
  // Kept for the render: its repeated values one string each, as on Node 20 (./shared-strings.ts).
  shareRepeatedStrings(records);
  const result = { records, hash, checked: options.check !== false };
  parsed.set(key, result);
  return result;
}

/** A data file of an export and the hash of its bytes (its records not kept). */
export type HashedFile = ExportFile & { hash: string };

/**
 * Every data file of `dir` and the hash of its bytes, one file at a time and
 * not parsed: what a full build names its export by before it checks it
 * (checkExportFiles, on the copy its renderer reads, while that lists the
 * URLs: the check is 2.3 s of the build's thread at 10,000 therapists).
 */
export async function hashExportFiles(dir: string): Promise<HashedFile[]> {
  const hashed: HashedFile[] = [];
  for (const entry of await listExportFiles(dir)) hashed.push({ ...entry, hash: bytesHash(await readFile(path.join(dir, entry.file))) });
  return hashed;
}

/**
 * Checks every data file of `dir` against its public schema, one file at a
 * time, and keeps none of its records: for a full build, whose renderer
 * workers read the records themselves. At 100,000 therapists the parsed
 * export is about 0.9 GB of heap that the build's main thread otherwise
 * carried (and collected around) through the whole render. The files of
 * `judged` passed this check already, in the build's screen
 * (scripts/lib/screen-export.ts).
 */
export async function checkExportFiles(dir: string, judged: CheckedFiles = new Map()): Promise<HashedFile[]> {
  const checked: HashedFile[] = [];
  for (const entry of await listExportFiles(dir)) {
    const bytes = await readFile(path.join(dir, entry.file));
    const hash = bytesHash(bytes);
    if (judged.get(entry.file) !== hash) parseCollection(entry.name, bytes.toString('utf8'), { check: true }, entry.file);
    checked.push({ ...entry, hash });
  }
  return checked;
}

/** An export as read: its files (parsed) and their records by collection. */
export interface LoadedFiles {
  files: (ExportFile & ParsedFile)[];
  records: ExportRecords;
}

/**
 * Files read at once: a read overlaps the parse of the one before it, and no
 * more files' bytes than this wait to be parsed. Read all at once, the files
 * came in faster than one thread parses them: at 100,000 therapists a render
 * worker's listing held 1.1 GB of file bytes (the whole export) at once.
 */
const READS_AT_ONCE = 2;

/** Every data file of `dir`, parsed (or taken from this process's earlier reads), a few files at a time. */
export async function readExportFiles(dir: string, options: ParseOptions = {}): Promise<LoadedFiles> {
  const entries = await listExportFiles(dir);
  const files = new Array<ExportFile & ParsedFile>(entries.length);
  await eachAtMost(entries, READS_AT_ONCE, async (entry, at) => {
    files[at] = { ...entry, ...(await readExportFile(dir, entry, options)) };
  });
  // Only the versions this read listed are kept: an export's worth (200,000 diaries at scale), not its history.
  keepParsedFiles(entries);
  return { files, records: recordsOf(files) };
}

/** The files a sharded collection's records were joined from (recordsOf): each file's records, by file. */
const FILES_OF_RECORDS = new MemoSlot<ReadonlyMap<string, readonly unknown[]>>('the files of joined records');

/** Each collection's records from its files (shards concatenated in name order). */
export function recordsOf(files: readonly { name: PublicCollectionName; file: string; records: unknown[] }[]): ExportRecords {
  const byName = Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, [] as (typeof files)[number][]]));
  for (const file of files) byName[file.name]!.push(file);
  return Object.fromEntries(
    PUBLIC_COLLECTION_NAMES.map((name) => {
      const parts = byName[name]!;
      if (parts.length === 1) return [name, parts[0]!.records];
      const records = parts.flatMap((part) => part.records);
      remember(records, FILES_OF_RECORDS, new Map(parts.map((part) => [part.file, part.records])));
      return [name, records];
    }),
  ) as unknown as ExportRecords;
}

/** The records of a sharded collection that two reads do not share, or undefined when either was not read from files. */
export interface ShardChange<T> {
  /** Records of the earlier read in the files that changed (or went). */
  removed: T[];
  /** Records of the later read in the files that changed (or came). */
  added: T[];
}

/**
 * What differs between two reads of a sharded collection, file by file: a
 * file whose bytes did not change is parsed once, so its records are the
 * same array, and only the others are compared. A new diary at 10,000 × 20
 * then touches one shard's 800 diaries instead of all 200,000. Every record
 * of a changed file counts, changed or not (its objects are new).
 */
export function shardChange<T>(before: readonly T[], after: readonly T[]): ShardChange<T> | undefined {
  if (before === after) return { removed: [], added: [] };
  const [was, now] = [recall(before, FILES_OF_RECORDS), recall(after, FILES_OF_RECORDS)];
  if (!was || !now) return undefined;
  const change: ShardChange<T> = { removed: [], added: [] };
  for (const [file, records] of was) if (now.get(file) !== records) change.removed.push(...(records as T[]));
  for (const [file, records] of now) if (was.get(file) !== records) change.added.push(...(records as T[]));
  return change;
}

/** The export in `dir` (checked unless told otherwise). */
export async function readExport(dir: string, options: Omit<ParseOptions, 'listed'> = {}): Promise<ExportRecords> {
  return (await readExportFiles(dir, options)).records;
}

/** The export's records as the pages read them: the blogs without their bodies (ListedBlog). */
export type DirectoryRecords = Omit<ExportRecords, 'blogs'> & { blogs: ListedBlog[] };

/** An export's files and records as the pages read them (readListedFiles). */
export type ListedFiles = Omit<LoadedFiles, 'records'> & { records: DirectoryRecords };

/** Every data file of `dir` as the pages read it (checked unless told otherwise): the blogs listed, without their bodies. */
export async function readListedFiles(dir: string, options: Omit<ParseOptions, 'listed'> = {}): Promise<ListedFiles> {
  return (await readExportFiles(dir, { ...options, listed: true })) as unknown as ListedFiles;
}

/** The export in `dir` as the pages read it (checked unless told otherwise): the blogs listed, without their bodies. */
export async function readListedExport(dir: string, options: Omit<ParseOptions, 'listed'> = {}): Promise<DirectoryRecords> {
  return (await readListedFiles(dir, options)).records;
}

/** One file's records whole (the diaries with their bodies), parsed again and kept nowhere: for the few files a listed read must see in full. */
export async function readWholeFile(dir: string, entry: ExportFile): Promise<unknown[]> {
  return parseCollection(entry.name, await readFile(path.join(dir, entry.file), 'utf8'), { check: false }, entry.file) as unknown[];
}

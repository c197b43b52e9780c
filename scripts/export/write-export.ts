/**
 * Writes the export folder all at once: files go to a sibling temporary
 * folder and only then replace the old export. A failure leaves the
 * previous export as it was. The diaries and posts are files per author
 * shard (./content-shards.ts).
 *
 * Every record is checked against its public schema first; one that does
 * not fit is left out and logged (with what depends on it: each registry
 * entry's `keep`), never allowed to stop the export.
 */
import { link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listExportFiles } from '../../src/data/export-records';
import { authorShard, shardFileName } from '../../src/lib/export-shards';
import { profilesOf, type Profiles } from '../../src/registry/derive';
import {
  PROFILE_COLLECTIONS,
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import { EXPORT_META_FILE, exportMeta, type ExportMeta } from '../../src/schema/public';
import { replaceDir } from '../lib/replace-dir';
import { problemsOf, SkipLog, type Problem } from './report';

/**
 * Each collection's last verdicts by record text: a cycle re-checks only the
 * records that changed (a schema check of 60,000 records costs more than
 * serialising them). Replaced on every call, so it holds one export's worth.
 */
const verdicts = new Map<PublicCollectionName, Map<string, Problem[] | null>>();

/** The records of a collection that fit its public schema (src/registry/public-collections.ts); the others are logged. */
function publicShaped<N extends PublicCollectionName>(name: N, records: ExportRecords[N], log: SkipLog): ExportRecords[N] {
  const { schema, key } = PUBLIC_COLLECTIONS[name] as PublicCollection<ExportRecords[N][number]>;
  const known = verdicts.get(name);
  const now = new Map<string, Problem[] | null>();
  const kept = (records as ExportRecords[N][number][]).filter((record) => {
    const text = JSON.stringify(record);
    let problems = known?.get(text);
    if (problems === undefined) {
      const result = schema.safeParse(record);
      problems = result.success ? null : problemsOf(result.error.issues);
    }
    now.set(text, problems);
    if (problems) log.skip(name, String(key(record)), problems, 'public');
    return problems === null;
  }) as ExportRecords[N];
  verdicts.set(name, now);
  return kept;
}

/** The records that stay of a collection whose shape passed, given the profiles that passed (its entry's `keep`). */
function keptOf(name: PublicCollectionName, records: readonly unknown[], kept: Profiles): unknown[] {
  const { keep } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  return keep ? records.flatMap((record) => keep(record, kept) ?? []) : [...records];
}

/**
 * The export with every record that fails its public shape left out, and
 * what depends on it (each entry's `keep`: a dropped profile takes its
 * handles, shifts, diaries and redirects along, a dropped store is no
 * longer named by its members). The profiles go first, stores then
 * therapists, each kept against those before it.
 */
export function checkPublicShapes(data: ExportRecords, log: SkipLog = new SkipLog()): ExportRecords {
  const checked: Partial<Record<PublicCollectionName, unknown[]>> = {};
  const profiles = () => profilesOf(checked as Partial<ExportRecords>);
  for (const name of PROFILE_COLLECTIONS) checked[name] = keptOf(name, publicShaped(name, data[name], log), profiles());
  const kept = profiles();
  for (const name of PUBLIC_COLLECTION_NAMES) checked[name] ??= keptOf(name, publicShaped(name, data[name], log), kept);
  return Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, checked[name]])) as unknown as ExportRecords;
}

export const countsOf = (data: ExportRecords): Record<string, number> =>
  Object.fromEntries(Object.entries(data).map(([name, records]) => [name, (records as unknown[]).length]));

/** A data file of the export: its path in the folder and its text. */
export interface DataFile {
  file: string;
  text: string;
}

/** The files of the collections kept whole (the sharded ones come from ./content-shards.ts). */
export function wholeFiles(checked: ExportRecords): DataFile[] {
  return PUBLIC_COLLECTION_NAMES.filter((name) => !PUBLIC_COLLECTIONS[name].shardBy).map((name) => ({
    file: PUBLIC_COLLECTIONS[name].file,
    text: `${JSON.stringify(checked[name])}\n`,
  }));
}

/** Every data file of an export holding `records` (sharded collections grouped by author shard, in the given order). */
export function exportDataFiles(records: ExportRecords): DataFile[] {
  const shards: DataFile[] = [];
  for (const name of PUBLIC_COLLECTION_NAMES) {
    const { file, shardBy } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
    if (!shardBy) continue;
    const groups = new Map<string, unknown[]>();
    for (const record of records[name] as unknown[]) {
      const shard = authorShard(shardBy(record));
      groups.set(shard, [...(groups.get(shard) ?? []), record]);
    }
    for (const [shard, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1)))
      shards.push({ file: `${file}/${shardFileName(shard)}`, text: `${JSON.stringify(group)}\n` });
  }
  return [...wholeFiles(records), ...shards];
}

/** What this process last wrote to each export file, with the file's version then: equal text and version, same file. */
const written = new Map<string, { text: string; version: string }>();
const versionOf = async (file: string) => {
  const info = await stat(file);
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
};

/** Whether `file` holds exactly `text` (compared as bytes: no decoding of what is on disk). */
async function sameAsOnDisk(file: string, text: string): Promise<boolean> {
  const known = written.get(file);
  if (known?.text === text && known.version === (await versionOf(file).catch(() => ''))) return true;
  const bytes = await readFile(file).catch(() => null);
  return bytes !== null && bytes.equals(Buffer.from(text));
}

/** The data files of an export folder (shards included), or null when there is none. */
async function filesOnDisk(dir: string): Promise<Set<string> | null> {
  try {
    await readFile(path.join(dir, EXPORT_META_FILE));
    return new Set((await listExportFiles(dir)).map((entry) => entry.file));
  } catch {
    return null;
  }
}

/**
 * Writes `files` and `meta` into `dir`, replacing it at once, unless every
 * data file is already exactly so: then nothing is written (`false`) and
 * whatever is built from the export has nothing to do. The new folder
 * hard-links the files that did not change (nothing edits an export file in
 * place: every version is a new file), so a cycle writes only what changed.
 */
export async function writeExport(dir: string, files: DataFile[], meta: ExportMeta): Promise<boolean> {
  const target = path.resolve(dir);
  const onDisk = await filesOnDisk(target);
  const same = new Set<string>();
  // Side by side: one at a time, 600 files took a second of a busy cycle.
  if (onDisk) {
    await Promise.all(
      files.map(async ({ file, text }) => {
        if (onDisk.has(file) && (await sameAsOnDisk(path.join(target, file), text))) same.add(file);
      }),
    );
  }
  if (onDisk && same.size === files.length && onDisk.size === files.length) return false;
  const staging = `${target}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    const folders = new Set(files.map(({ file }) => path.dirname(path.join(staging, file))));
    // Sharded collections keep their folder even when empty (a reader lists it).
    for (const name of PUBLIC_COLLECTION_NAMES)
      if (PUBLIC_COLLECTIONS[name].shardBy) folders.add(path.join(staging, PUBLIC_COLLECTIONS[name].file));
    await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
    await Promise.all(
      files.map(({ file, text }) =>
        same.has(file) ? link(path.join(target, file), path.join(staging, file)) : writeFile(path.join(staging, file), text),
      ),
    );
    await writeFile(path.join(staging, EXPORT_META_FILE), `${JSON.stringify(exportMeta.parse(meta))}\n`);
    await replaceDir(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await Promise.all(
    files.map(async ({ file, text }) => {
      const at = path.join(target, file);
      written.set(at, { text, version: await versionOf(at) });
    }),
  );
  return true;
}

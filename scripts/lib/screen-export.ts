/**
 * What the build renders: the export minus the records it must leave out
 * (docs/decisions/quarantine.md). Two kinds: a record that fails its public
 * shape as the build reads it (an export written by older code, or by hand),
 * and a record in quarantine (./quarantine.ts: its page or URL failed in an
 * earlier build of this code, and it has not changed since). What depends on
 * a left-out record goes with it, as the export does it (a profile takes
 * its handles, shifts, diaries and posts along; a store is no longer named
 * by its members).
 *
 * With nothing to leave out, the build reads the export as it is. Otherwise
 * it reads a screened copy in the state folder: the files that lose nothing
 * are hard links, the others are rewritten without the left-out records.
 * Each file's verdict is kept by its version (inode, size, mtime) in the
 * state folder, for the code that judged it (a new schema judges again), so
 * a cycle checks only the files that changed, as the build itself does.
 * A verdict names the hash of the bytes it judged: the build checks no
 * bytes twice (`judged`).
 */
import { createHash } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bytesHash, listExportFiles, type CheckedFiles, type ExportFile } from '../../src/data/export-records';
import { authorShard, shardFileName } from '../../src/lib/export-shards';
import {
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollection,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import { EXPORT_META_FILE } from '../../src/schema/public';
import { problemsOf, type Problem, type SkippedDocument } from '../export/report';
import { checkPublicShapes } from '../export/data-files';
import { replaceDir } from './replace-dir';

/** A record the build leaves out: where it is and why. */
export interface LeftOut {
  collection: PublicCollectionName;
  key: string;
  /** Its export file (`therapists.json`, `blogs/3f.json`). */
  file: string;
  problems: Problem[];
  stage: Extract<SkippedDocument['stage'], 'build' | 'page'>;
}

/** A record to leave out while it is exactly this (its fingerprint, recordFingerprint). */
export interface Exclusion {
  collection: PublicCollectionName;
  key: string;
  file: string;
  fingerprint: string;
  problems: Problem[];
}

export interface ScreenedExport {
  /** The folder the build reads: the export itself, or the screened copy. */
  dir: string;
  leftOut: LeftOut[];
  /** The files whose every record passed its public shape: the same bytes need no second check. */
  judged: CheckedFiles;
}

/** A file's records that fail their public shape, by key, and the hash of the bytes judged. */
type Verdict = { version: string; hash: string; rejected: { key: string; problems: Problem[] }[] };
/** The verdicts kept in the state folder, and the code (the renderer bundle's key) whose schemas gave them. */
type VerdictsFile = { rendererKey: string; files: Record<string, Verdict> };
const VERDICTS_FILE = 'screen-verdicts.json';
export const SCREENED_DIR = 'screened-export';

/**
 * The fingerprint of a record's content (its keys in any order: a record
 * read through its schema lists them in the schema's order): a record that
 * changes is tried again.
 */
export function recordFingerprint(record: unknown): string {
  return createHash('sha256').update(JSON.stringify(record, sortedKeys)).digest('hex').slice(0, 32);
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A record's key (its collection's), or its place in the file when the record has none. */
function keyOf(name: PublicCollectionName, record: unknown, index: number): string {
  try {
    const key = (PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>).key(record);
    return typeof key === 'string' && key !== '' ? key : `#${index}`;
  } catch {
    return `#${index}`;
  }
}

function rowsOf(entry: ExportFile, text: string): unknown[] {
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) throw new Error(`${entry.file}: not a JSON array`);
  return rows;
}

async function readRows(dir: string, entry: ExportFile): Promise<unknown[]> {
  return rowsOf(entry, await readFile(path.join(dir, entry.file), 'utf8'));
}

function verdictOf(name: PublicCollectionName, rows: unknown[], version: string, hash: string): Verdict {
  const { schema } = PUBLIC_COLLECTIONS[name] as PublicCollection<unknown>;
  const rejected: Verdict['rejected'] = [];
  rows.forEach((row, index) => {
    const result = schema.safeParse(row);
    if (!result.success) rejected.push({ key: keyOf(name, row, index), problems: problemsOf(result.error.issues) });
  });
  return { version, hash, rejected };
}

async function loadVerdicts(stateDir: string, rendererKey: string): Promise<Map<string, Verdict>> {
  try {
    const saved = JSON.parse(await readFile(path.join(stateDir, VERDICTS_FILE), 'utf8')) as Partial<VerdictsFile>;
    return saved.rendererKey === rendererKey && saved.files ? new Map(Object.entries(saved.files)) : new Map();
  } catch {
    return new Map();
  }
}

/**
 * Screens the export in `exportDir` for a build whose state is in
 * `stateDir` and whose code is `rendererKey`, leaving out the records that
 * fail their shape and those of `quarantine` that have not changed.
 */
export async function screenExport(
  exportDir: string,
  stateDir: string,
  quarantine: readonly Exclusion[],
  rendererKey: string,
): Promise<ScreenedExport> {
  const entries = await listExportFiles(exportDir);
  const known = await loadVerdicts(stateDir, rendererKey);
  const verdicts = new Map<string, Verdict>();
  const rows = new Map<string, unknown[]>();
  for (const entry of entries) {
    let verdict = known.get(entry.file);
    if (verdict?.version !== entry.version) {
      const bytes = await readFile(path.join(exportDir, entry.file));
      const read = rowsOf(entry, bytes.toString('utf8'));
      verdict = verdictOf(entry.name, read, entry.version, bytesHash(bytes));
      if (verdict.rejected.length > 0) rows.set(entry.file, read);
    }
    verdicts.set(entry.file, verdict);
  }
  await mkdir(stateDir, { recursive: true });
  const saved: VerdictsFile = { rendererKey, files: Object.fromEntries(verdicts) };
  await writeFile(path.join(stateDir, VERDICTS_FILE), JSON.stringify(saved));
  const judged = new Map(
    [...verdicts].filter(([, verdict]) => verdict.rejected.length === 0).map(([file, verdict]) => [file, verdict.hash]),
  );

  const leftOut: LeftOut[] = [];
  for (const entry of entries)
    for (const { key, problems } of verdicts.get(entry.file)!.rejected)
      leftOut.push({ collection: entry.name, key, file: entry.file, problems, stage: 'build' });
  // A quarantined record stays out while it is exactly what failed.
  const byFile = new Map(entries.map((entry) => [entry.file, entry]));
  for (const exclusion of quarantine) {
    const entry = byFile.get(exclusion.file);
    if (!entry) continue;
    const read = rows.get(entry.file) ?? (await readRows(exportDir, entry));
    rows.set(entry.file, read);
    const record = read.find((row, index) => keyOf(entry.name, row, index) === exclusion.key);
    if (record !== undefined && recordFingerprint(record) === exclusion.fingerprint)
      leftOut.push({ collection: entry.name, key: exclusion.key, file: entry.file, problems: exclusion.problems, stage: 'page' });
  }
  const screenedDir = path.join(stateDir, SCREENED_DIR);
  if (leftOut.length === 0) {
    await rm(screenedDir, { recursive: true, force: true });
    return { dir: exportDir, leftOut, judged };
  }
  await writeExportWithout(exportDir, screenedDir, leftOut, entries, rows);
  return { dir: screenedDir, leftOut, judged };
}

/**
 * Writes a copy of the export in `from` into `to` without the records of
 * `without` and what depends on them (hard links for the files that lose
 * nothing). `rows`: files already read, by path.
 */
export async function writeExportWithout(
  from: string,
  to: string,
  without: readonly Pick<LeftOut, 'collection' | 'key'>[],
  entries?: readonly ExportFile[],
  rows: Map<string, unknown[]> = new Map(),
): Promise<void> {
  const files = entries ?? (await listExportFiles(from));
  const out = new Map(PUBLIC_COLLECTION_NAMES.map((name) => [name, new Set<string>()]));
  for (const { collection, key } of without) out.get(collection)!.add(key);
  const read = async (entry: ExportFile) => {
    let found = rows.get(entry.file);
    if (!found) rows.set(entry.file, (found = await readRows(from, entry)));
    return found;
  };
  const kept = async (entry: ExportFile) =>
    (await read(entry)).filter((row, index) => !out.get(entry.name)!.has(keyOf(entry.name, row, index)));

  // The collections kept whole go through the export's own rules for what depends on what.
  const whole = new Set(PUBLIC_COLLECTION_NAMES.filter((name) => !PUBLIC_COLLECTIONS[name].shardBy));
  const wholeRecords: Record<string, unknown[]> = Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, []]));
  for (const entry of files) if (whole.has(entry.name)) wholeRecords[entry.name] = await kept(entry);
  const checked = checkPublicShapes(wholeRecords as unknown as ExportRecords);
  const owners = new Set([...checked.therapists.map((t) => t.id), ...checked.stores.map((s) => s.id)]);
  // The shards of every profile no longer in (left out, or gone with a left-out store): their diaries and posts go too.
  const profileFiles = files.filter((entry) => entry.name === 'therapists' || entry.name === 'stores');
  const goneShards = new Set<string>();
  for (const entry of profileFiles)
    for (const [index, row] of (await read(entry)).entries()) {
      const uid = keyOf(entry.name, row, index);
      if (!owners.has(uid)) goneShards.add(shardFileName(authorShard(uid)));
    }

  const staging = `${to}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  for (const name of PUBLIC_COLLECTION_NAMES)
    if (PUBLIC_COLLECTIONS[name].shardBy) await mkdir(path.join(staging, PUBLIC_COLLECTIONS[name].file), { recursive: true });
  await link(path.join(from, EXPORT_META_FILE), path.join(staging, EXPORT_META_FILE));
  for (const entry of files) {
    const source = path.join(from, entry.file);
    const target = path.join(staging, entry.file);
    let records: unknown[] | null = null;
    if (whole.has(entry.name)) records = checked[entry.name];
    else if (out.get(entry.name)!.size > 0 || goneShards.has(path.basename(entry.file)))
      records = (await kept(entry)).filter((row) => owners.has((row as { userId?: unknown }).userId as string));
    const text = records && `${JSON.stringify(records)}\n`;
    // A file that keeps every record keeps its bytes (and inode: the build parses it once).
    if (text === null || text === `${JSON.stringify(await read(entry))}\n`) await link(source, target);
    else await writeFile(target, text);
  }
  await replaceDir(staging, to);
}

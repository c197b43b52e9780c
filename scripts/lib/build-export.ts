/**
 * The export as a build reads it: its files hashed (a full build) or read
 * and checked (an incremental one, against the export the live site was
 * built from), the copy the renderer reads, and the check that the copy is
 * the export the build names. The build reads an export folder the
 * screen agrees to (./screen-export.ts), else gives way (ScreenLeftOut).
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { indexExport, type Directory } from '../../src/data/directory';
import {
  checkExportFiles,
  hashExportFiles,
  readListedFiles,
  readWholeFile,
  type CheckedFiles,
  type HashedFile,
  type ListedFiles,
} from '../../src/data/export-records';
import {
  PUBLIC_COLLECTIONS,
  PUBLIC_COLLECTION_NAMES,
  type ExportRecords,
  type PublicCollectionName,
} from '../../src/registry/public-collections';
import type { ScreenedExport } from './screen-export';

/**
 * An export as the build holds it from one cycle to the next: its files (parsed, with their hashes), its records
 * as the pages read them (the diaries without their bodies: 54 MB of a publisher's heap at 10,000 therapists,
 * ten times as much at 100,000) and their lookups.
 */
interface LoadedExport extends ListedFiles {
  version: string;
  directory?: Directory;
}

/** The export each site was last built from in this process (saves reading it back). */
const lastExport = new Map<string, LoadedExport>();

/** The version of the export held for the site in `outDir`, if any (for tests). */
export const heldExportVersion = (outDir: string): string | undefined => lastExport.get(path.resolve(outDir))?.version;

/** Keeps `loaded` as the export the site in `outDir` was last built from (a full build forgets it: readBuildExport). */
export function rememberExport(outDir: string, loaded: LoadedExport): void {
  lastExport.set(outDir, loaded);
}

/**
 * The export the served site was rendered from, with its lookups: this
 * process's last, else the state's copy (checked when it was built). Run
 * in the site's build queue: a build replaces the state's copy.
 */
export async function previousExport(outDir: string, stateDir: string, version: string): Promise<LoadedExport & { directory: Directory }> {
  let known = lastExport.get(outDir);
  if (known?.version !== version) {
    known = { version, ...(await readListedFiles(path.join(stateDir, 'export'), { check: false })) };
    lastExport.set(outDir, known);
  }
  known.directory ??= indexExport(known.records);
  return known as LoadedExport & { directory: Directory };
}

const hashesOf = (loaded: { files: readonly HashedFile[] }) => new Map(loaded.files.map((file) => [file.file, file.hash]));

/** The export a build reads: its files with their hashes, and the version they make. */
export interface BuildExport {
  files: readonly HashedFile[];
  version: string;
  /** An incremental build's: the export's records, read and checked on the build's thread. */
  loaded?: ListedFiles;
  /** An incremental build's: the export the live site was built from, with its lookups. */
  previous?: LoadedExport & { directory: Directory };
}

/**
 * Reads the export in `exportDir` for a build of the site in `outDir`. A full build (no `previousVersion`) hashes
 * its files only: its renderer reads them, and the copy is checked beside its listing (checkCopy). An incremental
 * build reads and checks them on this thread, after the screen's word, the files checked before excepted.
 */
export async function readBuildExport(options: {
  exportDir: string;
  outDir: string;
  stateDir: string;
  previousVersion: string | undefined;
  screen: () => Promise<ScreenedExport>;
}): Promise<BuildExport> {
  const { outDir, stateDir, previousVersion } = options;
  const exportDir = path.resolve(options.exportDir);
  if (previousVersion === undefined) {
    lastExport.delete(outDir);
    const files = await hashExportFiles(exportDir);
    return { files, version: exportVersionOf(files) };
  }
  const { judged } = await screenedAsBuilt(options);
  const previous = await previousExport(outDir, stateDir, previousVersion);
  const loaded = await readListedFiles(exportDir, { check: true, checked: new Map([...hashesOf(previous), ...judged]) });
  return { files: loaded.files, version: exportVersionOf(loaded.files), loaded, previous };
}

/**
 * The two exports cut to what can differ, for diffExports: a collection
 * whose files all kept their bytes is the same array on both sides (not
 * compared), and of a sharded one only the shards whose file changed are
 * compared (its records never move between shards), read again whole from
 * `dirs`: the build holds the diaries without their bodies, and an edit of
 * a body alone must show.
 */
export async function comparable(
  before: LoadedExport,
  after: LoadedExport,
  dirs: { before: string; after: string },
): Promise<[ExportRecords, ExportRecords]> {
  const old = hashesOf(before);
  const now = hashesOf(after);
  const changedFile = (file: string) => old.get(file) !== now.get(file);
  const filesOf = (loaded: LoadedExport, name: PublicCollectionName) => loaded.files.filter((file) => file.name === name);
  const cut = async (loaded: LoadedExport, dir: string, name: PublicCollectionName) => {
    if (![...filesOf(before, name), ...filesOf(after, name)].some((file) => changedFile(file.file))) return after.records[name];
    if (!PUBLIC_COLLECTIONS[name].shardBy) return loaded.records[name];
    const changed = filesOf(loaded, name).filter((file) => changedFile(file.file));
    return (await Promise.all(changed.map((file) => readWholeFile(dir, file)))).flat();
  };
  const side = async (loaded: LoadedExport, dir: string) =>
    Object.fromEntries(
      await Promise.all(PUBLIC_COLLECTION_NAMES.map(async (name) => [name, await cut(loaded, dir, name)] as const)),
    ) as unknown as ExportRecords;
  return Promise.all([side(before, dirs.before), side(after, dirs.after)]);
}

function exportVersionOf(files: readonly HashedFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.file}\0${file.hash}\0`);
  return hash.digest('hex').slice(0, 20);
}

/**
 * Copies the export into `dir` for the renderer (it becomes the state's
 * `export/` once the site is live). A real copy, never a link to the export
 * (whose files someone may edit in place); a file whose bytes the previous
 * copy already holds is linked from there (the build never edits its own copy).
 */
export async function writeExportCopy(
  dir: string,
  exportDir: string,
  files: readonly HashedFile[],
  previous: LoadedExport | undefined,
  previousDir: string,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const held = previous ? hashesOf(previous) : new Map<string, string>();
  await mkdir(dir, { recursive: true });
  for (const { file, shardBy } of Object.values(PUBLIC_COLLECTIONS)) if (shardBy) await mkdir(path.join(dir, file));
  await Promise.all(
    files.map((file) =>
      held.get(file.file) === file.hash
        ? link(path.join(previousDir, file.file), path.join(dir, file.file))
        : copyFile(path.join(exportDir, file.file), path.join(dir, file.file)),
    ),
  );
}

/**
 * Checks the export's copy that a full build's renderer reads: every record
 * against its schema (checkExportFiles; not again where the screen `judged`
 * the same bytes), and its files against those `hashed` before the copy, so
 * the build is of the export it names.
 */
export async function checkCopy(copy: string, hashed: readonly HashedFile[], judged: CheckedFiles): Promise<void> {
  const checked = await checkExportFiles(copy, judged);
  const hashes = new Map(hashed.map((file) => [file.file, file.hash]));
  if (checked.length !== hashes.size || checked.some((file) => hashes.get(file.file) !== file.hash))
    throw new Error('The export changed while this build copied it; the next build reads it again.');
}

/** Thrown by a build of an export whose screen leaves records out: the build of the screened copy follows instead. */
export class ScreenLeftOut extends Error {
  constructor() {
    super('The screen left records of the export out: the screened copy is built instead.');
  }
}

/** The screen of the export a build reads, once it agrees that this is the folder to build (else ScreenLeftOut). */
export async function screenedAsBuilt({ exportDir, screen }: { exportDir: string; screen: () => Promise<ScreenedExport> }) {
  const screened = await screen();
  if (path.resolve(screened.dir) !== path.resolve(exportDir)) throw new ScreenLeftOut();
  return screened;
}

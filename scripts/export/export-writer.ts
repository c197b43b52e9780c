/**
 * Writes the export folder file by file, all of it replacing the old folder
 * at once: files go to a sibling staging folder, which replaces the export
 * only on `finish`. A failure leaves the previous export as it was.
 *
 * A file is written as soon as it is added and its text is not kept (the
 * diaries of 10,000 × 20 are 300 MB of JSON): the writer remembers a digest.
 * A file whose text the export already holds is hard-linked instead (nothing
 * edits an export file in place: every version is a new file), so a cycle
 * writes only what changed, and when nothing did, nothing is written and
 * `finish` says so.
 */
import { hash } from 'node:crypto';
import { link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listExportFiles } from '../../src/data/export-records';
import { PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES } from '../../src/registry/public-collections';
import { EXPORT_META_FILE, exportMeta, type ExportMeta } from '../../src/schema/public';
import { replaceDir } from '../lib/replace-dir';

/** What this process last wrote to each export file (its text's digest), with the file's version then. */
const written = new Map<string, { digest: string; version: string }>();
const versionOf = async (file: string) => {
  const info = await stat(file);
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
};

/** A text's digest: what the writer remembers of it (a change check, not a security measure: SHA-1 is fast). */
export const digestOf = (text: string) => hash('sha1', text, 'base64');

/** Whether `file` is still what this process wrote with that digest. */
async function writtenAs(file: string, digest: string): Promise<boolean> {
  const known = written.get(file);
  return known?.digest === digest && known.version === (await versionOf(file).catch(() => ''));
}

/** Whether `file` holds exactly `text` (compared as bytes: no decoding of what is on disk). */
async function sameAsOnDisk(file: string, text: string, digest: string): Promise<boolean> {
  if (await writtenAs(file, digest)) return true;
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

export class ExportWriter {
  readonly #target: string;
  readonly #staging: string;
  readonly #onDisk: Set<string> | null;
  readonly #digests = new Map<string, string>();
  readonly #folders = new Set<string>();
  #changed = false;

  private constructor(target: string, onDisk: Set<string> | null) {
    this.#target = target;
    this.#staging = `${target}.tmp-${process.pid}`;
    this.#onDisk = onDisk;
  }

  /** A writer replacing the export in `dir`. */
  static async open(dir: string): Promise<ExportWriter> {
    const target = path.resolve(dir);
    const writer = new ExportWriter(target, await filesOnDisk(target));
    await rm(writer.#staging, { recursive: true, force: true });
    // Sharded collections keep their folder even when empty (a reader lists it).
    for (const name of PUBLIC_COLLECTION_NAMES)
      if (PUBLIC_COLLECTIONS[name].shardBy) await writer.#folder(path.join(writer.#staging, PUBLIC_COLLECTIONS[name].file));
    await writer.#folder(writer.#staging);
    return writer;
  }

  async #folder(folder: string): Promise<void> {
    if (this.#folders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    this.#folders.add(folder);
  }

  async #put(file: string, digest: string, same: boolean, text: () => Promise<string> | string): Promise<void> {
    if (this.#digests.has(file)) throw new Error(`${file} was added to the export twice.`);
    this.#digests.set(file, digest);
    const to = path.join(this.#staging, file);
    await this.#folder(path.dirname(to));
    if (same) return link(path.join(this.#target, file), to);
    this.#changed = true;
    await writeFile(to, await text());
  }

  /** Adds a data file (`file`: its path in the export). */
  async add(file: string, text: string): Promise<void> {
    const digest = digestOf(text);
    const same = Boolean(this.#onDisk?.has(file)) && (await sameAsOnDisk(path.join(this.#target, file), text, digest));
    await this.#put(file, digest, same, () => text);
  }

  /**
   * Adds a data file known by its text's digest (derived in an earlier
   * cycle): linked when the export is still that write of this process,
   * else `text()` makes it again.
   */
  async addKnown(file: string, digest: string, text: () => Promise<string>): Promise<void> {
    if (this.#onDisk?.has(file) && (await writtenAs(path.join(this.#target, file), digest))) return this.#put(file, digest, true, text);
    await this.add(file, await text());
  }

  /**
   * Replaces the export with the files added and `meta`, unless every file
   * was already exactly so and none is gone: then nothing is written
   * (`false`), and whatever is built from the export has nothing to do.
   */
  async finish(meta: ExportMeta): Promise<boolean> {
    try {
      if (this.#onDisk && !this.#changed && this.#onDisk.size === this.#digests.size) {
        await this.abandon();
        return false;
      }
      await writeFile(path.join(this.#staging, EXPORT_META_FILE), `${JSON.stringify(exportMeta.parse(meta))}\n`);
      await replaceDir(this.#staging, this.#target);
    } catch (error) {
      await this.abandon();
      throw error;
    }
    await Promise.all(
      [...this.#digests].map(async ([file, digest]) => {
        const at = path.join(this.#target, file);
        written.set(at, { digest, version: await versionOf(at) });
      }),
    );
    return true;
  }

  /** Leaves the export as it was. */
  async abandon(): Promise<void> {
    await rm(this.#staging, { recursive: true, force: true });
  }
}

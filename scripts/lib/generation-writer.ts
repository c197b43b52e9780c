/**
 * Writes a build's files into its new generation of the site
 * (./site-generations.ts). A generation that starts empty takes every file
 * as new; one that starts as a copy of the live one is compared file by
 * file, and keeps the list of what it wrote or removed: what the generation
 * it replaces lacks, brought up to date by the next build, and what a
 * deploy uploads (scripts/deploy/plan.ts).
 */
import { linkIfChanged, linkNewFile, removeSiteFile, writeIfChanged, writeNewFile } from './site-files';

export class GenerationWriter {
  /** Files written or removed, or null in a generation that started empty (every file is new). */
  readonly changedFiles: Set<string> | null;
  readonly #folders = new Set<string>();

  constructor(
    readonly staging: string,
    readonly from: 'empty' | 'live',
  ) {
    this.changedFiles = from === 'live' ? new Set() : null;
  }

  /** Writes a page's bytes, or links the file that answers it; whether the generation's file changed. */
  async write(file: string, answer: Uint8Array | { file: string }): Promise<boolean> {
    const empty = this.from === 'empty';
    const wrote =
      answer instanceof Uint8Array
        ? empty
          ? await writeNewFile(this.staging, file, answer, this.#folders)
          : await writeIfChanged(this.staging, file, answer)
        : empty
          ? await linkNewFile(this.staging, file, answer.file, this.#folders)
          : await linkIfChanged(this.staging, file, answer.file);
    if (wrote) this.changedFiles?.add(file);
    return wrote;
  }

  async remove(file: string): Promise<void> {
    await removeSiteFile(this.staging, file);
    this.changedFiles?.add(file);
  }
}

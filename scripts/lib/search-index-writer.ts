/**
 * A Pagefind index written from pages handed to it (the npm package's
 * service API: the same binary, the same defaults as its CLI), not read
 * back from the built site. A full build hands over each searchable page
 * as it is rendered, so Pagefind works while the renderer does, and never
 * parses the many pages of the searchable folders (feeds, areas) it would
 * skip. The pages' files name them as the CLI would (`profile/x.html`):
 * the index's fragments are the CLI's, byte for byte.
 *
 * The service is one process shared by the writers open at once in this
 * process, stopped when the last of them is done (its memory is the
 * build's: below) and started again by the next.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { close as closePagefind, createIndex, type PagefindIndex } from 'pagefind';
import {
  INDEX_PART_KINDS,
  SEARCH_PART_LIST,
  searchPartFolder,
  searchPartListBytes,
  type SearchPart,
} from '../../src/lib/search/index-parts';
import { decodedText } from './page-text';
import { linkTree } from './site-files';

const SEARCHABLE_MAIN = '<main id="main" data-pagefind-body';

/**
 * Whether a built page (its text, or its bytes as text: ./page-text.ts) is
 * one Pagefind indexes: BaseLayout's `<main>` with
 * `data-pagefind-body` (a `searchable` page). The whole tag, not the
 * attribute's name alone: that name in a diary's text or a picture's alt
 * text is escaped text, never a tag, and must not make her page searchable
 * (a full build fails on a searchable page of an unexpected route).
 */
export function isSearchablePage(html: string): boolean {
  return html.includes(SEARCHABLE_MAIN);
}

/**
 * What Pagefind reads of a searchable page: its `<html>` tag (the language)
 * and its `<main data-pagefind-body>`, without class attributes. With a body
 * element on the page, Pagefind indexes nothing outside it (the head, nav
 * and footer are about half a profile's bytes), and its intake (JSON and
 * base64 over a pipe, an HTML parse, on one thread) costs by the byte: at
 * 10,000 therapists the 11,954 searchable pages went in in 29.8 s instead
 * of 52.1 s, with the same fragments and word index (docs/performance.md).
 * The classes (Tailwind's, half of what is left) mean nothing to Pagefind.
 * Text cannot end the element early, nor pass for a class: a diary's
 * `</main>` and every quote in text are escaped.
 */
export function searchDocument(html: string): string {
  const start = html.indexOf(SEARCHABLE_MAIN);
  const end = html.indexOf('</main>', start);
  if (start < 0 || end < 0) throw new Error('Not a searchable page: no <main data-pagefind-body> element.');
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0] ?? '<html>';
  const main = html.slice(start, end + '</main>'.length).replace(/ class="[^"]*"/g, '');
  return `<!doctype html>${htmlTag}<head></head><body>${main}</body></html>`;
}

/** Pages handed over and not yet taken in: past this the build waits (the pages wait in memory, base64). */
const MAX_IN_FLIGHT = 64;

/**
 * Writers open in this process. The service keeps much of what an index
 * held after deleting it (at 10,000 therapists about 400 MB after the
 * directory's part was written, under the next part's), so a full build,
 * which writes its parts one after the other, stops it after each: each
 * part then starts from an empty process (docs/decisions/full-text-index-parts.md).
 */
let openWriters = 0;

export class SearchIndexWriter {
  readonly #index: PagefindIndex;
  readonly #inFlight = new Set<Promise<void>>();
  #failure: Error | undefined;
  #pages = 0;
  #discarded = false;

  private constructor(index: PagefindIndex) {
    this.#index = index;
  }

  static async open(): Promise<SearchIndexWriter> {
    openWriters++;
    try {
      const { index, errors } = await createIndex();
      if (!index) throw new Error(`Pagefind did not start an index: ${errors.join('; ')}`);
      return new SearchIndexWriter(index);
    } catch (error) {
      await SearchIndexWriter.#closed();
      throw error;
    }
  }

  /** One writer fewer; the service stops with the last (the next open starts another). */
  static async #closed(): Promise<void> {
    if (--openWriters === 0) await closePagefind();
  }

  /**
   * Hands over the searchable page of `file` (its path in the site), given as
   * its bytes' text (./page-text.ts); waits only while too many are on their way.
   */
  async add(file: string, text: string): Promise<void> {
    if (this.#failure) throw this.#failure;
    this.#pages++;
    const content = decodedText(searchDocument(text));
    const adding = this.#index.addHTMLFile({ sourcePath: file, content }).then(
      ({ errors }) => {
        if (errors.length > 0) this.#failure ??= new Error(`Pagefind could not index ${file}: ${errors.join('; ')}`);
      },
      (error: unknown) => {
        this.#failure ??= error instanceof Error ? error : new Error(String(error));
      },
    );
    const tracked = adding.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
    if (this.#inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.#inFlight);
  }

  /** Pages handed over and not yet taken in. */
  get pending(): number {
    return this.#inFlight.size;
  }

  /** Resolves when Pagefind has taken in one more of the pages handed over (never, while none are on their way). */
  settled(): Promise<void> {
    return this.#inFlight.size > 0 ? Promise.race(this.#inFlight) : new Promise(() => undefined);
  }

  /** Writes an index of no pages into `outputPath` (a part of the index that has none; Pagefind's CLI refuses them). */
  static async writeEmpty(outputPath: string): Promise<void> {
    const writer = await SearchIndexWriter.open();
    try {
      await writer.write(outputPath);
    } finally {
      await writer.discard();
    }
  }

  /**
   * Writes the index of every page handed over into `outputPath` (Pagefind's bundle folder); returns the page count.
   * The files come back from the service and are written here: its own writeFiles answers before its last file
   * (the entry) is on disk, and the service is stopped right after (a part's entry was found empty).
   */
  async write(outputPath: string): Promise<number> {
    await Promise.all(this.#inFlight);
    if (this.#failure) throw this.#failure;
    const { errors, files } = await this.#index.getFiles();
    if (errors.length > 0) throw new Error(`Pagefind could not write its index: ${errors.join('; ')}`);
    const folders = new Set<string>();
    for (const file of files) {
      const target = path.join(outputPath, file.path);
      const folder = path.dirname(target);
      if (!folders.has(folder)) await mkdir(folder, { recursive: true });
      folders.add(folder);
      await writeFile(target, file.content);
    }
    return this.#pages;
  }

  /** Frees the index in the service (after write, or instead of it when the build failed). */
  async discard(): Promise<void> {
    if (this.#discarded) return;
    this.#discarded = true;
    await Promise.allSettled(this.#inFlight);
    await this.#index.deleteIndex().catch(() => undefined);
    await SearchIndexWriter.#closed();
  }
}

/** Writes the index folder's part list (SEARCH_PART_LIST): the parts written into it, in order, with their page counts. */
export async function writeSearchPartList(indexDir: string, written: readonly (readonly [SearchPart, number])[]): Promise<void> {
  await mkdir(indexDir, { recursive: true });
  await writeFile(path.join(indexDir, SEARCH_PART_LIST), searchPartListBytes(written));
}

/** A part's folder inside the index folder (`blogs-2`): the primary part's bundle has them beside its own files. */
const PART_FOLDER = new RegExp(`^(${INDEX_PART_KINDS.join('|')})(-\\d+)?$`);

/** Links one part of the index `from` into the index being made at `to` (the primary part: its own files, not the other parts). */
export async function linkPart(from: string, to: string, part: SearchPart): Promise<void> {
  const folder = searchPartFolder(part);
  if (folder) {
    await mkdir(to, { recursive: true });
    await linkTree(path.join(from, folder), path.join(to, folder));
    return;
  }
  // The first part linked in (the primary part comes first): `to` does not exist yet.
  const others = (await readdir(from)).filter((name) => PART_FOLDER.test(name));
  await linkTree(from, to, { skip: [...others, SEARCH_PART_LIST] });
}

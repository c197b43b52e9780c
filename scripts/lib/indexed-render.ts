/**
 * The order of a full build's render, with the full-text index written on
 * the way, part by part (src/lib/search/index-parts.ts): each part's pages
 * go into one Pagefind index, which is written and freed before the next
 * part's pages go in, so Pagefind holds one part at a time (its peak is
 * the largest part's, not the whole index's). Pagefind takes pages in on
 * one thread, slower than the workers render them: rather than wait on it,
 * the workers render unsearchable pages whenever it has enough in hand, and
 * while a part is being written. A build may render its parts in several
 * of these (a sliced build: scripts/lib/render-plan.ts); it writes the
 * index's part list (SEARCH_PART_LIST) once every part is written.
 */
import path from 'node:path';
import { searchPartFolder, type SearchPart, type SearchPartition } from '../../src/lib/search/index-parts';
import { listSource, type UrlSource } from '../renderer/pool';
import { SearchIndexWriter } from './search-index-writer';

/** Pages of the part in Pagefind's hands or on their way to it, past which the workers render other pages. */
const AHEAD = 96;

interface PartPages {
  part: SearchPart;
  /** Its URLs, until every one is handed out (not held through the rest of the build). */
  urls: readonly string[];
  count: number;
  /** URLs handed out to render, and of those, rendered and handled (`rendered`). */
  handedOut: number;
  handled: number;
}

export class IndexedRender {
  readonly #outputDir: string;
  readonly #partOf: (url: string) => SearchPart | undefined;
  readonly #parts: PartPages[];
  /** Each part written, with its page count, in order. */
  readonly #written: [SearchPart, number][] = [];
  /** The unsearchable pages, in their order. */
  readonly #rest: UrlSource;
  /** The part taking pages in (its index in #parts), or #parts.length once all are in. */
  #current = 0;
  #writer: SearchIndexWriter | undefined;
  readonly #opening = new Map<SearchPart, Promise<SearchIndexWriter>>();
  /** The write of the part before the current one, which the current one waits for. */
  #writing: Promise<void> = Promise.resolve();
  #waitingForWrite = false;
  #failure: Error | undefined;
  #wakers: (() => void)[] = [];
  readonly #started: number;
  /** Milliseconds from the start at which each part was taken in and written (for the bench's timings). */
  readonly timings: Record<string, number> = {};

  /**
   * `urls` in the order to render them, each part's searchable pages (by
   * `partition`, of these URLs) ahead of the others; the index goes into
   * `outputDir`. Timings count from `started` (performance.now(): the
   * render's start). With `after` (the render before's `finished()`), the
   * first part takes no page until that one's last part is written: the
   * other pages render meanwhile.
   */
  constructor(
    urls: readonly string[],
    partition: SearchPartition,
    outputDir: string,
    { started = performance.now(), after }: { started?: number; after?: Promise<unknown> } = {},
  ) {
    this.#started = started;
    this.#outputDir = outputDir;
    if (after) {
      this.#waitingForWrite = true;
      // A part before that failed stops this render too.
      this.#writing = after.then(
        () => undefined,
        (error: unknown) => {
          this.#failure ??= error instanceof Error ? error : new Error(String(error));
        },
      );
      void this.#writing.then(() => {
        this.#waitingForWrite = false;
        this.#wake();
      });
    }
    this.#partOf = partition.partOf;
    const byPart = new Map(partition.parts.map((part) => [part, [] as string[]]));
    const rest: string[] = [];
    for (const url of urls) {
      const part = partition.partOf(url);
      (part ? byPart.get(part)! : rest).push(url);
    }
    this.#parts = partition.parts.map((part) => {
      const urls = byPart.get(part)!;
      return { part, urls, count: urls.length, handedOut: 0, handled: 0 };
    });
    this.#rest = listSource(rest);
  }

  /** The URLs to render, batch by batch (scripts/renderer/pool.ts). */
  readonly next: UrlSource = async (size, stop) => {
    for (;;) {
      if (this.#failure) throw this.#failure;
      if (stop.aborted) return undefined;
      const part = this.#parts[this.#current];
      if (part && !this.#waitingForWrite) {
        if (!this.#writer) {
          // One index per part, however many workers ask at once.
          let opening = this.#opening.get(part.part);
          if (!opening) this.#opening.set(part.part, (opening = SearchIndexWriter.open()));
          const writer = await opening;
          // The first to get it in hand keeps it (the part may even be taken in by now): look again.
          if (!this.#writer && this.#parts[this.#current] === part) this.#writer = writer;
          continue;
        }
        // A part without pages is an empty index (/search merges it as one).
        if (part.count === 0) {
          this.#partTakenIn(part);
          continue;
        }
        if (part.handedOut < part.count && part.handedOut - part.handled + this.#writer.pending < AHEAD) {
          const batch = part.urls.slice(part.handedOut, part.handedOut + size);
          part.handedOut += batch.length;
          if (part.handedOut === part.count) part.urls = [];
          return batch;
        }
      }
      const other = await this.#rest(size, stop);
      if (other) return other;
      if (!part) return undefined;
      await this.#progress(this.#writer, stop);
    }
  };

  /**
   * The build has handled the rendered page `url`; `text` is its
   * searchable page's text (./page-text.ts) for the index.
   */
  async rendered(url: string, file: string, text: string | undefined): Promise<void> {
    const part = this.#partOf(url);
    if (part === undefined) return;
    const pages = this.#parts[this.#current];
    if (pages?.part !== part) throw new Error(`${url} was rendered outside its part of the search index (${part}).`);
    if (text !== undefined) await this.#writer!.add(file, text);
    pages.handled++;
    if (pages.handled === pages.count) this.#partTakenIn(pages);
    this.#wake();
  }

  /** Resolves once every part is written, to each part written with its page count, in order (rejects when one failed). */
  async finished(): Promise<readonly [SearchPart, number][]> {
    while (this.#current < this.#parts.length && !this.#failure) await this.#progress(this.#writer);
    await this.#writing;
    if (this.#failure) throw this.#failure;
    return this.#written;
  }

  /** Frees the index being made (after a failure; a finished build has freed each). */
  async discard(): Promise<void> {
    await this.#writing.catch(() => undefined);
    await this.#writer?.discard();
  }

  #partTakenIn(pages: PartPages): void {
    const writer = this.#writer!;
    this.#writer = undefined;
    this.#current++;
    this.timings[`index ${pages.part} taken in`] = performance.now() - this.#started;
    // The next part's pages wait until this one is written and freed.
    this.#waitingForWrite = true;
    this.#writing = writer
      .write(path.join(this.#outputDir, searchPartFolder(pages.part)))
      .then(
        (count) => {
          this.#written.push([pages.part, count]);
          this.timings[`index ${pages.part} written`] = performance.now() - this.#started;
        },
        (error: unknown) => {
          this.#failure ??= error instanceof Error ? error : new Error(String(error));
        },
      )
      .finally(() => writer.discard())
      .finally(() => {
        this.#waitingForWrite = false;
        this.#wake();
      });
  }

  /** Waits for something to change: a page handled, a part written, Pagefind taking a page in, or the render stopping. */
  #progress(writer: SearchIndexWriter | undefined, stop?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      // Aborted while this render order was busy: 'abort' has fired already.
      if (stop?.aborted) return resolve();
      const done = () => {
        stop?.removeEventListener('abort', done);
        resolve();
      };
      this.#wakers.push(done);
      void writer?.settled().then(done);
      stop?.addEventListener('abort', done);
    });
  }

  #wake(): void {
    const wakers = this.#wakers;
    this.#wakers = [];
    for (const wake of wakers) wake();
  }
}

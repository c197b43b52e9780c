/**
 * The full-text index (Pagefind) of a served site, brought up to date in
 * the background after an incremental build, so the new pages go live
 * without waiting for it (seconds on the seed, about 20 s at 10,000
 * therapists). It waits for a quiet moment (no build or publishing cycle
 * for a few seconds, ./foreground.ts), and is paused again while one runs.
 * Pagefind reads a hard-link snapshot of the searchable pages taken between
 * two builds, so later builds may replace the site while it runs; one run
 * at a time, and of the builds that ask meanwhile only the newest is
 * indexed next. The result goes in through the site's build
 * queue (between two builds): into `{state}/pagefind`, where the next build
 * takes its copy from, and into the served site by `publish` (a new
 * generation of it, scripts/lib/site-generations.ts).
 */
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getPriority } from 'node:os';
import path from 'node:path';
import { SEARCH_INDEX_DIR, searchPartFolder, type SearchPart } from '../../src/lib/search/index-parts';
import { ROOT } from './project';
import { foreground } from './foreground';
import { linkUnchangedFiles } from './keep-unchanged';
import { removeInBackground, replaceDir } from './replace-dir';
import { SearchIndexWriter, writeSearchPartList } from './search-index-writer';
import { linkFiles } from './site-files';

/**
 * Pagefind's own executable, as its npm wrapper finds it (the same
 * PAGEFIND_EXTENDED_BINARY_PATH override, then the platform package). Run
 * directly, not through the wrapper: the wrapper is a node process that
 * spawns the binary, so stopping it (run.ts stops its commands when the
 * process exits) left a 5 GB indexer running without a parent, and a binary
 * killed for memory came back as a bare "exited with 1".
 */
export const pagefindBinary = (() => {
  const fromEnv = process.env.PAGEFIND_EXTENDED_BINARY_PATH;
  if (fromEnv) return fromEnv;
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const executable = platform === 'windows' ? 'pagefind_extended.exe' : 'pagefind_extended';
  try {
    return createRequire(path.join(ROOT, 'package.json')).resolve(`@pagefind/${platform}-${process.arch}/bin/${executable}`);
  } catch {
    // A platform without a prebuilt binary package: the wrapper says what to do.
    return path.join(ROOT, 'node_modules/.bin/pagefind');
  }
})();

/**
 * The niceness Pagefind runs at in the background: below the builds. Absolute,
 * not added to this process's own (`nice -n` adds): a test fork already at
 * nice 5 put it at 15, where the browsers and emulators of the suite left it
 * about a tenth of a core and its index came minutes late.
 */
const BACKGROUND_NICENESS = 10;
const backgroundNiceIncrement = () => String(Math.max(0, BACKGROUND_NICENESS - getPriority()));

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

export class BackgroundIndexer {
  readonly #outDir: string;
  readonly #stateDir: string;
  readonly #enqueue: (task: () => Promise<void>) => Promise<void>;
  readonly #publishLive: () => Promise<void>;
  /** The build whose pages the site's index covers. */
  #published = -1;
  #pending: { build: number; files: ReadonlyMap<SearchPart, readonly string[]>; waiters: Waiter[] } | undefined;
  #looping = false;
  #latest: Promise<void> = Promise.resolve();

  /** `enqueue` runs a task between two builds of the site; `publish` puts `{state}/pagefind` live. */
  constructor(outDir: string, stateDir: string, enqueue: (task: () => Promise<void>) => Promise<void>, publish: () => Promise<void>) {
    this.#outDir = outDir;
    this.#stateDir = stateDir;
    this.#enqueue = enqueue;
    this.#publishLive = publish;
  }

  /** A full build indexed the site itself (before its swap): older requests are moot. */
  indexed(build: number): void {
    this.#published = Math.max(this.#published, build);
    if (this.#pending && this.#pending.build <= build) {
      const { waiters } = this.#pending;
      this.#pending = undefined;
      waiters.forEach((waiter) => waiter.resolve());
    }
  }

  /**
   * Indexes the searchable pages of build `build` (their files `files` in
   * the served site, just swapped in, by part of the index). Resolves once
   * they, or a newer build's, are the site's index (`indexed`).
   */
  request(build: number, files: ReadonlyMap<SearchPart, readonly string[]>): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      this.#pending = { build, files, waiters: [...(this.#pending?.waiters ?? []), { resolve, reject }] };
    });
    if (!this.#looping) {
      this.#looping = true;
      void this.#loop();
    }
    this.#latest = done;
    return done;
  }

  /** Resolves once the newest requested index is in (at once when none is on its way). */
  current(): Promise<void> {
    return this.#latest;
  }

  async #loop(): Promise<void> {
    while (this.#pending) {
      // Not even the snapshot while saves keep coming (210,000 links at 10,000 × 20, 1–2 s of a cycle's disk): the
      // requests made meanwhile become one.
      await foreground.quiet(Infinity);
      const job = this.#pending;
      // A full build indexed the site meanwhile.
      if (!job) break;
      this.#pending = undefined;
      const snapshot = path.join(this.#stateDir, `search-pages-${process.pid}-${job.build}`);
      const output = path.join(this.#stateDir, `pagefind-${process.pid}-${job.build}`);
      try {
        // Between two builds, so the snapshot is one whole site: this build's searchable pages, or those of a newer one
        // (which asks for its own index when it changed any, so a page it removed is left out here).
        // The searchable pages alone: Pagefind would read and parse every feed and area page beside them only to skip it.
        await this.#enqueue(async () => {
          await rm(snapshot, { recursive: true, force: true });
          for (const [part, files] of job.files) await linkFiles(this.#outDir, path.join(snapshot, part), files, { missing: 'skip' });
        });
        await rm(output, { recursive: true, force: true });
        // Each part of the index from its own pages (src/lib/search/index-parts.ts), the primary part (the folder) first.
        // The parts as the build cut them (searchPartsOf), every one in order, with its page count in the part list.
        for (const [part, files] of job.files) {
          const partOutput = path.join(output, searchPartFolder(part));
          // The CLI refuses a folder without pages: a part with none is an empty index, which /search leaves out.
          if (files.length === 0) await SearchIndexWriter.writeEmpty(partOutput);
          // Paused while a cycle runs, and at a lower priority: the builds that put saves live come first
          // (Pagefind took 117 s of a core at 10,000 × 20, each time a cycle changed a searchable page).
          else {
            const pagefind = [pagefindBinary, '--site', path.join(snapshot, part), '--output-path', partOutput, '--silent'];
            await foreground.runInBackground('nice', ['-n', backgroundNiceIncrement(), ...pagefind], { quiet: true });
          }
        }
        await writeSearchPartList(
          output,
          [...job.files].map(([part, files]) => [part, files.length]),
        );
        // Pagefind rewrote every file: those with the bytes of the current index keep its inodes (the deploy reads
        // only files whose identity changed). Outside the queue: it reads both indexes, and a twin gone meanwhile
        // (a full build's index) only leaves a file unlinked.
        await linkUnchangedFiles(path.join(this.#stateDir, SEARCH_INDEX_DIR), output);
        await this.#enqueue(() => this.#publish(job.build, output));
        job.waiters.forEach((waiter) => waiter.resolve());
      } catch (error) {
        job.waiters.forEach((waiter) => waiter.reject(error as Error));
      } finally {
        // 200,000 diary pages at scale: removed off this thread.
        await Promise.all([removeInBackground(output), removeInBackground(snapshot)]);
      }
    }
    this.#looping = false;
  }

  async #publish(build: number, output: string): Promise<void> {
    // A full build since has put in a newer index.
    if (build < this.#published) return;
    await replaceDir(output, path.join(this.#stateDir, SEARCH_INDEX_DIR));
    await this.#publishLive();
    this.#published = build;
  }
}

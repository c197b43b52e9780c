/**
 * The full-text index (Pagefind) of a served site, brought up to date in
 * the background after an incremental build, so the new pages go live
 * without waiting for it (seconds on the seed, about 20 s at 10,000
 * therapists). It waits for a quiet moment (no build or publishing cycle
 * for a few seconds, ./foreground.ts), and is paused again while one runs.
 * Pagefind reads a hard-link snapshot of the searchable pages taken between
 * two builds, so later builds may replace the site while it runs; one run
 * at a time, and of the builds that ask meanwhile only the newest is
 * indexed next. Only the parts of the index (src/lib/search/index-parts.ts)
 * whose pages changed since this indexer's last index are made again; the
 * others are linked from the current index (a bio edit at 10,000 × 20 no
 * longer re-indexes the three diary parts). The result goes in through the site's build
 * queue (between two builds): into `{state}/pagefind`, where the next build
 * takes its copy from, and into the served site by `publish` (a new
 * generation of it, scripts/lib/site-generations.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getPriority } from 'node:os';
import path from 'node:path';
import { SEARCH_INDEX_DIR, searchPartFolder, type SearchPart } from '../../src/lib/search/index-parts';
import { ROOT } from './project';
import { foreground } from './foreground';
import { linkUnchangedFiles } from './keep-unchanged';
import { removeInBackground, replaceDir } from './replace-dir';
import { linkPart, SearchIndexWriter, writeSearchPartList } from './search-index-writer';
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

/** A file every Pagefind bundle has: a part's folder holding it is a whole index. */
const ENTRY_FILE = 'pagefind-entry.json';

/**
 * What each part's pages are, as one digest: every file with its identity
 * (inode, size, mtime; a missing one as such). A build writes a page only
 * when its bytes change, so an equal digest is an unchanged part.
 */
function pagesOfParts(site: string, files: ReadonlyMap<SearchPart, readonly string[]>): Map<SearchPart, string> {
  const digests = new Map<SearchPart, string>();
  for (const [part, list] of files) {
    const hash = createHash('sha256');
    for (const file of list) {
      // Synchronous, as the deploy's walk (scripts/deploy/site-walk.ts): 24,000 stats at 10,000 × 20, between two builds.
      const info = statSync(path.join(site, file), { throwIfNoEntry: false });
      hash.update(`${file}\t${info ? `${info.ino}:${info.size}:${info.mtimeMs}` : '-'}\n`);
    }
    digests.set(part, hash.digest('hex'));
  }
  return digests;
}

/**
 * Where the pages of each part of `{state}/pagefind` are kept between
 * processes (a publisher restarted, or the bench's edits after a full build
 * made by another process), tied to that index by its entry file's
 * identity: a record of another index is not read.
 */
const PARTS_RECORD = 'search-parts.json';
const entryIdentity = (index: string) => {
  const info = statSync(path.join(index, ENTRY_FILE), { throwIfNoEntry: false });
  return info && `${info.ino}:${info.size}:${info.mtimeMs}`;
};

function readPartsRecord(stateDir: string): Map<SearchPart, string> | undefined {
  try {
    const record = JSON.parse(readFileSync(path.join(stateDir, PARTS_RECORD), 'utf8')) as { entry: string; parts: Record<string, string> };
    if (record.entry !== entryIdentity(path.join(stateDir, SEARCH_INDEX_DIR))) return undefined;
    return new Map(Object.entries(record.parts) as [SearchPart, string][]);
  } catch {
    return undefined;
  }
}

function writePartsRecord(stateDir: string, parts: Map<SearchPart, string> | undefined): void {
  const file = path.join(stateDir, PARTS_RECORD);
  const entry = entryIdentity(path.join(stateDir, SEARCH_INDEX_DIR));
  if (!parts || !entry) return rmSync(file, { force: true });
  writeFileSync(`${file}.new`, JSON.stringify({ entry, parts: Object.fromEntries(parts) }));
  renameSync(`${file}.new`, file);
}

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
  /** The loop under way, its removals included (resolved when none is). */
  #loopDone: Promise<void> = Promise.resolve();
  #latest: Promise<void> = Promise.resolve();
  /** The pages of each part of the current index (pagesOfParts), when this indexer or a full build of this process made it. */
  #indexedPages: Map<SearchPart, string> | undefined;
  /** What the last background index made again and what it linked from the current index, by part. */
  lastRun: { made: SearchPart[]; linked: SearchPart[] } | undefined;

  /** `enqueue` runs a task between two builds of the site; `publish` puts `{state}/pagefind` live. */
  constructor(outDir: string, stateDir: string, enqueue: (task: () => Promise<void>) => Promise<void>, publish: () => Promise<void>) {
    this.#outDir = outDir;
    this.#stateDir = stateDir;
    this.#enqueue = enqueue;
    this.#publishLive = publish;
    this.#indexedPages = readPartsRecord(stateDir);
  }

  /**
   * A full build indexed the site itself (before its swap): older requests
   * are moot. `pages`: its searchable files by part, in `site` (the
   * generation it swaps in), so the next index makes again only the parts
   * whose pages change after it; without them it makes every part.
   */
  indexed(build: number, pages?: { site: string; files: ReadonlyMap<SearchPart, readonly string[]> }): void {
    this.#published = Math.max(this.#published, build);
    this.#indexedPages = pages && pagesOfParts(pages.site, pages.files);
    writePartsRecord(this.#stateDir, this.#indexedPages);
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
      this.#loopDone = this.#loop();
    }
    this.#latest = done;
    return done;
  }

  /** Resolves once the newest requested index is in (at once when none is on its way). */
  current(): Promise<void> {
    return this.#latest;
  }

  /** Resolves once nothing of this indexer is working, the removal of its work folders included. */
  settled(): Promise<void> {
    return this.#loopDone;
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
        const current = path.join(this.#stateDir, SEARCH_INDEX_DIR);
        let dirty: ReadonlySet<SearchPart> = new Set();
        let pagesNow = new Map<SearchPart, string>();
        await rm(output, { recursive: true, force: true });
        // Between two builds, so the snapshot is one whole site: this build's searchable pages, or those of a newer one
        // (which asks for its own index when it changed any, so a page it removed is left out here).
        // Only the parts whose pages changed since the last index are indexed again (a build rewrites only the pages
        // whose bytes changed): the others are the current index's, linked in here, where no build replaces it meanwhile.
        await this.#enqueue(async () => {
          await rm(snapshot, { recursive: true, force: true });
          pagesNow = pagesOfParts(this.#outDir, job.files);
          dirty = new Set(
            [...job.files.keys()].filter(
              (part) =>
                this.#indexedPages?.get(part) !== pagesNow.get(part) || !existsSync(path.join(current, searchPartFolder(part), ENTRY_FILE)),
            ),
          );
          for (const part of job.files.keys()) if (!dirty.has(part)) await linkPart(current, output, part);
          // The searchable pages alone: Pagefind would read and parse every feed and area page beside them only to skip it.
          for (const part of dirty) await linkFiles(this.#outDir, path.join(snapshot, part), job.files.get(part)!, { missing: 'skip' });
        });
        // Each part of the index from its own pages (src/lib/search/index-parts.ts), the primary part (the folder) first.
        // The parts as the build cut them (searchPartsOf), every one in order, with its page count in the part list.
        for (const [part, files] of job.files) {
          if (!dirty.has(part)) continue;
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
        await linkUnchangedFiles(current, output);
        let published = false;
        await this.#enqueue(async () => {
          published = await this.#publish(job.build, output);
        });
        if (published) writePartsRecord(this.#stateDir, (this.#indexedPages = pagesNow));
        this.lastRun = { made: [...dirty], linked: [...job.files.keys()].filter((part) => !dirty.has(part)) };
        job.waiters.forEach((waiter) => waiter.resolve());
      } catch (error) {
        // Which parts are as their pages is no longer known: the next index makes them all again.
        writePartsRecord(this.#stateDir, (this.#indexedPages = undefined));
        job.waiters.forEach((waiter) => waiter.reject(error as Error));
      } finally {
        // 200,000 diary pages at scale: removed off this thread.
        await Promise.all([removeInBackground(output), removeInBackground(snapshot)]);
      }
    }
    this.#looping = false;
  }

  /** Puts `output` in as the index, unless a full build since has put in a newer one (false). */
  async #publish(build: number, output: string): Promise<boolean> {
    if (build < this.#published) return false;
    await replaceDir(output, path.join(this.#stateDir, SEARCH_INDEX_DIR));
    await this.#publishLive();
    this.#published = build;
    return true;
  }
}

/**
 * What an incremental build needs to know about the served site, kept
 * beside it in `{outDir}.state/`: the export it was rendered from
 * (`export/`), the newest full-text index (`pagefind/`), and `state.json`:
 * the renderer key, the Tokyo day of its clock, and for every URL its file
 * and what the sitemap, the CSP and the search index need of it (in the
 * shards of `pages/`, see SitePages). The state is written after the site
 * is swapped in, so after a crash it describes an older site and the next
 * build renders a little more than needed, never less.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fnv1a } from '../../src/lib/fnv1a';
import type { InlineHashes } from './hosting-headers';
import { isSitePath, siteFileOf } from './site-files';
import { WrittenFiles } from './written-files';
import type { RouteKind } from '../renderer/protocol';

export interface PageRecord {
  file: string;
  kind: RouteKind;
  /** An HTML page that belongs in the sitemap. */
  sitemap?: true;
  /** An HTML page Pagefind indexes (has data-pagefind-body). */
  search?: true;
  /** Its inline scripts, styles and handlers: an index into SiteState.hashSets. */
  hashes?: number;
}

const samePage = (a: PageRecord, b: PageRecord) =>
  a.file === b.file && a.kind === b.kind && a.sitemap === b.sitemap && a.search === b.search && a.hashes === b.hashes;

/** Shards of the page records (by the URL's hash). */
const PAGE_SHARDS = 256;
const shardOf = (url: string) => fnv1a(url) % PAGE_SHARDS;

/** What a record says besides its file: one of a few values, shared by every page that has it. */
type PageTraits = Readonly<Omit<PageRecord, 'file'>>;
const traitsByKey = new Map<string, PageTraits>();

function traitsOf({ kind, sitemap, search, hashes }: PageRecord): PageTraits {
  const key = `${kind} ${sitemap ?? ''} ${search ?? ''} ${hashes ?? ''}`;
  let traits = traitsByKey.get(key);
  if (!traits) {
    traits = Object.freeze({ kind, ...(sitemap && { sitemap }), ...(search && { search }), ...(hashes !== undefined && { hashes }) });
    traitsByKey.set(key, traits);
  }
  return traits;
}

/**
 * A record as a shard holds it: for nearly every page its file is the one
 * its URL names (siteFileOf), and the record is kept as its shared traits
 * alone. At 100,000 therapists the 819,212 records of a full build were
 * 122 MB of the build's main thread (a string and an object each), 28 MB so.
 */
type StoredPage = PageRecord | PageTraits;
const stored = (url: string, record: PageRecord): StoredPage =>
  isSitePath(url) && record.file === siteFileOf(url, record.kind) ? traitsOf(record) : record;
const recordOf = (url: string, page: StoredPage): PageRecord => ('file' in page ? page : { file: siteFileOf(url, page.kind), ...page });

/**
 * Every page's record, by URL, in shards: a build works on a `fork` of the
 * last state, which copies a shard only when it changes one of its pages,
 * and the state saves only the shards that changed. At 10,000 × 20 a plain
 * object of 274,000 records took seconds of every cycle to copy, walk and
 * write out whole.
 */
export class SitePages {
  readonly #shards: Map<string, StoredPage>[];
  /** Each shard's file, while the shard is as saved there. */
  readonly #files: (string | undefined)[];
  /** Shards this instance owns (copied or created by it): changed in place. */
  readonly #owned = new Set<number>();

  constructor(shards?: Map<string, StoredPage>[], files?: (string | undefined)[]) {
    this.#shards = shards ?? Array.from({ length: PAGE_SHARDS }, () => new Map());
    this.#files = files ?? new Array<string | undefined>(PAGE_SHARDS);
    if (!shards) for (let shard = 0; shard < PAGE_SHARDS; shard++) this.#owned.add(shard);
  }

  /** The same pages, sharing the shards until one changes. */
  fork(): SitePages {
    return new SitePages([...this.#shards], [...this.#files]);
  }

  get(url: string): PageRecord | undefined {
    const page = this.#shards[shardOf(url)]!.get(url);
    return page && recordOf(url, page);
  }

  set(url: string, record: PageRecord): void {
    const known = this.get(url);
    if (!known || !samePage(known, record)) this.#writable(shardOf(url)).set(url, stored(url, record));
  }

  delete(url: string): void {
    if (this.get(url)) this.#writable(shardOf(url)).delete(url);
  }

  get size(): number {
    return this.#shards.reduce((sum, shard) => sum + shard.size, 0);
  }

  *entries(): IterableIterator<[string, PageRecord]> {
    for (const shard of this.#shards) for (const [url, page] of shard) yield [url, recordOf(url, page)];
  }

  *values(): IterableIterator<PageRecord> {
    for (const [, record] of this.entries()) yield record;
  }

  #writable(shard: number): Map<string, StoredPage> {
    if (!this.#owned.has(shard)) {
      this.#shards[shard] = new Map(this.#shards[shard]);
      this.#owned.add(shard);
    }
    this.#files[shard] = undefined;
    return this.#shards[shard]!;
  }

  /** Writes the shards not saved yet into `dir`; returns every shard's file. */
  async save(dir: string, tag: string): Promise<string[]> {
    for (let shard = 0; shard < PAGE_SHARDS; shard++) {
      if (this.#files[shard] !== undefined) continue;
      const file = `pages-${shard}-${tag}.json`;
      const records = Array.from(this.#shards[shard]!, ([url, page]) => [url, recordOf(url, page)]);
      await writeFile(path.join(dir, file), JSON.stringify(records));
      this.#files[shard] = file;
    }
    // Saved shards are shared with the next fork: copied before a change from now on.
    this.#owned.clear();
    return this.#files as string[];
  }

  static async load(dir: string, files: readonly string[]): Promise<SitePages> {
    if (files.length !== PAGE_SHARDS) throw new Error('another number of shards');
    const shards = await Promise.all(
      files.map(async (file) => {
        const records = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as [string, PageRecord][];
        return new Map(records.map(([url, record]) => [url, stored(url, record)]));
      }),
    );
    return new SitePages(shards, [...files]);
  }
}

export interface SiteState {
  version: 2;
  rendererKey: string;
  /** Tokyo day of the clock the pages were rendered with (a new day re-renders everything). */
  today: string;
  exportVersion: string;
  /**
   * The live generation the served path links to (its unique name): another folder in its place means a full
   * build, while a copy of the site and its state elsewhere (an Actions cache restore) stays incremental.
   */
  siteId: string;
  pages: SitePages;
  /** Distinct InlineHashes of the pages, as JSON. */
  hashSets: string[];
  /** Files the build writes besides the pages (sitemaps). */
  sitemapFiles: string[];
}

/** state.json: the state, its pages as the files of their shards (in `pages/`). */
type StoredState = Omit<SiteState, 'pages'> & { pageFiles: string[] };

export const stateDirOf = (outDir: string) => `${outDir}.state`;
export const STATE_FILE = 'state.json';
const PAGES_DIR = 'pages';

/** The state this process wrote last, while its file is still that write: no re-parse of 274,000 page records a cycle. */
const kept = new WrittenFiles<SiteState>();

export async function readState(stateDir: string): Promise<SiteState | undefined> {
  const file = path.join(stateDir, STATE_FILE);
  const held = await kept.take(file);
  if (held) return held;
  try {
    const { pageFiles, ...stored } = JSON.parse(await readFile(file, 'utf8')) as StoredState;
    if (stored.version !== 2) return undefined;
    return { ...stored, pages: await SitePages.load(path.join(stateDir, PAGES_DIR), pageFiles) };
  } catch {
    // None, from another version, or a shard gone: the next build is a full one.
    return undefined;
  }
}

/** Numbers this process's saves (in shard file names, with its pid: no earlier save used the name). */
let saves = 0;

/** Saves the state: its changed page shards, then state.json naming them (atomic rename), then the unnamed shards go. */
export async function writeState(stateDir: string, state: SiteState): Promise<void> {
  const file = path.join(stateDir, STATE_FILE);
  const pagesDir = path.join(stateDir, PAGES_DIR);
  await mkdir(pagesDir, { recursive: true });
  const { pages, ...head } = state;
  const pageFiles = await pages.save(pagesDir, `${process.pid}-${++saves}`);
  const temp = path.join(stateDir, `${STATE_FILE}.tmp-${process.pid}`);
  await writeFile(temp, JSON.stringify({ ...head, pageFiles } satisfies StoredState));
  await rename(temp, file);
  const named = new Set(pageFiles);
  await Promise.all(
    (await readdir(pagesDir)).filter((entry) => !named.has(entry)).map((entry) => rm(path.join(pagesDir, entry), { force: true })),
  );
  await kept.keep(file, state);
}

/** Identifies a folder (device and inode): a rename keeps it, a new folder changes it. */
export async function folderId(dir: string): Promise<string | undefined> {
  const info = await stat(dir).catch(() => undefined);
  return info?.isDirectory() ? `${info.dev}:${info.ino}` : undefined;
}

/** The hashes of several sets in one, sorted (what the CSP lists). */
export function unionOfHashes(sets: Iterable<InlineHashes>): InlineHashes {
  const all = { scripts: new Set<string>(), styles: new Set<string>(), handlers: new Set<string>() };
  for (const set of sets) for (const key of ['scripts', 'styles', 'handlers'] as const) set[key].forEach((hash) => all[key].add(hash));
  return { scripts: [...all.scripts].sort(), styles: [...all.styles].sort(), handlers: [...all.handlers].sort() };
}

/** Numbers distinct InlineHashes, so 10,000 pages sharing one set store one index each. */
export class HashSets {
  readonly #sets: string[];
  readonly #index: Map<string, number>;

  constructor(sets: readonly string[] = []) {
    this.#sets = [...sets];
    this.#index = new Map(sets.map((set, i) => [set, i]));
  }

  indexOf(hashes: InlineHashes): number | undefined {
    if (hashes.scripts.length + hashes.styles.length + hashes.handlers.length === 0) return undefined;
    const json = JSON.stringify(hashes);
    let index = this.#index.get(json);
    if (index === undefined) {
      index = this.#sets.push(json) - 1;
      this.#index.set(json, index);
    }
    return index;
  }

  /** The union over the pages, sorted (what the CSP lists). */
  union(pages: Iterable<PageRecord>): InlineHashes {
    const used = new Set<number>();
    for (const page of pages) if (page.hashes !== undefined) used.add(page.hashes);
    return unionOfHashes([...used].map((index) => JSON.parse(this.#sets[index]!) as InlineHashes));
  }

  /**
   * The table to save: as it is while most of its sets are in use (page
   * records keep their numbers, and their shards need not be written
   * again), else only the sets `pages` use, renumbered.
   */
  compact(pages: SitePages): string[] {
    const used = new Set<number>();
    for (const page of pages.values()) if (page.hashes !== undefined) used.add(page.hashes);
    if (used.size * 2 >= this.#sets.length) return [...this.#sets];
    const renumber = new Map<number, number>();
    const sets: string[] = [];
    for (const [url, page] of [...pages.entries()]) {
      if (page.hashes === undefined) continue;
      let index = renumber.get(page.hashes);
      if (index === undefined) {
        index = sets.push(this.#sets[page.hashes]!) - 1;
        renumber.set(page.hashes, index);
      }
      pages.set(url, { ...page, hashes: index });
    }
    return sets;
  }
}

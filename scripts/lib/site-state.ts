/**
 * What an incremental build needs to know about the served site, kept
 * beside it in `{outDir}.state/`: the export it was rendered from
 * (`export/`), the newest full-text index (`pagefind/`), and `state.json`:
 * the renderer key, the Tokyo day of its clock, and for every URL its file
 * and what the sitemap, the CSP and the search index need of it. The state
 * is written after the site is swapped in, so after a crash it describes an
 * older site and the next build renders a little more than needed, never less.
 */
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InlineHashes } from './hosting-headers';
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

export interface SiteState {
  version: 1;
  rendererKey: string;
  /** Tokyo day of the clock the pages were rendered with (a new day re-renders everything). */
  today: string;
  exportVersion: string;
  /** Device and inode of the served folder: another folder in its place means a full build. */
  siteId: string;
  pages: Record<string, PageRecord>;
  /** Distinct InlineHashes of the pages, as JSON. */
  hashSets: string[];
  /** Files the build writes besides the pages (sitemaps). */
  sitemapFiles: string[];
}

export const stateDirOf = (outDir: string) => `${outDir}.state`;
const STATE_FILE = 'state.json';

/** The state this process wrote last, while its file is still that write: no re-parse of 274,000 page records a cycle. */
const kept = new WrittenFiles<SiteState>();

export async function readState(stateDir: string): Promise<SiteState | undefined> {
  const file = path.join(stateDir, STATE_FILE);
  const held = await kept.take(file);
  if (held) return held;
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as SiteState;
    return state.version === 1 ? state : undefined;
  } catch {
    return undefined;
  }
}

export async function writeState(stateDir: string, state: SiteState): Promise<void> {
  const file = path.join(stateDir, STATE_FILE);
  const temp = path.join(stateDir, `${STATE_FILE}.tmp-${process.pid}`);
  await writeFile(temp, JSON.stringify(state));
  await rename(temp, file);
  await kept.keep(file, state);
}

/** Identifies a folder (device and inode): a rename keeps it, a new folder changes it. */
export async function folderId(dir: string): Promise<string | undefined> {
  const info = await stat(dir).catch(() => undefined);
  return info?.isDirectory() ? `${info.dev}:${info.ino}` : undefined;
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
    const all = { scripts: new Set<string>(), styles: new Set<string>(), handlers: new Set<string>() };
    for (const index of used) {
      const set = JSON.parse(this.#sets[index]!) as InlineHashes;
      for (const key of ['scripts', 'styles', 'handlers'] as const) set[key].forEach((hash) => all[key].add(hash));
    }
    return { scripts: [...all.scripts].sort(), styles: [...all.styles].sort(), handlers: [...all.handlers].sort() };
  }

  /** The sets still used by `pages`, renumbered (so the table does not grow forever). */
  compact(pages: Record<string, PageRecord>): string[] {
    const renumber = new Map<number, number>();
    const sets: string[] = [];
    for (const page of Object.values(pages)) {
      if (page.hashes === undefined) continue;
      let index = renumber.get(page.hashes);
      if (index === undefined) {
        index = sets.push(this.#sets[page.hashes]!) - 1;
        renumber.set(page.hashes, index);
      }
      page.hashes = index;
    }
    return sets;
  }
}

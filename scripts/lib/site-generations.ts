/**
 * The served site as generations. `outDir` (dist/) is a symlink to one
 * folder in the state dir; a build makes the next folder and points the
 * link at it by renaming a new link over the old one, which is atomic: a
 * reader opening a file through dist/ gets the old site or the new one,
 * whole, and there is no moment without a dist/ (two renames of folders
 * left one, in which the Hosting emulator crashed). A live generation is
 * never written to.
 *
 * The generation that was live before stays as the spare, with the list of
 * files the live one changed (`spare.json`), so the next build brings it up
 * to date by those files instead of copying the whole site (99,000 files at
 * 10,000 therapists, 1.3 s) and removing the old one. The spare is checked
 * by name, folder id and the live generation it trails; anything else (a
 * crash, a full build) means no spare, and the build copies.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEARCH_INDEX_DIR, SEARCH_PART_LIST, type SearchPartList } from '../../src/lib/search/index-parts';
import { removeInBackground } from './replace-dir';
import { linkTree, removeSiteFile } from './site-files';
import { folderId } from './site-state';

const SPARE_FILE = 'spare.json';
const GENERATION = /^site-[0-9a-z]+-(\d+)-\d+$/;

/** The spare generation and what it lacks. */
interface Spare {
  name: string;
  id: string;
  /** The live generation whose files `behind` leads to. */
  live: string;
  /** Files (relative) the live generation changed or removed. */
  behind: string[];
}

let generations = 0;

/** A new, unused generation folder (not created). */
export function newGeneration(stateDir: string): string {
  return path.join(stateDir, `site-${Date.now().toString(36)}-${process.pid}-${generations++}`);
}

/** The live generation's folder name, or null when `outDir` is not a generation link. */
export function liveGeneration(outDir: string): string | null {
  try {
    return lstatSync(outDir).isSymbolicLink() ? path.basename(readlinkSync(outDir)) : null;
  } catch {
    return null;
  }
}

async function readSpare(stateDir: string): Promise<Spare | undefined> {
  try {
    return JSON.parse(await readFile(path.join(stateDir, SPARE_FILE), 'utf8')) as Spare;
  } catch {
    return undefined;
  }
}

/** Replaces `to` with a hard link to `from` (through a temporary name: `to` may be linked into another generation). */
async function linkOver(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  const temp = `${to}.link-${process.pid}`;
  await rm(temp, { force: true });
  await link(from, temp);
  await rename(temp, to);
}

/**
 * Makes `staging` the live site's copy without the top-level entries in
 * `skip`: the spare brought up to date when there is a valid one (true),
 * else a hard-link copy of the live folder (false).
 */
export async function stageFromLive(outDir: string, stateDir: string, staging: string, skip: readonly string[]): Promise<boolean> {
  const spare = await readSpare(stateDir);
  const spareDir = spare && path.join(stateDir, spare.name);
  if (spare && spareDir && liveGeneration(outDir) === spare.live && (await folderId(spareDir)) === spare.id) {
    await rename(spareDir, staging);
    const live = path.join(stateDir, spare.live);
    for (const file of spare.behind) {
      if (existsSync(path.join(live, file))) await linkOver(path.join(live, file), path.join(staging, file));
      else await removeSiteFile(staging, file);
    }
    return true;
  }
  await linkTree(outDir, staging, { skip });
  return false;
}

/**
 * Points `outDir` at the generation `next` with one rename of a new
 * symlink over the old. Returns the folder that was live, or null. A real
 * folder at `outDir` (a site built before generations) is moved aside
 * first: the one build that ever leaves a moment without `outDir`.
 */
export function pointAt(outDir: string, next: string): string | null {
  let previous: string | null = null;
  const live = liveGeneration(outDir);
  if (live) previous = path.join(path.dirname(next), live);
  else if (existsSync(outDir)) {
    previous = `${next}.before`;
    renameSync(outDir, previous);
  }
  const temp = `${outDir}.link-${process.pid}`;
  rmSync(temp, { force: true });
  symlinkSync(path.relative(path.dirname(outDir), next), temp);
  renameSync(temp, outDir);
  return previous;
}

/**
 * After a swap: keeps the generation that was live as the spare when the
 * files the new one changed are known (`behind`), else removes it. Returns
 * the removal to wait for before the next build.
 */
export async function keepSpare(stateDir: string, previous: string | null, live: string, behind: Iterable<string> | null): Promise<void> {
  const old = await readSpare(stateDir);
  await rm(path.join(stateDir, SPARE_FILE), { force: true });
  // A spare the build did not take (it copied instead) is out of date for good.
  const stale = old && path.join(stateDir, old.name);
  const removals: Promise<void>[] = [];
  if (stale && stale !== previous && existsSync(stale)) removals.push(removeInBackground(stale));
  if (!previous) return;
  const id = path.dirname(previous) === stateDir && behind ? await folderId(previous) : undefined;
  if (!id || !behind) {
    await Promise.all([...removals, removeInBackground(previous)]);
    return;
  }
  const spare: Spare = { name: path.basename(previous), id, live: path.basename(live), behind: [...behind].sort() };
  // Named for this write alone: two loops of one process (test files in one fork) may keep a spare at once.
  const temp = path.join(stateDir, `${SPARE_FILE}.tmp-${process.pid}-${randomUUID()}`);
  await writeFile(temp, JSON.stringify(spare));
  await rename(temp, path.join(stateDir, SPARE_FILE));
  await Promise.all(removals);
}

/**
 * After a full build (which leaves no spare): a hard-link copy of the live
 * generation becomes the spare, behind by nothing, so the first save after
 * `npm start` does not copy the site on its way to being live (6 s at
 * 274,000 files). Made while the site idles; the next build waits for it.
 */
export async function copyAsSpare(stateDir: string, live: string): Promise<void> {
  const spare = newGeneration(stateDir);
  try {
    await linkTree(live, spare);
  } catch {
    await removeInBackground(spare);
    return;
  }
  // No build swaps meanwhile: the next one waits for this.
  await keepSpare(stateDir, spare, live, []);
}

const alive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Work folders of the state dir, named after the process that made them. */
const WORK_FOLDER =
  /^(?:staging|export|owner-slices|search-pages|pagefind|pagefind-live|pagefind-old|export\.previous|pagefind\.previous)-(\d+)(?:-\d+)?$/;

/**
 * Removes what builds killed mid-way left: in the state dir, generations
 * neither live nor the spare and work folders of processes that are gone;
 * beside `outDir`, sites an older swap moved aside (gigabytes at 10,000
 * therapists). Run before a process's first build.
 */
export async function removeLeftovers(outDir: string, stateDir: string): Promise<void> {
  const keep = new Set([liveGeneration(outDir), (await readSpare(stateDir))?.name]);
  const ownerGone = (pattern: RegExp, name: string) => {
    const match = pattern.exec(name);
    return match !== null && !alive(Number(match[1]));
  };
  const inState = (await readdir(stateDir).catch(() => [] as string[])).filter(
    (name) => (!keep.has(name) && ownerGone(GENERATION, name.replace(/\.before$/, ''))) || ownerGone(WORK_FOLDER, name),
  );
  const escaped = path.basename(outDir).replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  const asideOf = new RegExp(`^${escaped}\\.(?:previous|link)-(\\d+)`);
  const beside = (await readdir(path.dirname(outDir)).catch(() => [] as string[])).filter((name) => ownerGone(asideOf, name));
  // Not awaited: these names are never used again, and the build need not wait for gigabytes to go.
  for (const name of inState) void removeInBackground(path.join(stateDir, name), 'leftovers');
  for (const name of beside) void removeInBackground(path.join(path.dirname(outDir), name), 'leftovers');
}

/**
 * Whether the two folders hold the same full-text index: its part list and
 * each listed part's entry file are one inode (hard links).
 */
export async function sameIndex(a: string, b: string): Promise<boolean> {
  const list = await readFile(path.join(a, SEARCH_PART_LIST), 'utf8').catch(() => undefined);
  if (list === undefined) return false;
  const { parts } = JSON.parse(list) as SearchPartList;
  const bundleOf = (partPath: string) => partPath.slice(`/${SEARCH_INDEX_DIR}/`.length);
  const entries = [SEARCH_PART_LIST, ...parts.map((part) => path.join(bundleOf(part.path), 'pagefind-entry.json'))];
  const sameEntry = async (entry: string) => {
    const [x, y] = await Promise.all([stat(path.join(a, entry)).catch(() => null), stat(path.join(b, entry)).catch(() => null)]);
    return x !== null && y !== null && x.dev === y.dev && x.ino === y.ino;
  };
  return (await Promise.all(entries.map(sameEntry))).every(Boolean);
}

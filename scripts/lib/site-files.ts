/**
 * The static site as files: where the answer for a URL goes (the layout
 * `astro build` writes with build.format 'file'), what file a redirect
 * becomes, and how files are written and copied without ever writing
 * through a hard link into the site being served.
 */
import { spawn } from 'node:child_process';
import { linkSync, writeFileSync } from 'node:fs';
import { link, copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Rendered, RouteKind } from '../renderer/protocol';

/**
 * Whether a URL (a decoded path) can be a file of the site: absolute, no dot
 * segment, empty segment or backslash, and none of the characters a path cannot carry
 * through a link and back (`?`, `#`, `%`, control characters).
 */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !/(^|\/)\.\.?(\/|$)|\/\/|\\|[?#%\p{Cc}]/u.test(url);
}

/**
 * The file (relative, `/`-separated) that serves a URL: a page at
 * `{path}.html` (`/` → `index.html`, `/404` → `404.html`), an endpoint at
 * its own path (`/h/abc.json`). URLs are decoded paths (`/frozen-accounts/area/新宿`).
 */
export function siteFileOf(url: string, kind: RouteKind): string {
  if (!isSitePath(url)) throw new Error(`Not a site path: ${url}`);
  if (kind === 'endpoint') return url.slice(1);
  return url === '/' ? 'index.html' : `${url.replace(/\/$/, '').slice(1)}.html`;
}

/** The URL a page file serves (the inverse of siteFileOf for pages). */
export function pageUrlOf(file: string): string {
  const url = `/${file.replace(/\.html$/, '')}`.replace(/\/index$/, '/');
  return url.length > 1 ? url.replace(/\/$/, '') : '/';
}

/**
 * The page `astro build` writes for a redirect (Astro's redirectTemplate in
 * core/routing/3xx, with compressHTML's newlines removed): a meta refresh to
 * the new URL, noindex, and the canonical link. Copied because Astro does not
 * export it; the redirect pages of the site are the same in every build.
 */
export function redirectPage(status: number, location: string, from: string, siteUrl: string): string {
  const delay = status === 302 ? 2 : 0;
  const absolute = new URL(location, siteUrl).href;
  return `<!doctype html>
<title>Redirecting to: ${location}</title>
<meta http-equiv="refresh" content="${delay};url=${location}">
<meta name="robots" content="noindex">
<link rel="canonical" href="${absolute}">
<body>
\t<a href="${location}">Redirecting from <code>${from}</code> to <code>${location}</code></a>
</body>`.replaceAll('\n', '');
}

/**
 * The bytes a rendered answer leaves in the site, or null when the URL has
 * no page (404 for anything but the 404 page itself). A failure is thrown.
 */
export function fileBytes(result: Rendered, siteUrl: string): Uint8Array | null {
  if (result.status === 200) return result.body;
  if (result.status >= 300 && result.status < 400 && result.location) {
    return Buffer.from(redirectPage(result.status, result.location, result.url, siteUrl));
  }
  if (result.status === 404) return result.url === '/404' ? result.body : null;
  throw new Error(`Rendering ${result.url} failed with status ${result.status} (the renderer printed the error above).`);
}

let tempCounter = 0;

/** Puts a new file at `target` beside it first (`put` makes it), then renames it over: a hard link to the old file keeps its bytes. */
async function replaceFile(target: string, put: (temp: string) => Promise<void>): Promise<true> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.tmp-${process.pid}-${tempCounter++}`;
  await put(temp);
  await rename(temp, target);
  return true;
}

/** Makes the folder of `target` unless this generation made it already (`folders` remembers). */
async function makeFolderOf(target: string, folders: Set<string>): Promise<void> {
  const folder = path.dirname(target);
  if (folders.has(folder)) return;
  await mkdir(folder, { recursive: true });
  folders.add(folder);
}

/**
 * Writes `bytes` to `root/file` unless it already holds exactly them; a new
 * file is written beside it and renamed over it, so a hard link to the old
 * file (the served site) keeps the old bytes. Returns whether it wrote.
 */
export async function writeIfChanged(root: string, file: string, bytes: Uint8Array): Promise<boolean> {
  const target = path.join(root, file);
  try {
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(await readFile(target))) return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return replaceFile(target, (temp) => writeFile(temp, bytes));
}

/**
 * writeIfChanged for a generation being built from scratch (a full build),
 * where almost every file is new: written in place, in one step, unless a
 * file is there already (a public file linked in from the bundle, which
 * must not be written through), which goes the careful way. `folders`
 * remembers the folders made.
 *
 * Written synchronously: fs/promises' writeFile opens, writes and closes
 * through the thread pool, three hand-offs a file. As many files as the
 * 10,000-therapist site has (86,845 of 20 KB, 18,000 to a folder like the
 * diary pages) took 62 s of CPU that way against 10 s written in place
 * (docs/performance.md), on a machine whose two cores the renderer keeps busy.
 */
export async function writeNewFile(root: string, file: string, bytes: Uint8Array, folders: Set<string>): Promise<boolean> {
  const target = path.join(root, file);
  await makeFolderOf(target, folders);
  try {
    writeFileSync(target, bytes, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return writeIfChanged(root, file, bytes);
  }
}

/**
 * Puts the file `source` (a file answer: a cached card) at `root/file`
 * unless that holds the same bytes already: hard-linked beside and renamed
 * over it, like writeIfChanged, so the served site keeps its own. The
 * source must never be changed in place (src/lib/seo/card-image.ts writes
 * a new file and renames it). Returns whether it changed the file.
 */
export async function linkIfChanged(root: string, file: string, source: string): Promise<boolean> {
  const target = path.join(root, file);
  const [from, to] = await Promise.all([stat(source), stat(target).catch(() => undefined)]);
  if (
    to &&
    ((to.ino === from.ino && to.dev === from.dev) || (to.size === from.size && (await readFile(source)).equals(await readFile(target))))
  )
    return false;
  return replaceFile(target, (temp) => linkFile(source, temp));
}

/** linkIfChanged for a generation built from scratch (writeNewFile's way: one synchronous link where nothing is yet). */
export async function linkNewFile(root: string, file: string, source: string, folders: Set<string>): Promise<boolean> {
  const target = path.join(root, file);
  await makeFolderOf(target, folders);
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    // There already (a public file), or no link possible here: the careful way, copying if need be.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' && !cannotHardLink(error)) throw error;
    return linkIfChanged(root, file, source);
  }
}

/** Removes a file of the site and the folders it leaves empty (up to `root`). */
export async function removeSiteFile(root: string, file: string): Promise<void> {
  await rm(path.join(root, file), { force: true });
  for (let dir = path.dirname(path.join(root, file)); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
    if ((await readdir(dir).catch(() => ['?'])).length > 0) break;
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every file under `dir` (relative, `/`-separated), sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A link(2) failure that a copy gets round: another file system, or one that allows no hard links. */
const cannotHardLink = (error: unknown) => ['EXDEV', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Hard-links one file (a copy when the two folders are on different file systems). */
async function linkFile(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if (!cannotHardLink(error)) throw error;
    await copyFile(from, to);
  }
}

function cpLinked(sources: readonly string[], to: string): Promise<boolean> {
  if (sources.length === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const child = spawn('cp', ['-al', ...sources, to], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * Makes `to` (which must not exist) a copy of the folder `from` made of hard
 * links, leaving out the top-level entries named in `skip` (or all but those
 * in `only`): instant and free of disk space, and safe as long as nothing
 * writes through a link (writeIfChanged renames a new file over it
 * instead). GNU `cp -al` where it works, else file by file.
 */
export async function linkTree(
  from: string,
  to: string,
  { skip = [], only }: { skip?: readonly string[]; only?: readonly string[] } = {},
): Promise<void> {
  const wanted = (name: string) => !skip.includes(name) && (!only || only.includes(name));
  const top = (await readdir(from)).filter(wanted);
  await mkdir(to);
  if (
    await cpLinked(
      top.map((name) => path.join(from, name)),
      to,
    )
  )
    return;
  await rm(to, { recursive: true, force: true });
  await mkdir(to);
  const entries = (await readdir(from, { withFileTypes: true, recursive: true })).filter((entry) =>
    wanted(path.relative(from, path.join(entry.parentPath, entry.name)).split(path.sep)[0]!),
  );
  for (const entry of entries.filter((e) => e.isDirectory())) {
    await mkdir(path.join(to, path.relative(from, path.join(entry.parentPath, entry.name))), { recursive: true });
  }
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(from, path.join(e.parentPath, e.name)));
  await linkFiles(from, to, files);
}

/**
 * Hard-links the files `files` (relative paths) of the folder `from` into
 * `to`, making their folders. With `missing: 'skip'` a file that is gone
 * meanwhile is left out rather than failing.
 */
export async function linkFiles(
  from: string,
  to: string,
  files: readonly string[],
  { missing = 'fail' }: { missing?: 'fail' | 'skip' } = {},
): Promise<void> {
  for (const folder of new Set(files.map((file) => path.dirname(path.join(to, file))))) await mkdir(folder, { recursive: true });
  const linkOne = async (file: string) => {
    try {
      await linkFile(path.join(from, file), path.join(to, file));
    } catch (error) {
      if (missing === 'fail' || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  for (let i = 0; i < files.length; i += 64) await Promise.all(files.slice(i, i + 64).map(linkOne));
}

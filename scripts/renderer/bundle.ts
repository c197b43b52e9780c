/**
 * The renderer bundle: the site built once per code version in server
 * output (astro.config.mjs with THERALINK_RENDERER=1, ./adapter.ts), kept in
 * `.build/renderer/{key}`. The key hashes everything the bundle is made
 * from (src, public, this folder, the Astro config, the lock file) and the
 * PUBLIC_* variables it bakes in, so a new export reuses it and a code
 * change builds a new one. Several processes may ask at once: one builds,
 * the others wait for its lock.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../lib/project';
import { run } from '../lib/run';

export const RENDERER_DIR = path.join(ROOT, '.build', 'renderer');
/** What the key is made from, besides the PUBLIC_* variables. */
const KEY_SOURCES = ['src', 'public', 'scripts/renderer', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** Bundles of other code versions kept for other checkouts' processes (the newest first). */
const KEEP_BUNDLES = 6;

export interface RendererBundle {
  key: string;
  /** The server entry a worker thread loads (./entry.ts, bundled). */
  entry: string;
  /** Client assets and public files: `_astro/`, favicon.svg, … (copied into every site). */
  clientDir: string;
}

async function filesOf(relative: string): Promise<string[]> {
  const full = path.join(ROOT, relative);
  const info = await stat(full).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [relative];
  const entries = await readdir(full, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The variables a build bakes in: every PUBLIC_* one (site URL, Firebase config, analytics). */
export function bakedEnv(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[0].startsWith('PUBLIC_') && entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The last key worked out in this process, with the size and mtime of every file it read. */
let lastKey: { signature: string; key: string } | undefined;

/**
 * The key of the bundle the current code and `env` make. The files are read
 * and hashed only when one's size or mtime changed since the last call of
 * this process (a publishing cycle asks every time; reading 650 files under
 * load took up to 1.7 s of it).
 */
export async function rendererKey(env: Record<string, string | undefined>): Promise<string> {
  const files = (await Promise.all(KEY_SOURCES.map(filesOf))).flat().sort();
  const stats = await Promise.all(files.map((file) => stat(path.join(ROOT, file))));
  const signature = `${JSON.stringify(bakedEnv(env))}\0${files.map((file, i) => `${file}:${stats[i]!.size}:${stats[i]!.mtimeMs}`).join('\0')}`;
  if (lastKey?.signature === signature) return lastKey.key;
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(ROOT, file)));
    hash.update('\0');
  }
  hash.update(JSON.stringify(bakedEnv(env)));
  const key = hash.digest('hex').slice(0, 20);
  lastKey = { signature, key };
  return key;
}

const bundleOf = (key: string): RendererBundle => ({
  key,
  entry: path.join(RENDERER_DIR, key, 'server', 'entry.mjs'),
  clientDir: path.join(RENDERER_DIR, key, 'client'),
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the build lock of a key; false while another live process holds it. */
async function tryLock(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
    if (holder && isAlive(holder)) return false;
    await rm(lock, { force: true });
    return tryLock(lock);
  }
}

async function pruneOldBundles(keep: string): Promise<void> {
  const entries = await readdir(RENDERER_DIR, { withFileTypes: true }).catch(() => []);
  const bundles = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && /^[0-9a-f]{20}$/.test(entry.name) && entry.name !== keep)
      .map(async (entry) => ({ name: entry.name, used: (await stat(path.join(RENDERER_DIR, entry.name))).mtimeMs })),
  );
  bundles.sort((a, b) => b.used - a.used);
  for (const old of bundles.slice(KEEP_BUNDLES - 1)) await rm(path.join(RENDERER_DIR, old.name), { recursive: true, force: true });
}

/**
 * The bundle for the current code and `env` (PUBLIC_* overrides on top of
 * process.env), built first when there is none (about 10 s on 2 cores).
 */
export async function ensureRenderer(
  overrides: Record<string, string | undefined>,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<RendererBundle> {
  const env = { ...process.env, ...overrides };
  const key = await rendererKey(env);
  const bundle = bundleOf(key);
  const dir = path.join(RENDERER_DIR, key);
  await mkdir(RENDERER_DIR, { recursive: true });
  const lock = `${dir}.lock`;
  for (const started = Date.now(); !existsSync(bundle.entry);) {
    if (await tryLock(lock)) {
      try {
        if (existsSync(bundle.entry)) break;
        const building = `${dir}.building-${process.pid}`;
        await rm(building, { recursive: true, force: true });
        try {
          await run(path.join(ROOT, 'node_modules/.bin/astro'), ['build', '--silent'], {
            env: { ...overrides, THERALINK_RENDERER: '1', BUILD_OUT_DIR: building, NODE_ENV: 'production' },
            quiet,
          });
          await rename(building, dir);
        } finally {
          await rm(building, { recursive: true, force: true });
        }
        await pruneOldBundles(key);
      } finally {
        await rm(lock, { force: true });
      }
      break;
    }
    if (Date.now() - started > 15 * 60_000) throw new Error(`Waited 15 minutes for another process to build ${dir}.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Marks it used, so pruning keeps the bundles in use.
  const now = new Date();
  await utimes(dir, now, now).catch(() => undefined);
  return bundle;
}

/**
 * Keeps the identity of files a tool rewrote with the same bytes. Pagefind
 * writes its whole index anew on every run (tens of thousands of files at
 * 10,000 therapists × 20 diaries, most of them as they were); linking each
 * unchanged one back to the previous run's inode lets everything that
 * trusts an unchanged inode (the deploy's hash cache, scripts/deploy/plan.ts)
 * skip it, as it skips the pages an incremental build left alone.
 */
import { link, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { filesUnder } from './site-files';

/**
 * For each file of `next` whose twin (same relative path) in `previous`
 * holds the same bytes, replaces it with a hard link to the twin. `next`
 * must be a folder no one reads yet. A twin that cannot be read or linked
 * (gone meanwhile, another file system) leaves the file as written.
 * Returns how many files were linked.
 */
export async function linkUnchangedFiles(previous: string, next: string): Promise<number> {
  if (!(await stat(previous).catch(() => undefined))?.isDirectory()) return 0;
  let linked = 0;
  for (const file of await filesUnder(next)) {
    const fresh = path.join(next, file);
    const twin = path.join(previous, file);
    try {
      const [a, b] = await Promise.all([stat(fresh), stat(twin)]);
      // Already the twin (a part of the index linked in, not rewritten).
      if (a.ino === b.ino && a.dev === b.dev) continue;
      if (a.size !== b.size || !(await readFile(fresh)).equals(await readFile(twin))) continue;
      const temp = `${fresh}.link-${process.pid}`;
      await link(twin, temp);
      await rename(temp, fresh);
      linked++;
    } catch {
      await rm(`${fresh}.link-${process.pid}`, { force: true });
    }
  }
  return linked;
}

import { rename, rm } from 'node:fs/promises';
import { run } from './run';

/**
 * Removes a folder in a child process: `rm -rf` of 100,000 links would hold
 * this process's file-system threads, and even the export's 600 files took
 * half a second of the cycle's own thread through fs.rm.
 */
export function removeInBackground(dir: string): Promise<void> {
  return run('rm', ['-rf', dir], { quiet: true }).then(
    () => undefined,
    () => rm(dir, { recursive: true, force: true }).catch(() => undefined),
  );
}

/** Numbers the folders this process puts aside (so one still being removed never blocks the next). */
let asides = 0;

/**
 * Moves a fully written `staging` folder to `target`, replacing what was
 * there with two renames (on one file system), so readers see the old
 * folder or the new one, never a half-written one.
 */
export async function replaceDir(staging: string, target: string): Promise<void> {
  const previous = `${target}.previous-${process.pid}-${++asides}`;
  const moved = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return false;
    },
  );
  await rename(staging, target);
  if (moved) await removeInBackground(previous);
}

import { rename, rm } from 'node:fs/promises';

/**
 * Moves a fully written `staging` folder to `target`, replacing what was
 * there with two renames (on one file system), so readers see the old
 * folder or the new one, never a half-written one.
 */
export async function replaceDir(staging: string, target: string): Promise<void> {
  const previous = `${target}.previous-${process.pid}`;
  await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, target);
  await rm(previous, { recursive: true, force: true });
}

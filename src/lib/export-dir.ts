import path from 'node:path';

/** Folder holding the public export; the build reads it, the export script writes it. */
export function exportDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.EXPORT_DIR || '.data/export');
}

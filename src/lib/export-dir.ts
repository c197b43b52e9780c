import path from 'node:path';

/** Folder holding the public export; the build reads it, the export script writes it. */
export function exportDir(): string {
  return path.resolve(process.env.EXPORT_DIR || '.data/export');
}

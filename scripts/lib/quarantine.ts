/**
 * The build's quarantine: records whose page (or its URL) failed to render,
 * kept in the site's state folder so later cycles leave them out at once
 * (./screen-export.ts) instead of failing and searching again. An entry
 * holds while the record is exactly what failed (its fingerprint) and the
 * code is the code that failed on it (the renderer's key): a changed record
 * or a new version of the site is tried again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Exclusion } from './screen-export';

const QUARANTINE_FILE = 'quarantine.json';

interface QuarantineFile {
  rendererKey: string;
  entries: Exclusion[];
}

/** The quarantine of the site whose state is in `stateDir`, for the renderer `rendererKey` (empty for another one). */
export async function readQuarantine(stateDir: string, rendererKey: string): Promise<Exclusion[]> {
  try {
    const saved = JSON.parse(await readFile(path.join(stateDir, QUARANTINE_FILE), 'utf8')) as QuarantineFile;
    return saved.rendererKey === rendererKey ? saved.entries : [];
  } catch {
    return [];
  }
}

export async function writeQuarantine(stateDir: string, rendererKey: string, entries: readonly Exclusion[]): Promise<void> {
  const file: QuarantineFile = { rendererKey, entries: [...entries] };
  await writeFile(path.join(stateDir, QUARANTINE_FILE), `${JSON.stringify(file, null, 1)}\n`);
}

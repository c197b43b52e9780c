/**
 * `npm run export`: reads the public collections of Firestore (the emulator
 * when FIRESTORE_EMULATOR_HOST is set, else the real project with
 * Application Default Credentials) and writes the public export the static
 * build reads (EXPORT_DIR, default .data/export).
 */
import { exportDir } from '../src/lib/export-dir';
import { addDays, tokyoDateKey } from '../src/lib/tokyo-date';
import { adminDb, assertFirestoreReachable } from './lib/admin';
import { isMain } from './lib/cli';
import { projectId } from './lib/project';
import { toPublicExport } from './export/public-records';
import { readSource } from './export/read-source';
import { writeExport } from './export/write-export';

export interface ExportResult {
  dir: string;
  counts: Record<string, number>;
}

export async function runExport(dir = exportDir(), today = tokyoDateKey()): Promise<ExportResult> {
  const db = adminDb();
  await assertFirestoreReachable(db);
  // Yesterday's shifts are kept: one that passes midnight is still on today.
  const firstShiftDate = addDays(today, -1);
  const data = toPublicExport(await readSource(db, firstShiftDate), firstShiftDate);
  const counts = Object.fromEntries(Object.entries(data).map(([name, records]) => [name, records.length]));
  await writeExport(dir, data, {
    exportedAt: new Date().toISOString(),
    source: process.env.FIRESTORE_EMULATOR_HOST ? `emulator:${projectId()}` : `project:${projectId()}`,
    counts,
  });
  return { dir, counts };
}

if (isMain(import.meta.url)) {
  try {
    const { dir, counts } = await runExport();
    console.log(`Exported to ${dir}: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    process.exit(0);
  } catch (error) {
    console.error(`Export failed; the previous export was left as it was.\n${(error as Error).message}`);
    process.exit(1);
  }
}

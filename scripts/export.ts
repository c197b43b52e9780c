/**
 * `npm run export`: reads Firestore (the emulator when
 * FIRESTORE_EMULATOR_HOST is set, else the real project with Application
 * Default Credentials) and writes the public export the static build reads
 * (EXPORT_DIR, default .data/export).
 *
 * No document can stop it: one that fails its schema is skipped, named as
 * `collection/id: field: problem` on stderr, and listed in a report next
 * to the export (`.data/export-report.json`), never inside it. Only an
 * unreachable Firestore or an empty source stops it, and then the previous
 * export is left as it was.
 */
import { exportDir } from '../src/lib/export-dir';
import type { PhotoUrlBase } from '../src/lib/photo-url';
import { addDays, tokyoDateKey } from '../src/lib/tokyo-date';
import { adminDb, assertFirestoreReachable } from './lib/admin';
import { isMain } from './lib/cli';
import { projectId } from './lib/project';
import { photoUrlBase } from './export/photo-base';
import { toPublicExport } from './export/public-records';
import { readSource } from './export/read-source';
import { describeSkipped, reportPathFor, SkipLog, writeReport, type ExportReport } from './export/report';
import { writeExport } from './export/write-export';

export interface ExportOptions {
  /** Where the report goes (default: `{dir}-report.json`). */
  reportPath?: string;
  /** Where picture URLs point (default: from the environment, see export/photo-base.ts). */
  photoBase?: PhotoUrlBase;
  /** The export's clock (slug holds). */
  now?: Date;
  /** Receives one line per skipped document (default: stderr). */
  warn?: (line: string) => void;
}

export interface ExportResult {
  dir: string;
  counts: Record<string, number>;
  report: ExportReport;
  reportPath: string;
}

/** Lines printed about skipped documents; the report lists them all. */
const MAX_PRINTED = 50;

export async function runExport(dir = exportDir(), today = tokyoDateKey(), options: ExportOptions = {}): Promise<ExportResult> {
  const db = adminDb();
  await assertFirestoreReachable(db);
  const log = new SkipLog();
  const now = options.now ?? new Date();
  // Yesterday's shifts are kept: one that passes midnight is still on today.
  const firstShiftDate = addDays(today, -1);
  const source = await readSource(db, firstShiftDate, log);
  const data = toPublicExport(source, firstShiftDate, { photoBase: options.photoBase ?? photoUrlBase(), now, log });
  const exportedAt = new Date().toISOString();
  const sourceName = process.env.FIRESTORE_EMULATOR_HOST ? `emulator:${projectId()}` : `project:${projectId()}`;
  const counts = await writeExport(dir, data, { exportedAt, source: sourceName }, log);

  const report: ExportReport = {
    exportedAt,
    source: sourceName,
    exportDir: dir,
    read: log.read,
    skipped: log.skipped,
    counts: { ...counts, skipped: log.skipped.length },
  };
  const reportPath = options.reportPath ?? reportPathFor(dir);
  await writeReport(reportPath, report);

  const warn = options.warn ?? ((line: string) => console.warn(line));
  log.skipped.slice(0, MAX_PRINTED).forEach((entry) => warn(`Skipped ${describeSkipped(entry)}`));
  if (log.skipped.length > MAX_PRINTED) warn(`… and ${log.skipped.length - MAX_PRINTED} more skipped documents.`);
  if (log.skipped.length > 0) warn(`${log.skipped.length} documents skipped; the rest was exported. Report: ${reportPath}`);
  return { dir, counts, report, reportPath };
}

if (isMain(import.meta.url)) {
  try {
    const { dir, counts } = await runExport();
    console.log(
      `Exported to ${dir}: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    process.exit(0);
  } catch (error) {
    console.error(`Export failed; the previous export was left as it was.\n${(error as Error).message}`);
    process.exit(1);
  }
}

/**
 * `npm run export [-- --full]`: reads Firestore (the emulator when
 * FIRESTORE_EMULATOR_HOST is set, else the real project with Application
 * Default Credentials) and writes the public export the static build reads
 * (EXPORT_DIR, default .data/export). It reads only what changed since its
 * last run (export/read-source.ts) and merges it into what it read before
 * (export/source-mirror.ts); everything on the first run, with --full, and
 * once every EXPORT_RECONCILE_HOURS (24) to catch anything missed. It
 * prints the reads it made, and writes nothing when no public record
 * changed.
 *
 * No document can stop it: one that fails its schema, that the derivation
 * of the public records throws on (export/isolated-derivation.ts) or whose
 * public record fails its shape is skipped, named as
 * `collection/id: field: problem` on stderr, and listed in a report next
 * to the export (`.data/export-report.json`), never inside it. Only an
 * unreachable Firestore or an empty source stops it, and then the previous
 * export is left as it was.
 */
import { parseArgs } from 'node:util';
import { exportDir } from '../src/lib/export-dir';
import type { PhotoUrlBase } from '../src/lib/photo-url';
import { addDays, tokyoDateKey } from '../src/lib/tokyo-date';
import { adminDb, assertFirestoreReachable, FirestoreUnavailableError } from './lib/admin';
import { isMain } from './lib/cli';
import { runWithTunedMalloc } from './lib/malloc-tuning';
import { exportHeapMb, memoryBudgetMb } from './lib/memory-budget';
import { projectId } from './lib/project';
import { photoUrlBase } from './export/photo-base';
import { writeContentFiles } from './export/content-shards';
import { ExportWriter } from './export/export-writer';
import { toPublicExport } from './export/public-records';
import { dropPastShifts, EmptySourceError, readAll, readChanges, ReadCounter, sourceDocsOf } from './export/read-source';
import { deriveIsolated } from './export/isolated-derivation';
import { describeSkipped, readReport, reportPathFor, SkipLog, writeReport, type ExportReport } from './export/report';
import { loadMirror, mirrorPathFor, saveMirror } from './export/mirror-files';
import { CURSOR_NAMES, type CursorName } from './export/source-mirror';
import { checkPublicShapes, countsOf, wholeFiles } from './export/data-files';
import { stepTimer } from './lib/step-timer';
import type { ChangeFeed } from './watch-content';

export interface ExportOptions {
  /**
   * `incremental`: read only what changed since the last run (its mirror,
   * see export/source-mirror.ts), falling back to a full read when there is
   * no mirror or the last full read is older than `reconcileHours`. `full`
   * (the default for callers that just seeded): read everything.
   */
  mode?: 'full' | 'incremental';
  /**
   * Incremental mode: the source collections known to have changed (the
   * change watcher's report); only they (and the tombstones) are queried.
   * The others keep their cursors and read what they missed when next
   * queried. Omitted: every collection (the production workflow has no
   * watcher).
   */
  changedCollections?: ReadonlySet<string>;
  /**
   * Incremental mode: the change watcher's listeners (scripts/watch-content.ts),
   * which already hold the documents a query by cursor would return; what
   * they cannot vouch for is queried as without them.
   */
  feed?: ChangeFeed;
  /** Hours between full reads in incremental mode (default: EXPORT_RECONCILE_HOURS or 24). */
  reconcileHours?: number;
  /** Where the mirror is kept (default: `{dir}-state.json`). */
  mirrorPath?: string;
  /** Where the report goes (default: `{dir}-report.json`). */
  reportPath?: string;
  /** Where picture URLs point (default: from the environment, see export/photo-base.ts). */
  photoBase?: PhotoUrlBase;
  /** The export's clock (slug holds). */
  now?: Date;
  /** Documents of the diaries and posts a full read holds before writing them out (default: SPILL_DOCUMENTS). */
  spillDocuments?: number;
  /** Receives one line per skipped document (default: stderr). */
  warn?: (line: string) => void;
}

export interface ExportResult {
  dir: string;
  counts: Record<string, number>;
  report: ExportReport;
  reportPath: string;
  /** How this run read Firestore. */
  mode: 'full' | 'incremental';
  /** Whether any export file changed (false: nothing was written, nothing needs building). */
  changed: boolean;
  /** Document reads Firestore bills for this run (one per document returned, at least one per query). */
  reads: number;
  /** When a scheduled blog goes public: the export changes then without any write. */
  nextScheduledAt: Date | null;
  /** Milliseconds per step (read Firestore, derive profiles, check, content, write, save state). */
  timings: Record<string, number>;
}

/** Lines printed about skipped documents; the report lists them all. */
const MAX_PRINTED = 50;
/**
 * The next incremental read starts this long before the last one's earliest
 * read (Firestore's own time). Client writes carry the server's time
 * (rules: updatedAt == request.time); the margin covers trusted scripts'
 * Timestamp.now() on a machine clock a little off.
 */
const CURSOR_OVERLAP_MS = 5_000;
const HOUR_MS = 3_600_000;

function reconcileHours(options: ExportOptions): number {
  return options.reconcileHours ?? (Number(process.env.EXPORT_RECONCILE_HOURS) || 24);
}

export async function runExport(dir = exportDir(), today = tokyoDateKey(), options: ExportOptions = {}): Promise<ExportResult> {
  const db = adminDb();
  const log = new SkipLog();
  const reads = new ReadCounter();
  const now = options.now ?? new Date();
  const startedAt = new Date();
  // Yesterday's shifts are kept: one that passes midnight is still on today.
  const firstShiftDate = addDays(today, -1);
  const mirrorPath = options.mirrorPath ?? mirrorPathFor(dir);
  const { timings, step } = stepTimer();

  const saved = options.mode === 'incremental' ? await loadMirror(mirrorPath) : null;
  const fresh = saved && startedAt.getTime() - saved.lastFullAt.getTime() < reconcileHours(options) * HOUR_MS;
  let mirror;
  let queried: readonly CursorName[] = CURSOR_NAMES;
  if (saved && fresh) {
    mirror = saved;
    // No read probe (it would cost a read every cycle): an unreachable project fails the first query.
    await assertFirestoreReachable(db, undefined, { readProbe: false });
    queried = await readChanges(db, mirror, CURSOR_OVERLAP_MS, log, reads, { only: options.changedCollections, feed: options.feed }).catch(
      (error: Error) => {
        throw error instanceof EmptySourceError ? error : new FirestoreUnavailableError(`Cannot read Firestore: ${error.message}`);
      },
    );
  } else {
    await assertFirestoreReachable(db);
    // The probe read one document.
    reads.addOne();
    mirror = await readAll(db, mirrorPath, firstShiftDate, startedAt, log, reads, options.spillDocuments);
  }
  // Firestore's read time, or this run's start when that is later (the emulator reports the time of its last write,
  // which would keep re-reading the last writes forever); the next run's 5 s margin covers a clock a little ahead.
  const readAt = reads.earliest?.toDate();
  for (const name of queried) mirror.cursors[name] = readAt && readAt > startedAt ? readAt : startedAt;
  dropPastShifts(mirror, firstShiftDate);
  step('read');

  const source = sourceDocsOf(mirror);
  const photoBase = options.photoBase ?? photoUrlBase();
  // The profiles first (the diaries and posts follow their authors), then the diaries and posts shard by shard.
  // A document the derivation throws on is left out and reported, never allowed to stop the export.
  const profiles = await deriveIsolated(source, (docs, into) => toPublicExport(docs, firstShiftDate, { photoBase, now, log: into }), log);
  step('derive profiles');
  const checked = checkPublicShapes(profiles, log);
  step('check');
  const listed = { therapist: new Set(checked.therapists.map((t) => t.id)), store: new Set(checked.stores.map((s) => s.id)) };
  const kinds = { therapist: new Set(profiles.therapists.map((t) => t.id)), store: new Set(profiles.stores.map((s) => s.id)) };
  // As toPublicExport names the owner (a therapist before a store), kept while either of her profiles fits its shape.
  const kindOf = (uid: string) =>
    listed.therapist.has(uid) || listed.store.has(uid)
      ? kinds.therapist.has(uid)
        ? 'therapist'
        : kinds.store.has(uid)
          ? 'store'
          : null
      : null;
  const writer = await ExportWriter.open(dir);
  let content;
  try {
    // One text at a time: together they were as large as the export.
    for (const { file, text } of wholeFiles(checked)) await writer.add(file, text);
    content = await writeContentFiles(mirror, writer, { kindOf, now, photoBase, log });
  } catch (error) {
    await writer.abandon();
    throw error;
  }
  step('diaries and posts');
  const counts = { ...countsOf(checked), ...Object.fromEntries(content.counts) };
  const exportedAt = new Date().toISOString();
  const sourceName = process.env.FIRESTORE_EMULATOR_HOST ? `emulator:${projectId()}` : `project:${projectId()}`;
  const changed = await writer.finish({ exportedAt, source: sourceName, counts });
  step('write');
  // Saved only once the export is written: a run that dies before reads the same changes again.
  await saveMirror(mirror);
  step('save state');

  // The report lists every document skipped now: those the mirror still holds as malformed, and this run's others.
  const skipped = [...mirror.skipped.values(), ...log.skipped.filter((entry) => entry.stage !== 'source')];
  const reportPath = options.reportPath ?? reportPathFor(dir);
  const report: ExportReport = {
    exportedAt,
    source: sourceName,
    exportDir: dir,
    read: log.read,
    skipped,
    // The build's part, kept until its next build replaces it.
    quarantined: (await readReport(reportPath))?.quarantined ?? [],
    counts: { ...counts, skipped: skipped.length },
  };
  await writeReport(reportPath, report);

  // Printed: what this run found (a full run: everything; an incremental one: only what it read).
  const warn = options.warn ?? ((line: string) => console.warn(line));
  log.skipped.slice(0, MAX_PRINTED).forEach((entry) => warn(`Skipped ${describeSkipped(entry)}`));
  if (log.skipped.length > MAX_PRINTED) warn(`… and ${log.skipped.length - MAX_PRINTED} more skipped documents.`);
  if (log.skipped.length > 0) warn(`${log.skipped.length} documents skipped; the rest was exported. Report: ${reportPath}`);
  return {
    dir,
    counts,
    report,
    reportPath,
    mode: saved && fresh ? 'incremental' : 'full',
    changed,
    reads: reads.total,
    nextScheduledAt: content.nextScheduledAt,
    timings,
  };
}

if (isMain(import.meta.url)) {
  // The heap limit within BUILD_MEMORY_MB: V8 then collects the streamed documents' garbage as it goes.
  await runWithTunedMalloc({ heapMb: exportHeapMb(memoryBudgetMb()) });
  const { values } = parseArgs({ options: { full: { type: 'boolean', default: false } } });
  try {
    const { dir, counts, mode, changed, reads } = await runExport(undefined, undefined, { mode: values.full ? 'full' : 'incremental' });
    console.log(
      `Exported to ${dir} (${mode}, ${reads} Firestore reads, ${changed ? 'changed' : 'unchanged'}): ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    // For the production workflow: build and deploy only when the export changed.
    if (process.env.GITHUB_OUTPUT) {
      const { appendFile } = await import('node:fs/promises');
      await appendFile(process.env.GITHUB_OUTPUT, `changed=${changed}\nreads=${reads}\nmode=${mode}\n`);
    }
    process.exit(0);
  } catch (error) {
    console.error(`Export failed; the previous export was left as it was.\n${(error as Error).message}`);
    process.exit(1);
  }
}

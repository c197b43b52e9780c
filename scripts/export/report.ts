/**
 * What the cycle left out and why. No document stops it: a document that
 * fails its schema, a record whose derivation throws or that fails its
 * public shape (the export), and a record whose page or URL fails (the
 * build) is left out, named as `collection/id: field: problem`, and listed
 * in a machine-readable report written next to the export folder
 * (`.data/export-report.json` for the default `.data/export`), never inside
 * it, so it never reaches the site. The export writes `skipped`, the build
 * `quarantined`; each keeps the other's part. `npm run moderate -- list`
 * shows both.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from '../../src/schema/zod';

export interface Problem {
  /** Dotted field path, or `(document)` for the whole document. */
  path: string;
  message: string;
}

export interface SkippedDocument {
  collection: string;
  id: string;
  /**
   * The export's stages: `source`, the document failed its collection
   * schema; `derive`, deriving the public records threw on it; `public`, its
   * public record failed the public shape. The build's: `build`, the
   * export's record failed its public shape as the build read it; `page`,
   * one of its pages (or their URLs) failed to render.
   */
  stage: 'source' | 'derive' | 'public' | 'build' | 'page';
  problems: Problem[];
}

export interface ExportReport {
  exportedAt: string;
  source: string;
  exportDir: string;
  /** Documents read per source collection (valid and skipped). */
  read: Record<string, number>;
  skipped: SkippedDocument[];
  /** Records of the export the build left out of the site (scripts/lib/quarantine.ts), as of its last build. */
  quarantined: SkippedDocument[];
  /** Records written per export file, plus `skipped`. */
  counts: Record<string, number>;
}

/** Problems kept per document, and characters per message: a hostile document cannot bloat the report. */
const MAX_PROBLEMS = 10;
const MAX_TEXT = 200;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

export function problemsOf(issues: readonly z.core.$ZodIssue[]): Problem[] {
  const problems = issues.slice(0, MAX_PROBLEMS).map((issue) => ({
    path: clip(issue.path.join('.') || '(document)'),
    message: clip(issue.message),
  }));
  if (issues.length > MAX_PROBLEMS) {
    problems.push({ path: '(document)', message: `and ${issues.length - MAX_PROBLEMS} more problems` });
  }
  return problems;
}

/** What a thrown error says, as the problem at `path` (`(derive)`, a page's URL). */
export function thrownProblem(path: string, error: unknown): Problem {
  return { path: clip(path), message: clip(error instanceof Error ? error.message : String(error)) };
}

/** `accounts/x1: displayName: Expected string, received number; bio: Required` */
export function describeSkipped(entry: SkippedDocument): string {
  return `${entry.collection}/${entry.id}: ${entry.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`;
}

/** Collects skipped documents during one export. */
export class SkipLog {
  readonly skipped: SkippedDocument[] = [];
  readonly read: Record<string, number> = {};

  skip(collection: string, id: string, problems: Problem[], stage: SkippedDocument['stage'] = 'source'): void {
    this.skipped.push({ collection, id: clip(id), stage, problems });
  }

  countRead(collection: string, n: number): void {
    this.read[collection] = (this.read[collection] ?? 0) + n;
  }
}

/** Where the report of the export in `exportDir` goes: a sibling file, `{exportDir}-report.json`. */
export function reportPathFor(exportDir: string): string {
  return `${path.resolve(exportDir)}-report.json`;
}

/** The report at `file`, or null when there is none (or it cannot be read). */
export async function readReport(file: string): Promise<ExportReport | null> {
  try {
    const report = JSON.parse(await readFile(file, 'utf8')) as ExportReport;
    return { ...report, skipped: report.skipped ?? [], quarantined: report.quarantined ?? [] };
  } catch {
    return null;
  }
}

/** Writes the report atomically (temporary file, then rename). */
export async function writeReport(file: string, report: ExportReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const staging = `${file}.tmp-${process.pid}`;
  await writeFile(staging, `${JSON.stringify(report, null, 1)}\n`);
  await rename(staging, file);
}

/** Replaces the build's part of the report at `file` (the export's part is kept; an export without a report gets a bare one). */
export async function writeQuarantined(file: string, exportDir: string, quarantined: SkippedDocument[]): Promise<void> {
  const report = (await readReport(file)) ?? { exportedAt: '', source: '', exportDir, read: {}, skipped: [], quarantined: [], counts: {} };
  await writeReport(file, { ...report, quarantined });
}

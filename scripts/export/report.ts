/**
 * What the export left out and why. A document that fails its schema (or
 * a record that fails its public shape) never stops the export: it is
 * skipped, named as `collection/id: field: problem` in the output, and
 * listed in a machine-readable report written next to the export folder
 * (`.data/export-report.json` for the default `.data/export`), never inside
 * it, so it never reaches the site.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodIssue } from 'zod';

export interface Problem {
  /** Dotted field path, or `(document)` for the whole document. */
  path: string;
  message: string;
}

export interface SkippedDocument {
  collection: string;
  id: string;
  /** `source`: failed its collection schema; `public`: its public record failed the public shape. */
  stage: 'source' | 'public';
  problems: Problem[];
}

export interface ExportReport {
  exportedAt: string;
  source: string;
  exportDir: string;
  /** Documents read per source collection (valid and skipped). */
  read: Record<string, number>;
  skipped: SkippedDocument[];
  /** Records written per export file, plus `skipped`. */
  counts: Record<string, number>;
}

/** Problems kept per document, and characters per message: a hostile document cannot bloat the report. */
const MAX_PROBLEMS = 10;
const MAX_TEXT = 200;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

export function problemsOf(issues: readonly ZodIssue[]): Problem[] {
  const problems = issues.slice(0, MAX_PROBLEMS).map((issue) => ({
    path: clip(issue.path.join('.') || '(document)'),
    message: clip(issue.message),
  }));
  if (issues.length > MAX_PROBLEMS) {
    problems.push({ path: '(document)', message: `and ${issues.length - MAX_PROBLEMS} more problems` });
  }
  return problems;
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

/** Writes the report atomically (temporary file, then rename). */
export async function writeReport(file: string, report: ExportReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const staging = `${file}.tmp-${process.pid}`;
  await writeFile(staging, `${JSON.stringify(report, null, 1)}\n`);
  await rename(staging, file);
}

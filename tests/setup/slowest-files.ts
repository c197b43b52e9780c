/**
 * A Vitest reporter that ends the run with its 10 slowest test files (time
 * spent collecting, in setup hooks and in tests), so whoever waits for
 * `npm test` sees where the minutes go. Under scripts/test.ts, which runs
 * several Vitest processes, each writes its files' times to
 * TEST_TIMINGS_FILE instead, and the runner prints the slowest of all.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'vitest/reporters';

type Finished = Parameters<NonNullable<Reporter['onFinished']>>[0];

/** A test file and the milliseconds it took. */
export interface FileTime {
  name: string;
  ms: number;
}

const SHOWN = 10;

/** The slowest files, as the end of a run prints them. */
export function slowestFilesText(times: readonly FileTime[]): string {
  const rows = [...times].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
  if (rows.length === 0) return '';
  return [`Slowest ${rows.length} test files:`, ...rows.map(({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`)].join(
    '\n',
  );
}

export default class SlowestFiles implements Reporter {
  onFinished(files: Finished = []): void {
    const times = files.map((file) => ({
      name: `${file.projectName ? `${file.projectName}: ` : ''}${path.relative(process.cwd(), file.filepath)}`,
      ms: (file.collectDuration ?? 0) + (file.setupDuration ?? 0) + (file.result?.duration ?? 0),
    }));
    const out = process.env.TEST_TIMINGS_FILE;
    if (out) writeFileSync(out, JSON.stringify(times));
    else if (times.length > 0) console.log(`\n${slowestFilesText(times)}`);
  }
}

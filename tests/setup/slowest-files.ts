/**
 * A Vitest reporter that ends the run with its 10 slowest test files (time
 * spent collecting, in setup hooks and in tests), so whoever waits for
 * `npm test` sees where the minutes go.
 */
import path from 'node:path';
import type { Reporter } from 'vitest/reporters';

type Finished = Parameters<NonNullable<Reporter['onFinished']>>[0];

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onFinished(files: Finished = []): void {
    const rows = files
      .map((file) => ({
        name: `${file.projectName ? `${file.projectName}: ` : ''}${path.relative(process.cwd(), file.filepath)}`,
        ms: (file.collectDuration ?? 0) + (file.setupDuration ?? 0) + (file.result?.duration ?? 0),
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    console.log(`\nSlowest ${rows.length} test files:`);
    for (const { name, ms } of rows) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  }
}

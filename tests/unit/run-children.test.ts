import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'support/run-then-exit.ts');
const tsx = path.join(import.meta.dirname, '../../node_modules/.bin/tsx');

/** Pids of the processes running exactly `sleep 60`. */
function sleeps(): string[] {
  return spawnSync('pgrep', ['-fx', 'sleep 60'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
}

describe('commands run by scripts', () => {
  it('are killed when the process that started them exits', () => {
    const before = new Set(sleeps());
    expect(execFileSync(tsx, [script], { encoding: 'utf8' })).toContain('started');
    expect(sleeps().filter((pid) => !before.has(pid))).toEqual([]);
  });
});

describe('Pagefind', () => {
  // Through its npm wrapper (a node script that spawns the binary), stopping the command left the indexer running.
  it('runs as its own executable, which is what run() stops', async () => {
    const { pagefindBinary } = await import('../../scripts/lib/search-index');
    expect(readFileSync(pagefindBinary).subarray(0, 4)).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
    expect(execFileSync(pagefindBinary, ['--version'], { encoding: 'utf8' })).toMatch(/^pagefind \d+\.\d+/);
  });
});

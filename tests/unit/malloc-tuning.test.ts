import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALLOC_ENV } from '../../scripts/lib/malloc-tuning';

const tsx = path.join(import.meta.dirname, '../../node_modules/.bin/tsx');
const tuning = pathToFileURL(path.join(import.meta.dirname, '../../scripts/lib/malloc-tuning.ts')).href;

/** A command that starts as the renderers' entries do: the tuning first, then its work. */
const ENTRY = `
import { getHeapStatistics } from 'node:v8';
import { runWithTunedMalloc } from ${JSON.stringify(tuning)};
await runWithTunedMalloc(process.env.TEST_HEAP_MB ? { heapMb: Number(process.env.TEST_HEAP_MB) } : {});
const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
console.log(JSON.stringify({ pid: process.pid, threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, args: process.argv.slice(2), heapLimitMb }));
process.on('SIGTERM', () => { console.log('stopped by SIGTERM'); process.exit(3); });
if (process.argv.includes('--wait')) setInterval(() => {}, 1000);
else process.exit(7);
`;

let dir: string;
let entry: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'malloc-tuning-'));
  entry = path.join(dir, 'entry.mts');
  await writeFile(entry, ENTRY);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function run(args: string[], env: NodeJS.ProcessEnv, onOutput?: (output: string, stop: () => void) => void) {
  const child = spawn(tsx, [entry, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output, () => child.kill('SIGTERM'));
  });
  return new Promise<{ output: string; code: number | null }>((resolve) => child.on('exit', (code) => resolve({ output, code })));
}

const withoutSetting = () => {
  const env = { ...process.env };
  delete env.MALLOC_MMAP_THRESHOLD_;
  return env;
};

describe.runIf(process.platform === 'linux')('runWithTunedMalloc', () => {
  it('runs the command again with the threshold fixed, with its arguments and its exit code', async () => {
    const { output, code } = await run(['--flag', 'value'], withoutSetting());
    const lines = output.trim().split('\n');
    // One line only: the process without the setting printed nothing, it waited for the one with it.
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ threshold: MALLOC_ENV.MALLOC_MMAP_THRESHOLD_, args: ['--flag', 'value'] });
    expect(code).toBe(7);
  });

  it("runs it with V8's heap limit when given one", async () => {
    const { output } = await run([], { ...withoutSetting(), TEST_HEAP_MB: '700' });
    const { heapLimitMb } = JSON.parse(output.trim()) as { heapLimitMb: number };
    // The old space as given, and the young generation's few MB beside it.
    expect(heapLimitMb).toBeGreaterThanOrEqual(700);
    expect(heapLimitMb).toBeLessThan(800);
  });

  it('leaves a process started with a setting of its own as it is', async () => {
    const { output, code } = await run([], { ...withoutSetting(), MALLOC_MMAP_THRESHOLD_: '1048576' });
    expect(JSON.parse(output.trim())).toMatchObject({ threshold: '1048576' });
    expect(code).toBe(7);
  });

  it('runs a process started with the setting but without the heap limit (as the bench starts the export) again with the limit, keeping its setting', async () => {
    const { output, code } = await run(['--flag'], { ...withoutSetting(), MALLOC_MMAP_THRESHOLD_: '1048576', TEST_HEAP_MB: '700' });
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const started = JSON.parse(lines[0]!) as { threshold: string; args: string[]; heapLimitMb: number };
    expect(started).toMatchObject({ threshold: '1048576', args: ['--flag'] });
    expect(started.heapLimitMb).toBeGreaterThanOrEqual(700);
    expect(started.heapLimitMb).toBeLessThan(800);
    expect(code).toBe(7);
  });

  it('leaves a process with both the setting and the heap limit as it is', async () => {
    const env = { ...withoutSetting(), MALLOC_MMAP_THRESHOLD_: '1048576', TEST_HEAP_MB: '700', NODE_OPTIONS: '--max-old-space-size=600' };
    const { output } = await run([], env);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    // Its own limit, smaller than asked: nothing ran again to raise it.
    expect((JSON.parse(lines[0]!) as { heapLimitMb: number }).heapLimitMb).toBeLessThan(700);
  });

  it('passes a SIGTERM on to the command it runs, and ends as it ends', async () => {
    const { output, code } = await run(['--wait'], withoutSetting(), (so_far, stop) => {
      if (so_far.includes('"pid"') && !so_far.includes('SIGTERM')) stop();
    });
    expect(output).toContain('stopped by SIGTERM');
    expect(code).toBe(3);
  });
});

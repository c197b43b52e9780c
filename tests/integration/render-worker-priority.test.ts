/**
 * The render workers yield the cores to the build's main thread and to
 * Pagefind (scripts/renderer/pool.ts, RENDER_WORKER_NICE): each worker
 * lowers its own thread's priority, and no other thread of the build's
 * process does. Read from Linux's per-thread stat files, as the scheduler
 * sees them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project';
import { ensureRenderer } from '../../scripts/renderer/bundle';
import { closeRenderers, RENDER_WORKER_NICE, rendererPool } from '../../scripts/renderer/pool';
import { publicExport, writePublicExport } from '../factories/public-export';

const WORK = path.join(ROOT, '.build', 'render-worker-priority-test');
const EXPORT = path.join(WORK, 'export');

/** Each thread of this process and its nice value (field 19 of its stat line; the name before it may hold spaces). */
function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    values.set(Number(tid), Number(fields[16]));
  }
  return values;
}

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  await writePublicExport(EXPORT, publicExport({ therapists: 4, today: '2026-11-22' }));
}, 60_000);

afterAll(async () => {
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

it('runs each render worker below the priority of every other thread of the build', async () => {
  expect(RENDER_WORKER_NICE).toBeGreaterThan(0);
  const before = threadNiceValues();
  const renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  const pool = rendererPool(renderer);
  const context = { exportDir: EXPORT, version: 'priority-test', now: '2026-11-22T03:00:00.000Z', checked: true };
  const urls = await pool.urls(context);
  // More pages than two of the pool's batches (48 each), so two workers render them.
  expect(urls.length).toBeGreaterThan(100);
  await pool.render(context, urls, async () => {}, 2);

  const after = threadNiceValues();
  const started = [...after].filter(([tid]) => !before.has(tid));
  const yielding = started.filter(([, nice]) => nice === RENDER_WORKER_NICE);
  expect(yielding.length, 'render worker threads at the yielding priority').toBe(2);
  // Any other thread started meanwhile keeps the usual priority.
  for (const [tid, nice] of started) if (nice !== RENDER_WORKER_NICE) expect(nice, `thread ${tid}`).toBe(0);
  // The build's main thread (this process's first thread) and the threads it had before keep theirs.
  expect(after.get(process.pid)).toBe(0);
  for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid), `thread ${tid}`).toBe(nice);
}, 300_000);

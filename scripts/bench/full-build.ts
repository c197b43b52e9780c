/**
 * One full build of a site from an export, as `npm run build` makes it
 * (scripts/build-site.ts: every page rendered into a fresh folder, then the
 * Pagefind index), for scripts/bench.ts to run under GNU time. Prints the
 * seconds of its phases and where the CPU went (./thread-cpu.ts) as `name: value` lines.
 *
 *   tsx scripts/bench/full-build.ts <exportDir> <outDir>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildSite } from '../build-site';
import { ensureRenderer } from '../renderer/bundle';
import { workerCount } from '../renderer/pool';
import { buildCpu } from './thread-cpu';

const [exportDir, outDir] = process.argv.slice(2);
if (!exportDir || !outDir) {
  console.error('usage: tsx scripts/bench/full-build.ts <exportDir> <outDir>');
  process.exit(2);
}
/**
 * This process's Pagefind service, which indexes the pages as they are rendered
 * (scripts/lib/search-index-writer.ts): its pid and peak memory (MB). It outlives
 * the build (it exits with this process), so GNU time, which counts the children
 * a process waited for, does not see it.
 */
function pagefindProcess(): { pid: number; peakMb: number } | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s*pagefind/m.test(status) || !new RegExp(`^PPid:\\s*${process.pid}$`, 'm').test(status)) continue;
      return { pid: Number(pid), peakMb: Math.round(Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? 0) / 1024) };
    } catch {
      // A process that ended meanwhile.
    }
  }
  return undefined;
}
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

let started = performance.now();
// Made once per code version and cached (.build/renderer): production's workflow keeps it between runs.
const renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
console.log(`renderer_bundle_seconds: ${seconds(started)}`);
started = performance.now();
const build = await buildSite({ exportDir, outDir, full: true, quiet: true, renderer });
// A full build indexes before it swaps the site in: searchIndexed is already settled.
await build.searchIndexed;
console.log(`pages: ${build.pages}`);
console.log(`build_and_index_seconds: ${seconds(started)}`);
const pagefind = pagefindProcess();
console.log(`pagefind_peak_mb: ${pagefind?.peakMb ?? 0}`);
for (const [step, ms] of Object.entries(build.timings)) console.log(`  ${step}_seconds: ${(ms / 1000).toFixed(1)}`);
const cpu = buildCpu(workerCount(build.pages), pagefind?.pid);
console.log(`cpu_render_workers_seconds: ${cpu.renderWorkers.toFixed(1)}`);
console.log(`cpu_main_thread_seconds: ${cpu.main.toFixed(1)}`);
console.log(`cpu_other_threads_seconds: ${cpu.otherThreads.toFixed(1)}`);
console.log(`cpu_pagefind_seconds: ${cpu.pagefind.toFixed(1)}`);
process.exit(0);

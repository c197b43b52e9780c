/**
 * One full build of a site from an export, as `npm run build` makes it
 * (scripts/build-site.ts: every page rendered into a fresh folder, then the
 * Pagefind index), for scripts/bench.ts to run under GNU time. Prints the
 * seconds of its phases and where the CPU went (./thread-cpu.ts) as `name: value` lines.
 *
 *   tsx scripts/bench/full-build.ts <exportDir> <outDir> [--owner-slices on|off]
 *
 * The same build across machines (docs/decisions/sharded-builds.md), each
 * shard and the merge a process of its own, one after the other (as N
 * runners and the merge job would run them), with their seconds and peak
 * memory (./sharded-build.ts):
 *
 *   tsx scripts/bench/full-build.ts <exportDir> <outDir> --shards 3
 */
import { parseArgs } from 'node:util';
import { buildSite, buildsSettled } from '../build-site';
import { mergeShards } from '../lib/merge-shards';
import { exportClock, parseShard } from '../lib/shards';
import { ensureRenderer } from '../renderer/bundle';
import { benchShardedBuild } from './sharded-build';
import { buildCpu } from './thread-cpu';
import { pagefindPid, sampleBuildMemory } from './build-memory';
import { runWithTunedMalloc } from '../lib/malloc-tuning';

await runWithTunedMalloc();

const USAGE = 'usage: tsx scripts/bench/full-build.ts <exportDir> <outDir> [--shards N]';
const { values, positionals } = parseArgs({
  options: {
    shards: { type: 'string' },
    shard: { type: 'string' },
    merge: { type: 'string', multiple: true },
    // on / off: render each owner's pages from her slice of the export, or not, whatever the memory (default: as it allows).
    'owner-slices': { type: 'string' },
  },
  allowPositionals: true,
});
const [exportDir, outDir] = positionals;
if (!exportDir || !outDir) {
  console.error(USAGE);
  process.exit(2);
}
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

let started = performance.now();
if (values.shards) {
  // Each shard and the merge run this file again, in the modes below.
  await benchShardedBuild(import.meta.filename, exportDir, outDir, Number(values.shards));
  process.exit(0);
}
if (values.merge) {
  // The merge of the shards' folders given (it needs no renderer): the one process that writes the whole index.
  const memory = sampleBuildMemory();
  const merged = await mergeShards({ shardDirs: values.merge, outDir });
  console.log(`pages: ${merged.pages}`);
  console.log(`seconds: ${seconds(started)}`);
  const peaks = memory.stop();
  console.log(`pagefind_peak_mb: ${peaks.pagefind}`);
  console.log(`whole_build_peak_mb: ${peaks.whole}`);
  for (const [step, ms] of Object.entries(merged.timings)) console.log(`  ${step}_seconds: ${(ms / 1000).toFixed(1)}`);
  process.exit(0);
}
// Made once per code version and cached (.build/renderer): production's workflow keeps it between runs.
const renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
console.log(`renderer_bundle_seconds: ${seconds(started)}`);
started = performance.now();
// MEMORY_TRACE=file writes the sampled memory every 5 s, to see which phase of the build peaks;
// each render worker its own heap into file.workers (scripts/renderer/heap-trace.ts).
if (process.env.MEMORY_TRACE) process.env.MEMORY_TRACE_WORKERS ??= `${process.env.MEMORY_TRACE}.workers`;
const memory = sampleBuildMemory({ traceFile: process.env.MEMORY_TRACE });
const shard = values.shard === undefined ? undefined : parseShard(values.shard);
// Shards of one build share the export's clock (scripts/build.ts does the same).
const now = shard ? await exportClock(exportDir) : undefined;
const slicing = values['owner-slices'];
if (slicing !== undefined && slicing !== 'on' && slicing !== 'off') throw new Error(`--owner-slices is on or off, not ${slicing}`);
const ownerSlices = slicing === undefined ? undefined : slicing === 'on';
const build = await buildSite({ exportDir, outDir, full: true, quiet: true, renderer, shard, now, ownerSlices });
// A full build indexes before it swaps the site in: searchIndexed is already settled.
await build.searchIndexed;
console.log(`pages: ${build.pages}`);
console.log(`rendered: ${build.rendered}`);
console.log(`render_workers: ${build.renderWorkers}`);
console.log(`worker_heap_mb: ${build.workerHeapMb}`);
console.log(`heap_growth_percent: ${build.heapGrowthPercent}`);
console.log(`owner_slice_pages: ${build.ownerSlicePages}`);
console.log(`list_slice_pages: ${build.listSlicePages}`);
console.log(`owner_slice_workers: ${build.sliceWorkers}`);
console.log(`slice_worker_heap_mb: ${build.sliceWorkerHeapMb}`);
console.log(`slice_heap_growth_percent: ${build.sliceHeapGrowthPercent}`);
console.log(`build_and_index_seconds: ${seconds(started)}`);
const peaks = memory.stop();
console.log(`main_thread_heap_peak_mb: ${peaks.mainHeap}`);
console.log(`build_process_peak_mb: ${peaks.build}`);
console.log(`pagefind_peak_mb: ${peaks.pagefind}`);
console.log(`whole_build_peak_mb: ${peaks.whole}`);
const at = peaks.wholeAt;
console.log(
  `whole_build_peak_at: ${at.second} s: build process ${at.build} MB, Pagefind ${at.pagefind} MB, main thread heap ${at.mainHeap} MB`,
);
for (const [step, ms] of Object.entries(build.timings)) console.log(`  ${step}_seconds: ${(ms / 1000).toFixed(1)}`);
const cpu = buildCpu(Math.max(build.renderWorkers, build.sliceWorkers), pagefindPid());
console.log(`cpu_render_workers_seconds: ${cpu.renderWorkers.toFixed(1)}`);
console.log(`cpu_main_thread_seconds: ${cpu.main.toFixed(1)}`);
console.log(`cpu_other_threads_seconds: ${cpu.otherThreads.toFixed(1)}`);
console.log(`cpu_pagefind_seconds: ${cpu.pagefind.toFixed(1)}`);
// Untimed, as scripts/build.ts does before it exits: the spare copy of the site must not run on into the next bench.
await buildsSettled();
process.exit(0);

/**
 * The full build as N shards and their merge (docs/decisions/sharded-builds.md),
 * each a process of its own under GNU time, one after the other: N runners
 * would run the shards at once, each on a machine like this one, so the
 * build's wall time is the slowest shard's plus the merge's. Prints each
 * process's seconds and peak memory (the build process and its Pagefind
 * service together: ./build-memory.ts) and those two figures, as `name: value` lines.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../lib/project';
import { stateDirOf } from '../lib/site-state';

/** Runs `tsx script args` under GNU time: wall seconds, peak MB (with its Pagefind service's) and output. */
function timedRun(script: string, args: string[]) {
  const result = spawnSync('/usr/bin/time', ['-f', '__time %e %M', path.join(ROOT, 'node_modules/.bin/tsx'), script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const match = /__time ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) throw new Error(`${script} ${args.join(' ')} failed:\n${result.stderr.slice(-3000)}`);
  // The process and its Pagefind service together, as full-build.ts samples them (GNU time sees the process alone).
  const wholeMb = Number(/^whole_build_peak_mb: (\d+)/m.exec(result.stdout)?.[1] ?? 0);
  return { seconds: Number(match[1]), peakMb: Math.max(Math.round(Number(match[2]) / 1024), wholeMb), stdout: result.stdout };
}

/** The lines of a shard's output that say where its time went (full-build.ts prints them). */
const SHARD_DETAIL = /^(build_and_index_seconds|cpu_\w+|\s+[\w -]+_seconds):/;

export async function benchShardedBuild(script: string, exportDir: string, outDir: string, count: number): Promise<void> {
  if (!Number.isInteger(count) || count < 1) throw new Error('--shards takes a whole number of shards.');
  const shardDirs = Array.from({ length: count }, (_, i) => `${outDir}-shard-${i + 1}`);
  for (const dir of [outDir, ...shardDirs]) {
    await rm(dir, { recursive: true, force: true });
    await rm(stateDirOf(dir), { recursive: true, force: true });
  }
  console.log(`shards: ${count}`);
  const shardSeconds: number[] = [];
  for (const [i, dir] of shardDirs.entries()) {
    const run = timedRun(script, [exportDir, dir, '--shard', `${i + 1}/${count}`]);
    shardSeconds.push(run.seconds);
    console.log(`shard_${i + 1}_pages: ${/^rendered: (\d+)/m.exec(run.stdout)?.[1]}`);
    console.log(`shard_${i + 1}_seconds: ${run.seconds}`);
    console.log(`shard_${i + 1}_peak_mb: ${run.peakMb}`);
    // Where a shard's time went: its steps and its threads' CPU, as a build on one machine prints them.
    for (const line of run.stdout.split('\n').filter((text) => SHARD_DETAIL.test(text))) console.log(`shard_${i + 1}_${line.trim()}`);
  }
  const merge = timedRun(script, [exportDir, outDir, ...shardDirs.flatMap((dir) => ['--merge', dir])]);
  for (const line of merge.stdout.trim().split('\n')) console.log(`merge_${line.trim()}`);
  const slowest = Math.max(...shardSeconds);
  console.log(`merge_wall_seconds: ${merge.seconds}`);
  console.log(`merge_peak_mb: ${merge.peakMb}`);
  console.log(`slowest_shard_seconds: ${slowest}`);
  console.log(`slowest_shard_plus_merge_seconds: ${Math.round((slowest + merge.seconds) * 10) / 10}`);
}

/**
 * `npm run build` (after `astro check`): builds dist/ from the export named
 * by EXPORT_DIR, and writes the site's hosting headers (CSP hashes of the
 * built inline scripts) into firebase.json. Without EXPORT_DIR it makes the demo export itself: starts
 * the emulators (or uses running ones), seeds them when empty, exports,
 * and stops what it started.
 *
 * A full build across machines (docs/decisions/sharded-builds.md):
 *   `npm run build -- --shard k/N --out <folder> [--now <ISO time>]`: shard k (1 to N) of a full build: its pages, its parts of the search index and
 *   their manifest; every shard renders with one clock, the export's time (its meta.json) unless --now names one
 *   `npm run build -- --merge <folder>...`: the shards' folders as one site in dist/ (or --out), their index parts linked
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportDir } from '../src/lib/export-dir';
import { buildSite, buildsSettled } from './build-site';
import { isMain } from './lib/cli';
import { startEmulators } from './lib/emulator-process';
import { writeFirebaseJsonHeaders, type HeaderRule } from './lib/hosting-headers';
import { mergeOrBuild } from './lib/merge-or-build';
import { ROOT } from './lib/project';
import { exportClock, parseShard, shardName } from './lib/shards';
import { runExport } from './export';
import { seedDemoIfEmpty } from './seed';
import { runWithTunedMalloc } from './lib/malloc-tuning';

export async function exportDemoData(dir = exportDir()): Promise<void> {
  const emulators = await startEmulators(['auth', 'firestore']);
  Object.assign(process.env, emulators.env);
  try {
    await seedDemoIfEmpty();
    const { counts } = await runExport(dir);
    console.log(
      `Exported ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
    );
  } finally {
    await emulators.stop();
  }
}

const USAGE = 'npm run build [-- --shard k/N --out <folder> [--now <ISO time>] | --merge <shard folder>... [--out <folder>]]';

/** What the command line asks for: a whole build, one shard, or the merge of the shards' folders. */
function parseCommand(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: { shard: { type: 'string' }, merge: { type: 'boolean' }, out: { type: 'string' }, now: { type: 'string' } },
    allowPositionals: true,
  });
  if (values.shard !== undefined && values.merge) throw new Error(`--shard and --merge are two steps. ${USAGE}`);
  if (positionals.length > 0 && !values.merge) throw new Error(`Unexpected ${positionals.join(' ')}. ${USAGE}`);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (shard && !values.out) throw new Error(`A shard builds into a folder of its own: --out <folder>. ${USAGE}`);
  if (values.now !== undefined && !shard) throw new Error(`--now is the clock of a shard build. ${USAGE}`);
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now && Number.isNaN(now.getTime())) throw new Error(`--now takes an ISO time (2026-11-22T03:00:00Z), not "${values.now}".`);
  return { shard, now, merge: values.merge ? positionals : undefined, outDir: values.out && path.resolve(values.out) };
}

/** firebase.json carries the production-shaped headers (never the emulator addresses) for `firebase deploy`. */
async function writeHeaders(productionHeaders: HeaderRule[]): Promise<void> {
  if (await writeFirebaseJsonHeaders(productionHeaders)) console.log('Updated the hosting headers (CSP hashes) in firebase.json.');
}

/**
 * The command (`args` as after `npm run build --`): builds, merges or builds a shard, and resolves to what it did
 * once the site is ready, timed to there. What goes on after a swap (a full build's spare copy of the site, the
 * old generation's removal) may still be running: the process waits for it before it exits (below).
 */
async function buildCommand(args: string[]): Promise<string> {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const { shard, now, merge, outDir } = parseCommand(args);
  const where = outDir ? path.relative(process.cwd(), outDir) || '.' : 'dist';
  if (merge) {
    // With EXPORT_DIR, shards that left out different records give way to a build of the whole site here.
    const site = await mergeOrBuild({
      shardDirs: merge,
      outDir: outDir ?? path.join(ROOT, 'dist'),
      exportDir: process.env.EXPORT_DIR ? exportDir() : undefined,
    });
    await writeHeaders(site.productionHeaders);
    return site.how === 'merged'
      ? `Merged ${merge.length} shards into ${where}/ (${site.pages} pages, the shards' parts of the search index linked) in ${seconds()} s.`
      : `Built ${where}/ on this machine (${site.pages} pages; the shards left out different records: ${site.disagreeing.join(', ')}) in ${seconds()} s.`;
  }
  if (!process.env.EXPORT_DIR) await exportDemoData();
  const clock = shard ? (now ?? (await exportClock(exportDir()))) : undefined;
  const { productionHeaders, searchIndexed, mode, rendered, pages } = await buildSite({
    exportDir: exportDir(),
    outDir,
    shard,
    now: clock,
  });
  if (shard) return `Built shard ${shardName(shard)} into ${where}/ (${rendered} of ${pages} pages rendered) in ${seconds()} s.`;
  // An incremental build indexes in the background: dist is deployable once that is in.
  await searchIndexed;
  await writeHeaders(productionHeaders);
  return `Built ${where}/ (${mode}: ${rendered} of ${pages} pages rendered) in ${seconds()} s.`;
}

if (isMain(import.meta.url)) {
  await runWithTunedMalloc();
  try {
    console.log(await buildCommand(process.argv.slice(2)));
    // Left to a child of an exited process, the bookkeeping after a swap ran on under the workflow's deploy, and its
    // cache could keep dist.state half copied or half removed (docs/decisions/atomic-site-swap.md).
    await buildsSettled();
    process.exit(0);
  } catch (error) {
    console.error(`Build failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

/**
 * One full build of a site from an export, as `npm run build` makes it
 * (scripts/build-site.ts: every page rendered into a fresh folder, then the
 * Pagefind index), for scripts/bench.ts to run under GNU time. Prints the
 * seconds of its phases as `name: value` lines.
 *
 *   tsx scripts/bench/full-build.ts <exportDir> <outDir>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildSite } from '../build-site';
import { ensureRenderer } from '../renderer/bundle';

const [exportDir, outDir] = process.argv.slice(2);
if (!exportDir || !outDir) {
  console.error('usage: tsx scripts/bench/full-build.ts <exportDir> <outDir>');
  process.exit(2);
}
/**
 * Peak memory (MB) of this process's Pagefind service, which indexes the pages as they are rendered
 * (scripts/lib/search-index-writer.ts): it outlives the build (it exits with this process), so GNU time,
 * which counts the children a process waited for, does not see it.
 */
function pagefindPeakMb(): number {
  let peakKb = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s*pagefind/m.test(status) || !new RegExp(`^PPid:\\s*${process.pid}$`, 'm').test(status)) continue;
      peakKb = Math.max(peakKb, Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return Math.round(peakKb / 1024);
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
console.log(`pagefind_peak_mb: ${pagefindPeakMb()}`);
for (const [step, ms] of Object.entries(build.timings)) console.log(`  ${step}_seconds: ${(ms / 1000).toFixed(1)}`);
process.exit(0);

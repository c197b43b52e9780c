/**
 * One full build of a site from an export, as `npm run build` makes it
 * (scripts/build-site.ts: every page rendered into a fresh folder, then the
 * Pagefind index), for scripts/bench.ts to run under GNU time. Prints the
 * seconds of its phases as `name: value` lines.
 *
 *   tsx scripts/bench/full-build.ts <exportDir> <outDir>
 */
import { buildSite } from '../build-site';
import { ensureRenderer } from '../renderer/bundle';

const [exportDir, outDir] = process.argv.slice(2);
if (!exportDir || !outDir) {
  console.error('usage: tsx scripts/bench/full-build.ts <exportDir> <outDir>');
  process.exit(2);
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
for (const [step, ms] of Object.entries(build.timings)) console.log(`  ${step}_seconds: ${(ms / 1000).toFixed(1)}`);
process.exit(0);

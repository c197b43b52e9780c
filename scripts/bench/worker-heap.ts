/**
 * What a render worker holds alive for one export, step by step: the
 * indexed export (loadDirectory), what listing each dynamic route keeps
 * (its memoised derivations), then each search index the JSON endpoints
 * serve, and what it drops once it has rendered those endpoints. A full
 * build's worker holds the rest through the render
 * (docs/decisions/render-workers-by-memory.md); this says which part is
 * which, so a design that holds less can be judged against it.
 *
 *   tsx scripts/bench/worker-heap.ts <exportDir>
 *
 * Runs the pages' data modules in this thread, as the worker does, with
 * the export taken as checked (as a full build's copy is).
 */
import { setRenderContext } from '../../src/data/render-context';
import { dropEndpointDerivations, loadDirectory } from '../../src/data/directory';
import { readListedExport } from '../../src/data/export-records';
import { EXPORT_ROUTES } from '../../src/data/site-pages';
import { loadCompletionIndex, loadHandleIndex } from '../../src/data/handle-index';
import { loadNameIndex } from '../../src/data/name-index';
import { loadPeopleIndex } from '../../src/data/people-index';
import { loadRankingView } from '../../src/data/ranking';
import { liveHeapMb } from '../renderer/live-heap';

const [exportDir] = process.argv.slice(2);
if (!exportDir) {
  console.error('usage: tsx scripts/bench/worker-heap.ts <exportDir>');
  process.exit(2);
}
setRenderContext({ exportDir, version: 'worker-heap bench', now: new Date(), checked: true });

const start = liveHeapMb();
let last = start;
const rows: [string, number][] = [];
function step(name: string): void {
  const now = liveHeapMb();
  rows.push([name, now - last]);
  last = now;
}

// Parsed files are kept per thread: loadDirectory then indexes these same records.
const records = await readListedExport(exportDir, { check: false });
console.log(
  `the export: ${Object.entries(records)
    .map(([name, list]) => `${list.length} ${name}`)
    .join(', ')}`,
);
step('its records (readListedExport)');
const directory = await loadDirectory();
step('their lookups (loadDirectory)');
for (const [route, list] of Object.entries(EXPORT_ROUTES)) {
  // The list itself is dropped at once; what the listing memoised stays.
  list(directory);
  step(`kept by listing ${route}`);
}
// Derived apart since the shards can be asked alone (docs/decisions/index-shards-alone.md).
await loadHandleIndex();
await loadCompletionIndex();
step('the handle index (/h, /hc)');
await loadNameIndex();
step('the name index (/n)');
await loadPeopleIndex();
step('the people index (/u)');
await loadRankingView();
step('the ranking view');
// What a full build's worker holds for the rest of its render, once it has rendered the JSON endpoints.
await dropEndpointDerivations();
step('dropped after the JSON endpoints (dropEndpointDerivations)');

const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, mb] of rows) console.log(`${name.padEnd(width)}  ${String(mb).padStart(5)} MB`);
console.log(`worker_live_heap_mb: ${last - start}`);

/**
 * `npm run bench:full-text -- <site> | --export <dir> [--part-pages N]`:
 * a fan's first full-text search on /search over a phone's link (150 ms
 * round trips, 9 Mbit/s down), cold cache each run: the milliseconds from
 * typing a name to the results' count on screen, median and worst of five,
 * and how many parts of the index (src/lib/search/index-parts.ts) the page
 * loaded. A large site's index is cut into many parts, each merged before
 * the first result; `--export` builds a site from an export first with
 * parts of at most N pages (default 25: the demo seed then has as many
 * parts as about 100,000 therapists have), into .build/full-text-bench-site.
 * The local server speaks HTTP/1.1 (six connections a host); Firebase
 * Hosting speaks HTTP/2, so this is the slower case.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../../tests/e2e/browser';
import { INDEX_PART_KINDS, type IndexPartKind } from '../../src/lib/search/index-parts';
import { buildSite } from '../build-site';
import { ROOT } from '../lib/project';
import { serveSite } from '../lib/serve-site';
import { closeRenderers } from '../renderer/pool';
import { median } from './stats';

const RUNS = 5;
const LINK = { offline: false, latency: 150, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (2 * 1024 * 1024) / 8 };
const QUERY = '新宿';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { export: { type: 'string' }, 'part-pages': { type: 'string', default: '25' } },
});
let site = positionals[0];
if (values.export) {
  const pages = Number(values['part-pages']);
  site = path.join(ROOT, '.build', 'full-text-bench-site');
  const limits = Object.fromEntries(INDEX_PART_KINDS.map((kind) => [kind, pages])) as Record<IndexPartKind, number>;
  const built = await buildSite({ exportDir: values.export, outDir: site, full: true, searchPartPages: limits, quiet: true });
  await built.searchIndexed;
  await closeRenderers();
}
if (!site) {
  console.error('usage: tsx scripts/bench/full-text-search.ts <site> | --export <dir> [--part-pages N]');
  process.exit(2);
}

const served = await serveSite(site);
const browser = await launchBrowser();
const times: number[] = [];
let parts = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    // Each part's metadata file, the primary's included: the parts the page loaded.
    let metadata = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('.pf_meta')) metadata++;
    });
    await page.goto(`${served.url}/search`);
    await page.waitForLoadState('load');
    const started = Date.now();
    // Typing starts the index's download (src/components/search/search-page.ts); the button searches.
    await page.getByLabel('凍結前のユーザー名・名前・店名').fill(QUERY);
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page
      .getByText(/件(以上)?見つかりました/)
      .first()
      .waitFor({ timeout: 60_000 });
    times.push(Date.now() - started);
    parts = metadata;
    await context.close();
  }
} finally {
  await browser.close();
  await served.close();
}
console.log(`index_parts: ${parts}`);
console.log(`first_results_ms_median: ${median(times)}`);
console.log(`first_results_ms_worst: ${Math.max(...times)}`);
console.log(`first_results_ms_runs: ${times.join(', ')}`);

/**
 * `npm run bench:nav [-- --site DIR]`: what the signed-in nav costs on a
 * public profile page, measured in headless Chromium against the Auth and
 * Firestore emulators. Prints `name: value` lines; not a test. Exits
 * non-zero past the budgets (issue: accounts):
 *   - nav-island JavaScript a signed-in user downloads, gzip ≤ 140 KB (goal 120 KB)
 *   - Firestore reads per signed-in page view for the bell ≤ 2
 *
 * Signs in on a small seeded site (scripts/bench/signed-in-site.ts; --site
 * serves a prebuilt one) and then opens /profile/miu afresh.
 */
import { parseArgs } from 'node:util';
import type { Request } from 'playwright-core';
import { EMULATORS } from '../lib/project';
import { openSignedInBench, recordScripts, report, reportScripts } from './signed-in-site';

const BUDGET_JS_BYTES = 140 * 1024;
const GOAL_JS_BYTES = 120 * 1024;
const BUDGET_READS = 2;
const { values } = parseArgs({ options: { site: { type: 'string' } } });

/**
 * Documents a Firestore request reads: one per document fetched; a query
 * reads the documents it returns, and at least one (Firestore bills an
 * empty query as one read).
 */
async function readsOf(request: Request): Promise<number> {
  const url = request.url();
  const response = await request.response();
  // A refused read would still be a request: the figure counts only reads that worked.
  if (response?.status() !== 200) throw new Error(`Firestore answered ${response?.status()} to ${url}`);
  const body = await response.text();
  if (url.includes(':runQuery')) {
    const documents = (JSON.parse(body) as { document?: unknown }[]).filter((row) => row.document).length;
    return Math.max(1, documents);
  }
  if (url.includes(':batchGet')) return (JSON.parse(body) as { found?: unknown }[]).filter((row) => row.found).length;
  return request.method() === 'GET' ? 1 : 0;
}

const bench = await openSignedInBench(values.site);
let failed = false;
try {
  const { page } = bench;
  await page.locator('[data-testid="bell"]:not([data-unread="unknown"])').waitFor();

  // A fresh page view: every script counts as downloaded.
  const scripts = await recordScripts(page);
  const firestore: Request[] = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).port === String(EMULATORS.firestore.port)) firestore.push(request);
  });
  await page.goto('/profile/miu');
  await page.locator('[data-testid="bell"]:not([data-unread="unknown"])').waitFor();
  await page.waitForLoadState('networkidle');

  const jsBytes = reportScripts(scripts);
  const reads = (await Promise.all(firestore.map(readsOf))).reduce((sum, n) => sum + n, 0);
  report('nav_island_js_gzip_bytes', jsBytes);
  report('nav_island_js_gzip_kb', (jsBytes / 1024).toFixed(1));
  report('bell_firestore_requests', firestore.length);
  report('bell_firestore_reads', reads);
  if (jsBytes > BUDGET_JS_BYTES) {
    console.error(`Over budget: nav island ${jsBytes} B gzip > ${BUDGET_JS_BYTES} B.`);
    failed = true;
  } else if (jsBytes > GOAL_JS_BYTES) {
    console.log(`Within the ${BUDGET_JS_BYTES / 1024} KB budget, above the ${GOAL_JS_BYTES / 1024} KB goal.`);
  }
  if (reads > BUDGET_READS) {
    console.error(`Over budget: ${reads} Firestore reads per page view > ${BUDGET_READS}.`);
    failed = true;
  }
} finally {
  await bench.close();
}
if (failed) process.exit(1);
console.log('Nav island budgets met.');

/**
 * `npm run bench:nav [-- --site DIR]`: what the signed-in nav costs on a
 * public profile page, measured in headless Chromium against the Auth and
 * Firestore emulators. Prints `name: value` lines; not a test. Exits
 * non-zero past the budgets (issue: accounts):
 *   - nav-island JavaScript a signed-in user downloads, gzip ≤ 140 KB (goal 120 KB)
 *   - Firestore reads per signed-in page view for the bell ≤ 2
 *
 * Seeds a small demo data set into its own demo- project, builds the site
 * for that project (or serves --site, built for demo-theralink-bench), signs
 * in as the demo therapist on /login and then opens /profile/miu afresh.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Request } from 'playwright-core';
import { signIn } from '../../tests/e2e/account-helpers';
import { launchBrowser } from '../../tests/e2e/browser';
import { buildSite } from '../build-site';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { EMULATORS, ROOT } from '../lib/project';
import { serveSite } from '../lib/serve-site';
import { gzipBytes } from './page-weight';

const BUDGET_JS_BYTES = 140 * 1024;
const GOAL_JS_BYTES = 120 * 1024;
const BUDGET_READS = 2;
const PROJECT = 'demo-theralink-bench';
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);
const { values } = parseArgs({ options: { site: { type: 'string' } } });

process.env.FIREBASE_PROJECT_ID = PROJECT;
const emulators = await startEmulators(['auth', 'firestore'], { timeoutMs: 120_000 });
Object.assign(process.env, emulators.env);

async function prepareSite(): Promise<string> {
  const { runSeed } = await import('../seed');
  const { runExport } = await import('../export');
  const exportDir = path.join(ROOT, '.build', 'bench-nav-export');
  const outDir = path.join(ROOT, '.build', 'bench-nav-site');
  await clearFirestoreEmulator(PROJECT);
  await runSeed({ therapists: 30 });
  if (values.site) return path.resolve(values.site);
  await runExport(exportDir);
  await buildSite({ exportDir, outDir, quiet: true, firebaseProjectId: PROJECT });
  return outDir;
}

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

const siteDir = await prepareSite();
const site = await serveSite(siteDir);
const browser = await launchBrowser();
let failed = false;
try {
  const page = await browser.newPage({ baseURL: site.url });
  await page.goto('/login');
  await signIn(page, 'therapist@theralink.test');
  await page.waitForURL(`${site.url}/`);
  await page.locator('[data-testid="bell"]:not([data-unread="unknown"])').waitFor();

  // A fresh page view: the browser cache is bypassed so every script counts as downloaded.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts: { url: string; gzip: number }[] = [];
  const firestore: Request[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), gzip: gzipBytes(await response.body()) });
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).port === String(EMULATORS.firestore.port)) firestore.push(request);
  });
  await page.goto('/profile/miu');
  await page.locator('[data-testid="bell"]:not([data-unread="unknown"])').waitFor();
  await page.waitForLoadState('networkidle');

  const jsBytes = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const reads = (await Promise.all(firestore.map(readsOf))).reduce((sum, n) => sum + n, 0);
  for (const script of scripts) report(`  script ${new URL(script.url).pathname}`, script.gzip);
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
  await browser.close();
  await site.close();
  await emulators.stop();
}
if (failed) process.exit(1);
console.log('Nav island budgets met.');

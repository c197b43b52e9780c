/**
 * `npm run bench:editor [-- --site DIR]`: the JavaScript (gzip) a signed-in
 * therapist downloads for the schedule editor on /schedule/manage, the
 * profile editor on /profile and the blog editor on /blog-editor (its list,
 * then a new blog's editor with the Markdown preview), measured in headless Chromium with the
 * cache disabled. Prints `name: value` lines; not a test. Exits non-zero
 * past the budget (the island's whole download, React and Firebase included).
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openSignedInBench, recordScripts, report, reportScripts } from './signed-in-site';

const BUDGET_JS_BYTES = 180 * 1024;
const { values } = parseArgs({ options: { site: { type: 'string' } } });

/** Total gzip bytes of scripts a fresh view of `route` downloads once `ready` shows. */
async function islandBytes(page: Page, route: string, ready: string): Promise<number> {
  const scripts = await recordScripts(page);
  await page.goto(route);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  return reportScripts(scripts);
}

/** /blog-editor's list, then 新規作成 (the editor and its Markdown renderer load on demand). */
async function blogEditorBytes(page: Page): Promise<number> {
  const scripts = await recordScripts(page);
  await page.goto('/blog-editor');
  await page.getByTestId('blog-new').click();
  await page.getByTestId('blog-editor').waitFor();
  await page.waitForLoadState('networkidle');
  return reportScripts(scripts);
}

const bench = await openSignedInBench(values.site);
let failed = false;
try {
  const figures = {
    schedule_manage_js_gzip_bytes: await islandBytes(bench.page, '/schedule/manage', '[data-testid="week-heading"]'),
    // A second tab of the same signed-in browser, so each figure counts its own downloads.
    profile_editor_js_gzip_bytes: await islandBytes(await bench.page.context().newPage(), '/profile', '[data-testid="profile-save"]'),
    blog_editor_js_gzip_bytes: await blogEditorBytes(await bench.page.context().newPage()),
  };
  for (const [name, bytes] of Object.entries(figures)) {
    report(name, bytes);
    report(name.replace('_bytes', '_kb'), (bytes / 1024).toFixed(1));
    if (bytes > BUDGET_JS_BYTES) {
      console.error(`Over budget: ${name} ${bytes} B > ${BUDGET_JS_BYTES} B.`);
      failed = true;
    }
  }
} finally {
  await bench.close();
}
if (failed) process.exit(1);
console.log('Editor island budgets met.');

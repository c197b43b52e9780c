/**
 * `npm run bench:skin [-- --site DIR] [-- --runs N]`: figures for the
 * skin-tone tool in headless Chromium on this machine, printed as
 * `name: value` lines. Not a test. Exits non-zero when the median time to
 * the first verdict on a 12-megapixel photo is over its 250 ms budget.
 *
 * Builds the site from the test fixture export into .build/bench-skin-site
 * (or serves the built site given with --site), feeds photos drawn in the
 * page, and reads the timings the island records (performance.measure).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { MARKS, MEASURES } from '../../src/islands/skin-detector/timing';
import { launchBrowser } from '../../tests/e2e/browser';
import { serveSite } from '../lib/serve-site';
import { chooseDrawnImage, type TestImageSpec } from '../../tests/e2e/fixtures/test-images';
import { ROOT } from '../lib/project';
import { gzipBytes, inlineScriptCode } from './page-weight';
import { run } from '../lib/run';

const BUDGET_MS = 250;
const { values } = parseArgs({ options: { site: { type: 'string' }, runs: { type: 'string', default: '7' } } });
const runs = Math.max(5, Number(values.runs));
const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);

const PHOTO_12MP: TestImageSpec = { width: 4000, height: 3000, type: 'image/jpeg', skin: [0.3, 0.2, 0.4, 0.6], texture: true };
const PHOTO_108MP: TestImageSpec = { ...PHOTO_12MP, width: 12_000, height: 9_000 };

async function buildSite(): Promise<string> {
  const outDir = path.join(ROOT, '.build', 'bench-skin-site');
  await run(path.join(ROOT, 'node_modules/.bin/astro'), ['build', '--silent'], {
    env: { EXPORT_DIR: path.join(ROOT, 'tests/fixtures/export'), BUILD_OUT_DIR: outDir },
    quiet: true,
  });
  return outDir;
}

/** Chooses a drawn photo and returns the island's own time from choice to painted verdict (ms). */
async function timeToVerdict(page: Page, spec: TestImageSpec, timeoutMs = 30_000): Promise<number> {
  const before = await page.evaluate((name) => performance.getEntriesByName(name).length, MEASURES.firstVerdict);
  await chooseDrawnImage(page, spec, 'photo.jpg');
  await page.waitForFunction(
    ({ name, before }) => performance.getEntriesByName(name).length > before,
    { name: MEASURES.firstVerdict, before },
    { timeout: timeoutMs },
  );
  return measure(page, MEASURES.firstVerdict);
}

/** Duration of the latest performance entry of that name in the page (NaN when there is none). */
function measure(page: Page, name: string): Promise<number> {
  return page.evaluate((n) => performance.getEntriesByName(n).at(-1)?.duration ?? NaN, name);
}
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

const siteDir = values.site ? path.resolve(values.site) : await buildSite();
const site = await serveSite(siteDir);
const browser = await launchBrowser();
let overBudget = false;
try {
  const page = await browser.newPage({ baseURL: site.url });
  // Every script the page receives, with its gzip size, in order of arrival.
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    scripts.push({ url: response.url(), gzip: gzipBytes(await response.body()) });
  });

  await page.goto('/skindetector');
  await page.getByText('写真を選ぶ', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  const html = await (await page.request.get('/skindetector')).text();
  const inline = inlineScriptCode(html);

  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeToVerdict(page, PHOTO_12MP));
  const firstVerdict = median(times);
  overBudget = firstVerdict >= BUDGET_MS;
  report('photo_12mp', `${PHOTO_12MP.width}x${PHOTO_12MP.height} JPEG`);
  report('skin_rules_ms_to_first_verdict', round(firstVerdict));
  report('skin_rules_ms_runs', times.map(round).join(' '));
  report('skin_rules_budget_ms', BUDGET_MS);

  const beforeModel = scripts.length;
  report(
    'page_js_gzip_bytes_before_model',
    scripts.reduce((sum, s) => sum + s.gzip, 0),
  );
  report('page_js_files_before_model', beforeModel);
  report('page_inline_js_gzip_bytes', gzipBytes(inline));

  await page.getByRole('button', { name: 'AI による判定も行う' }).click();
  await page.getByTestId('model-scores').waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  report('learned_model_load_ms', round(await measure(page, MEASURES.modelLoad)));
  report('learned_model_classify_ms', round(await measure(page, MEASURES.modelClassify)));
  report(
    'learned_model_js_gzip_bytes',
    scripts.slice(beforeModel).reduce((sum, s) => sum + s.gzip, 0),
  );
  report(
    'learned_model_backend',
    await page.evaluate((name) => {
      const mark = performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined;
      return (mark?.detail as { backend?: string } | undefined)?.backend ?? 'unknown';
    }, MARKS.modelLoaded),
  );

  // One 108-megapixel photo in a fresh page, to show it neither fails nor exhausts memory.
  const fresh = await browser.newPage({ baseURL: site.url });
  await fresh.goto('/skindetector');
  await fresh.getByText('写真を選ぶ', { exact: true }).waitFor();
  await fresh.waitForLoadState('networkidle');
  try {
    const ms = await timeToVerdict(fresh, PHOTO_108MP, 120_000);
    const shown = await fresh.getByTestId('photo').evaluate((canvas: HTMLCanvasElement) => `${canvas.width}x${canvas.height}`);
    report('photo_12000x9000_ms_to_first_verdict', round(ms));
    report('photo_12000x9000_result', `ok (verdict ${await fresh.getByTestId('verdict').textContent()}, shown at ${shown})`);
  } catch (error) {
    report('photo_12000x9000_result', `failed: ${(error as Error).message.split('\n')[0]}`);
    overBudget = true;
  }
} finally {
  await browser.close();
  await site.close();
}

if (overBudget) {
  console.error(`\nOver budget: the first verdict must come within ${BUDGET_MS} ms, and the 12,000 × 9,000 photo must succeed.`);
  process.exit(1);
}
console.log('\nBudget met.');
process.exit(0);

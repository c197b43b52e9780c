/**
 * A reader never meets a half-swapped site (scripts/lib/site-generations.ts):
 * while a series of builds (incremental ones, the full-text index going in
 * behind them, and a full one) replaces the site, Chromium keeps loading its
 * pages with their scripts and styles, and plain requests keep fetching
 * pages, a client bundle and the search script, all from a server in a
 * process of its own (as the Hosting emulator is). Every answer must be a
 * 200 and every page whole.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build-site';
import { ROOT } from '../../scripts/lib/project';
import { filesUnder } from '../../scripts/lib/site-files';
import { ensureRenderer, type RendererBundle } from '../../scripts/renderer/bundle';
import { closeRenderers } from '../../scripts/renderer/pool';
import type { ExportRecords } from '../../src/registry/public-collections';
import { publicExport, writePublicExport } from '../factories/public-export';
import { launchBrowser } from './browser';

const WORK = path.join(ROOT, '.build', 'site-swap-test');
const EXPORT = path.join(WORK, 'export');
const SITE = path.join(WORK, 'site');
const PAGES = ['/', '/profile/therapist-02', '/stores', '/today', '/frozen-accounts', '/search'];
const now = new Date('2026-11-22T03:00:00.000Z');

let records: ExportRecords;
let renderer: RendererBundle;
let server: ChildProcess;
let base: string;
let browser: Browser;

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  records = publicExport({ therapists: 30, today: '2026-11-22' });
  await writePublicExport(EXPORT, records);
  renderer = await ensureRenderer({ NODE_ENV: 'production' }, { quiet: true });
  await buildSite({ exportDir: EXPORT, outDir: SITE, quiet: true, now, full: true, renderer });
  server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'tests/e2e/serve-child.ts'), SITE], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once('line', resolve));
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.kill();
  await closeRenderers();
  await rm(WORK, { recursive: true, force: true });
});

describe('swapping a new build in', () => {
  it('leaves readers the old site or the new one, whole, through a series of builds', async () => {
    const assets = (await filesUnder(path.join(SITE, '_astro'))).filter((file) => file.endsWith('.js'));
    const problems: string[] = [];
    let answers = 0;
    let building = true;

    const page = await browser.newPage();
    page.on('requestfailed', (request) => {
      // Cancelled by the next navigation (the favicon loads after "load"): the browser's doing, not the server's.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${request.url()} failed: ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      answers++;
      if (response.status() !== 200) problems.push(`${response.url()} answered ${response.status()}`);
    });
    const browsing = (async () => {
      for (let i = 0; building; i++) {
        const url = PAGES[i % PAGES.length]!;
        await page.goto(`${base}${url}`, { waitUntil: 'load' });
        const html = await page.content();
        if (!html.includes('</main>')) problems.push(`${url} was not whole`);
      }
    })();
    const fetching = [0, 1, 2].map(async (lane) => {
      const urls = [...PAGES, `/_astro/${assets[lane % assets.length]}`, '/pagefind/pagefind.js'].map((url) =>
        url.startsWith('/_astro/_astro') ? url.slice('/_astro'.length) : url,
      );
      for (let i = lane; building; i++) {
        const url = urls[i % urls.length]!;
        try {
          const response = await fetch(`${base}${url}`);
          const body = await response.text();
          answers++;
          if (response.status !== 200) problems.push(`${url} answered ${response.status}`);
          else if (!url.includes('.') && !body.includes('</html>')) problems.push(`${url} was not whole`);
        } catch (error) {
          // The server went down (the Hosting emulator once did, on a file missing mid-swap).
          problems.push(`${url}: ${(error as Error).message}`);
          return;
        }
      }
    });

    const indexed: Promise<void>[] = [];
    for (let i = 1; i <= 8; i++) {
      records.therapists[1] = { ...records.therapists[1]!, bio: `${i}回目の書き直しです。` };
      await writePublicExport(EXPORT, records);
      const build = await buildSite({ exportDir: EXPORT, outDir: SITE, quiet: true, now, renderer, full: i === 5 });
      indexed.push(build.searchIndexed);
    }
    // The full-text index goes in behind the builds: one more swap each time.
    await Promise.all(indexed);
    building = false;
    await Promise.all([browsing, ...fetching]);

    console.log(`${answers} answers during 8 builds and their index swaps`);
    expect(problems).toEqual([]);
    expect(answers).toBeGreaterThan(100);
    await page.goto(`${base}/profile/therapist-02`);
    await expect.poll(() => page.content()).toContain('8回目の書き直しです。');
  }, 300_000);
});

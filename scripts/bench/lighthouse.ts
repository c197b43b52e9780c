/**
 * `npm run bench:lighthouse [-- --runs 2] [--site DIR --url ORIGIN]`:
 * Lighthouse (mobile, all four categories) with Debian Chromium on seven
 * page kinds of a demo build served like Firebase Hosting (superstatic with
 * the build's headers: cache rules, CSP). The site is built for the origin
 * it is served on, so canonical URLs, robots.txt and the sitemap are the
 * real ones. Prints each run's scores and the lowest per page.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { PublicStore } from '../../src/schema/public';
import { PUBLIC_COLLECTIONS } from '../../src/registry/public-collections';
import { buildSite } from '../build-site';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { ROOT } from '../lib/project';
import { serveSite } from '../lib/serve-site';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/e2e/browser';
import { storePath } from '../../src/lib/routes';

const PROJECT = 'demo-theralink-lighthouse';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '2' } } });

/** A free TCP port on 127.0.0.1, so the site can be built for the origin it will be served on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

process.env.FIREBASE_PROJECT_ID = PROJECT;
const emulators = await startEmulators(['auth', 'firestore']);
Object.assign(process.env, emulators.env);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const exportDir = path.join(ROOT, '.build', 'lighthouse-export');
const siteDir = path.join(ROOT, '.build', 'lighthouse-site');
try {
  const { runSeed } = await import('../seed');
  const { runExport } = await import('../export');
  await clearFirestoreEmulator(PROJECT);
  await runSeed({ therapists: 200 });
  await runExport(exportDir);
  process.env.PUBLIC_SITE_URL = origin;
  const build = await buildSite({ exportDir, outDir: siteDir, quiet: true, firebaseProjectId: PROJECT });
  await build.searchIndexed;
} finally {
  await emulators.stop();
}

const [store] = JSON.parse(await readFile(path.join(exportDir, PUBLIC_COLLECTIONS.stores.file), 'utf8')) as PublicStore[];
if (!store) throw new Error('The demo export has no store.');
const pages = ['/', '/profile/miu', storePath(store.profileSlug), '/today', '/search', '/skindetector', '/login'];

const site = await serveSite(siteDir, port);
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || CHROMIUM, chromeFlags: CHROME_FLAGS });
const lowest = new Map<string, Record<string, number>>();
try {
  for (const page of pages) {
    for (let run = 1; run <= Number(values.runs); run++) {
      const result = await lighthouse(`${site.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]));
      const failed = Object.values(result.lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      console.log(
        `${page} run ${run}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`,
      );
      const low = lowest.get(page) ?? {};
      for (const c of CATEGORIES) low[c] = Math.min(low[c] ?? 100, scores[c]!);
      lowest.set(page, low);
    }
  }
} finally {
  chrome.kill();
  await site.close();
}
console.log('\nLowest of the runs:');
console.log(`| page | ${CATEGORIES.join(' | ')} |`);
for (const [page, low] of lowest) console.log(`| ${page} | ${CATEGORIES.map((c) => low[c]).join(' | ')} |`);

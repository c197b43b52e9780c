/**
 * What the signed-in benches share: a small seeded site in its own demo-
 * project (demo-theralink-bench) served like Firebase Hosting, Chromium
 * signed in as the demo therapist, and the gzip size of every script a
 * page view downloads with the cache disabled.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signIn } from '../../tests/e2e/account-helpers';
import { launchBrowser } from '../../tests/e2e/browser';
import { buildSite } from '../build-site';
import { clearFirestoreEmulator, startEmulators } from '../lib/emulator-process';
import { ROOT } from '../lib/project';
import { serveSite } from '../lib/serve-site';
import { gzipBytes } from './page-weight';

export const BENCH_PROJECT = 'demo-theralink-bench';
export const report = (name: string, value: string | number) => console.log(`${name}: ${value}`);

export interface SignedInBench {
  /** A page at `/` of the served site, signed in as the demo therapist. */
  page: Page;
  close(): Promise<void>;
}

/**
 * Seeds the bench project, builds the site for it (or serves `prebuilt`,
 * built for demo-theralink-bench), and signs in on /login.
 */
export async function openSignedInBench(prebuilt?: string): Promise<SignedInBench> {
  process.env.FIREBASE_PROJECT_ID = BENCH_PROJECT;
  const emulators = await startEmulators(['auth', 'firestore']);
  Object.assign(process.env, emulators.env);
  const { runSeed } = await import('../seed');
  const { runExport } = await import('../export');
  await clearFirestoreEmulator(BENCH_PROJECT);
  await runSeed({ therapists: 30 });
  let siteDir = prebuilt && path.resolve(prebuilt);
  if (!siteDir) {
    const exportDir = path.join(ROOT, '.build', 'bench-export');
    siteDir = path.join(ROOT, '.build', 'bench-site');
    await runExport(exportDir);
    const build = await buildSite({ exportDir, outDir: siteDir, quiet: true, firebaseProjectId: BENCH_PROJECT });
    await build.searchIndexed;
  }
  const site = await serveSite(siteDir);
  const browser = await launchBrowser();
  // An explicit context, so a bench can open more tabs of the same signed-in browser.
  const page = await (await browser.newContext({ baseURL: site.url })).newPage();
  await page.goto('/login');
  await signIn(page, 'therapist@theralink.test');
  await page.waitForURL(`${site.url}/`);
  return {
    page,
    async close() {
      await browser.close();
      await site.close();
      await emulators.stop();
    },
  };
}

/** Starts recording the gzip size of every script `page` downloads, with the cache off. */
export async function recordScripts(page: Page): Promise<{ url: string; gzip: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.push({ url: response.url(), gzip: gzipBytes(await response.body()) });
    } catch (error) {
      console.error(`  (could not read ${response.url()}: ${(error as Error).message.split('\n')[0]})`);
    }
  });
  return scripts;
}

/** Prints each script and returns the total. */
export function reportScripts(scripts: readonly { url: string; gzip: number }[]): number {
  for (const script of scripts) report(`  script ${new URL(script.url).pathname}`, script.gzip);
  return scripts.reduce((sum, script) => sum + script.gzip, 0);
}

/**
 * `npm start`'s stack for browser tests: a seeded project in the emulators,
 * the same export → build → rebuild-on-change loop (scripts/lib/live-site.ts),
 * served by superstatic (the server behind Firebase Hosting) from the folder
 * the loop swaps new builds into. One per test file; a fresh browser
 * context per test.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import type { LiveSite } from '../../scripts/lib/live-site';
import { ROOT } from '../../scripts/lib/project';
import { serveSite, type ServedSite } from '../../scripts/lib/serve-site';
import { TEST_PROJECTS } from '../setup/projects';
import { useBrowserPages } from './browser-pages';

const PROJECT = TEST_PROJECTS.live;
const OUT_DIR = path.join(ROOT, '.build', 'live-site');
const EXPORT_DIR = path.join(ROOT, '.build', 'live-export');
/** Rebuilds take seconds on the small seed; allow for a slow machine. */
export const REBUILD_TIMEOUT_MS = 90_000;

export interface LiveSession {
  readonly url: string;
  newPage(): Promise<Page>;
  /** The served HTML of a route right now ('' when it is not there). */
  html(route: string): Promise<string>;
}

export function useLiveSite(): LiveSession {
  let live: LiveSite;
  let served: ServedSite;

  beforeAll(async () => {
    process.env.FIREBASE_PROJECT_ID = PROJECT;
    const { runSeed } = await import('../../scripts/seed');
    const { startLiveSite } = await import('../../scripts/lib/live-site');
    await clearFirestoreEmulator(PROJECT);
    await runSeed({ therapists: 40 });
    live = await startLiveSite({ outDir: OUT_DIR, exportDir: EXPORT_DIR, firebaseProjectId: PROJECT, log: () => {} });
    served = await serveSite(OUT_DIR);
  });
  afterAll(async () => {
    await live?.stop();
    await served?.close();
  });
  const newPage = useBrowserPages(() => served.url);

  return {
    get url() {
      return served.url;
    },
    newPage,
    async html(route) {
      const response = await fetch(`${served.url}${route}`, { cache: 'no-store' });
      return response.ok ? response.text() : '';
    },
  };
}

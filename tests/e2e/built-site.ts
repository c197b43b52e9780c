/**
 * The demo site for browser tests (built once by tests/setup/e2e-site.ts): seeds the e2e project in the
 * Firestore emulator, exports it, builds and indexes it. Its islands talk
 * to the same e2e project in the emulators.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tokyoDateKey } from '../../src/lib/tokyo-date';
import { ROOT } from '../../scripts/lib/project';
import { STATE_FILE, stateDirOf, type SiteState } from '../../scripts/lib/site-state';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';
import { TEST_PROJECTS } from '../setup/projects';

export const E2E_EXPORT_DIR = path.join(ROOT, '.build', 'e2e-export');
export const E2E_SITE_DIR = path.join(ROOT, '.build', 'e2e-site');

export async function buildDemoSite(): Promise<void> {
  process.env.FIREBASE_PROJECT_ID = TEST_PROJECTS.e2e;
  const { runSeed } = await import('../../scripts/seed');
  const { runExport } = await import('../../scripts/export');
  const { buildSite } = await import('../../scripts/build-site');
  await clearFirestoreEmulator(TEST_PROJECTS.e2e);
  const today = tokyoDateKey();
  await runSeed({ therapists: 200, today });
  await runExport(E2E_EXPORT_DIR, today);
  const build = await buildSite({ exportDir: E2E_EXPORT_DIR, outDir: E2E_SITE_DIR, quiet: true, firebaseProjectId: TEST_PROJECTS.e2e });
  // A rebuild over the previous run's site is incremental: its search index follows in the background.
  await build.searchIndexed;
}

/**
 * The Tokyo day the demo site's pages were rendered on: what its static
 * pages call today. A run that crosses midnight in Tokyo after the build
 * still compares them with their own day, not the wall clock's.
 */
export async function builtSiteDay(): Promise<string> {
  const state = JSON.parse(await readFile(path.join(stateDirOf(E2E_SITE_DIR), STATE_FILE), 'utf8')) as Pick<SiteState, 'today'>;
  return state.today;
}

/**
 * Global setup of the e2e project: builds the demo site once for every
 * browser test file (seed → export → build → index, see
 * tests/e2e/built-site.ts). The emulators are started here too when the
 * root setup has not started them yet; startEmulators reuses running ones.
 */
import { startEmulators } from '../../scripts/lib/emulator-process';
import { buildDemoSite } from '../e2e/built-site';

export default async function setup() {
  const emulators = await startEmulators(['auth', 'firestore', 'storage']);
  Object.assign(process.env, emulators.env);
  await buildDemoSite();
  return () => emulators.stop();
}

/**
 * `npm run build` (after `astro check`): builds dist/ from the export named
 * by EXPORT_DIR, and writes the site's hosting headers (CSP hashes of the
 * built inline scripts) into firebase.json. Without EXPORT_DIR it makes the demo export itself: starts
 * the emulators (or uses running ones), seeds them when empty, exports,
 * and stops what it started.
 */
import { exportDir } from '../src/lib/export-dir';
import { buildSite } from './build-site';
import { isMain } from './lib/cli';
import { startEmulators } from './lib/emulator-process';
import { writeFirebaseJsonHeaders } from './lib/hosting-headers';
import { runExport } from './export';
import { seedDemoIfEmpty } from './seed';

export async function exportDemoData(dir = exportDir()): Promise<void> {
  const emulators = await startEmulators(['auth', 'firestore']);
  Object.assign(process.env, emulators.env);
  try {
    await seedDemoIfEmpty();
    const { counts } = await runExport(dir);
    console.log(
      `Exported ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
    );
  } finally {
    await emulators.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    const started = Date.now();
    if (!process.env.EXPORT_DIR) await exportDemoData();
    const { productionHeaders, searchIndexed, mode, rendered, pages } = await buildSite({ exportDir: exportDir() });
    // An incremental build indexes in the background: dist is deployable once that is in.
    await searchIndexed;
    // firebase.json carries the production-shaped headers (never the emulator addresses) for `firebase deploy`.
    if (await writeFirebaseJsonHeaders(productionHeaders)) console.log('Updated the hosting headers (CSP hashes) in firebase.json.');
    console.log(`Built dist/ (${mode}: ${rendered} of ${pages} pages rendered) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    process.exit(0);
  } catch (error) {
    console.error(`Build failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

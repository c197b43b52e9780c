/**
 * `npm start`: the whole local stack. Starts the Auth, Firestore, Storage
 * and Hosting emulators, seeds Firestore when it is empty, exports, builds
 * and indexes the site, serves it through the Hosting emulator, and keeps
 * rebuilding whenever published content changes in the emulator.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { exportDir } from '../src/lib/export-dir';
import { buildSite } from './build-site';
import { adminDb } from './lib/admin';
import { describeStartFailure, exitOnSignals, startEmulators } from './lib/emulator-process';
import { ROOT, emulatorHost, projectId } from './lib/project';
import { runExport } from './export';
import { seedDemoIfEmpty } from './seed';
import { watchPublicContent } from './watch-content';

const siteUrl = `http://${emulatorHost('hosting')}`;
const EMULATOR_DATA = path.join(ROOT, '.data', 'emulators');

async function rebuild(reason: string): Promise<void> {
  const started = Date.now();
  console.log(`[rebuild] ${reason}: exporting and building…`);
  await runExport();
  await buildSite({ exportDir: exportDir(), quiet: true });
  console.log(`[rebuild] done in ${((Date.now() - started) / 1000).toFixed(1)} s. ${siteUrl}`);
}

try {
  console.log('Starting the Firebase emulators (Auth, Firestore, Storage, Hosting)…');
  // Demo data and edits survive a restart: loaded from and saved back to .data/emulators.
  const persistence = existsSync(path.join(EMULATOR_DATA, 'firebase-export-metadata.json'))
    ? ['--import', EMULATOR_DATA, '--export-on-exit']
    : ['--export-on-exit', EMULATOR_DATA];
  const emulators = await startEmulators(['auth', 'firestore', 'storage', 'hosting'], { extraArgs: persistence });
  Object.assign(process.env, emulators.env);
  await seedDemoIfEmpty();
  await rebuild('first build');

  const stopWatching = watchPublicContent(adminDb(), (collections) =>
    rebuild(`changed: ${[...collections].join(', ')}`).catch((error: Error) =>
      console.error(`[rebuild] failed; the site still shows the previous build.\n${error.message}`),
    ),
  );
  console.log(`\nセラリンク is running: ${siteUrl}`);
  console.log(
    `Emulators: Auth ${emulatorHost('auth')}, Firestore ${emulatorHost('firestore')}, Storage ${emulatorHost('storage')} ` +
      `(project ${projectId()}). Press Ctrl+C to stop.`,
  );

  exitOnSignals(async () => {
    stopWatching();
    await emulators.stop();
  });
} catch (error) {
  console.error(describeStartFailure(error));
  process.exit(1);
}

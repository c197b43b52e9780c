/**
 * `npm start [-- --fresh]`: the whole local stack. Starts the Auth,
 * Firestore, Storage and Hosting emulators, seeds Firestore when it is
 * empty, exports, builds and indexes the site, serves it through the
 * Hosting emulator, and keeps rebuilding whenever published content
 * changes in the emulator (and at each Tokyo midnight).
 *
 * Data and edits survive a restart in .data/emulators; `--fresh` starts
 * from newly seeded demo data and keeps nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeStartFailure, exitOnSignals, startEmulators } from './lib/emulator-process';
import { startLiveSite } from './lib/live-site';
import { ROOT, emulatorHost, projectId } from './lib/project';
import { seedDemoIfEmpty } from './seed';

const siteUrl = `http://${emulatorHost('hosting')}`;
const EMULATOR_DATA = path.join(ROOT, '.data', 'emulators');
const { values } = parseArgs({ options: { fresh: { type: 'boolean', default: false } } });

function persistenceArgs(): string[] {
  if (values.fresh) return [];
  return existsSync(path.join(EMULATOR_DATA, 'firebase-export-metadata.json'))
    ? ['--import', EMULATOR_DATA, '--export-on-exit']
    : ['--export-on-exit', EMULATOR_DATA];
}

try {
  console.log('Starting the Firebase emulators (Auth, Firestore, Storage, Hosting)…');
  const emulators = await startEmulators(['auth', 'firestore', 'storage', 'hosting'], { extraArgs: persistenceArgs() });
  Object.assign(process.env, emulators.env);
  await seedDemoIfEmpty();
  const site = await startLiveSite({ log: (line) => console.log(line.startsWith('[rebuild] done') ? `${line} ${siteUrl}` : line) });

  console.log(`\nセラリンク is running: ${siteUrl}`);
  console.log(
    `Emulators: Auth ${emulatorHost('auth')}, Firestore ${emulatorHost('firestore')}, Storage ${emulatorHost('storage')} ` +
      `(project ${projectId()}). Press Ctrl+C to stop.`,
  );

  exitOnSignals(async () => {
    site.stop();
    await emulators.stop();
  });
} catch (error) {
  console.error(describeStartFailure(error));
  process.exit(1);
}

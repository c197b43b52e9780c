/**
 * `npm start [-- --fresh]`: the whole local stack. Starts the Auth,
 * Firestore, Storage and Hosting emulators, seeds Firestore when it is
 * empty (or migrates data saved by older code, scripts/migrate.ts), exports, builds and indexes the site, serves it through the
 * Hosting emulator, and keeps rebuilding whenever published content
 * changes in the emulator (and at each Tokyo midnight).
 *
 * Data and edits survive a restart in .data/emulators; `--fresh` starts
 * from newly seeded demo data and keeps nothing.
 *
 * Stopping: Ctrl+C, or SIGINT / SIGTERM sent to the npm process or to this
 * one (package.json's `exec` makes npm's shell hand the signal on). The
 * emulators then write their data out and the script says where.
 *
 * The Hosting emulator serves with firebase.local.json: firebase.json's
 * headers with the emulators' addresses added to the CSP (the site's
 * islands talk to them), see scripts/lib/hosting-headers.ts.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HEADERS_FILE, emulatorOrigins } from './lib/site-headers';
import { describeStartFailure, exitOnSignals, startEmulators, stopStartingEmulators, type RunningEmulators } from './lib/emulator-process';
import { FIREBASE_LOCAL_JSON, findCsp, writeLocalFirebaseJson, type HeaderRule } from './lib/hosting-headers';
import { startLiveSite, type LiveSite } from './lib/live-site';
import { ROOT, emulatorHost, projectId } from './lib/project';
import { runMigrations } from './migrate';
import { seedDemoIfEmpty } from './seed';
import { runWithTunedMalloc } from './lib/malloc-tuning';

await runWithTunedMalloc();

const siteUrl = `http://${emulatorHost('hosting')}`;
const EMULATOR_DATA = path.join(ROOT, '.data', 'emulators');
const { values } = parseArgs({ options: { fresh: { type: 'boolean', default: false } } });

function persistenceArgs(): string[] {
  if (values.fresh) return [];
  return existsSync(path.join(EMULATOR_DATA, 'firebase-export-metadata.json'))
    ? ['--import', EMULATOR_DATA, '--export-on-exit']
    : ['--export-on-exit', EMULATOR_DATA];
}

/** Warns when the built pages' CSP differs from the one the Hosting emulator was started with. */
async function checkServedPolicy(): Promise<void> {
  const read = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as HeaderRule[] | { hosting: { headers: HeaderRule[] } };
  const built = (await read(path.join(ROOT, 'dist', HEADERS_FILE))) as HeaderRule[];
  const served = (await read(FIREBASE_LOCAL_JSON)) as { hosting: { headers: HeaderRule[] } };
  if (findCsp(built) !== findCsp(served.hosting.headers)) {
    console.warn(
      'The inline scripts changed since firebase.json was written, so the served CSP blocks them.\n' +
        'Run `npm run build` (it updates firebase.json) and restart `npm start`.',
    );
  }
}

let emulators: RunningEmulators | undefined;
let site: LiveSite | undefined;
// Installed first, so a signal during start-up also stops what has started.
exitOnSignals(async () => {
  // Not waited for: a background index at 10,000 therapists takes minutes, and the next start removes a killed build's leftovers.
  void site?.stop();
  if (!emulators) {
    await stopStartingEmulators();
    console.log('Stopped before the emulators were ready; nothing was saved.');
    return;
  }
  console.log('Stopping the emulators…');
  await emulators.stop();
  console.log(
    values.fresh
      ? 'Stopped. Nothing was saved (--fresh).'
      : `Stopped. Saved the Auth users, Firestore data and Storage files to ${path.relative(ROOT, EMULATOR_DATA)}/ (npm start loads them next time).`,
  );
});

try {
  console.log('Starting the Firebase emulators (Auth, Firestore, Storage, Hosting)…');
  await writeLocalFirebaseJson(emulatorOrigins());
  emulators = await startEmulators(['auth', 'firestore', 'storage', 'hosting'], {
    extraArgs: ['--config', path.basename(FIREBASE_LOCAL_JSON), ...persistenceArgs()],
  });
  Object.assign(process.env, emulators.env);
  await seedDemoIfEmpty();
  // Data saved by older code is brought up to the current rules and schemas before anything reads it.
  await runMigrations();
  site = await startLiveSite({
    log: (line) => console.log(line.startsWith('[rebuild]') && line.includes('build done') ? `${line} ${siteUrl}` : line),
  });
  await checkServedPolicy().catch(() => undefined);

  console.log(`\nセラリンク is running: ${siteUrl}`);
  console.log(
    `Emulators: Auth ${emulatorHost('auth')}, Firestore ${emulatorHost('firestore')}, Storage ${emulatorHost('storage')} ` +
      `(project ${projectId()}). Press Ctrl+C to stop.`,
  );
} catch (error) {
  console.error(describeStartFailure(error));
  await emulators?.stop();
  process.exit(1);
}

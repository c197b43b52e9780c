/**
 * `npm run emulators`: starts Auth, Firestore, Storage and Hosting on
 * 127.0.0.1 (ports in firebase.json) for the demo project and keeps them
 * running until Ctrl+C. Works offline on machines with Google's Firestore
 * emulator package; see scripts/lib/emulator-binaries.ts.
 */
import { describeStartFailure, exitOnSignals, startEmulators, type EmulatorName } from './lib/emulator-process';
import { EMULATORS, emulatorHost } from './lib/project';

const names = (process.argv[2]?.split(',') ?? Object.keys(EMULATORS)) as EmulatorName[];
try {
  const running = await startEmulators(names, { echo: true });
  console.log(`\nEmulators ready: ${names.map((n) => `${n} http://${emulatorHost(n)}`).join(', ')}`);
  exitOnSignals(running.stop);
} catch (error) {
  console.error(describeStartFailure(error));
  process.exit(1);
}

/**
 * Vitest global setup: starts the Auth, Firestore and Storage emulators once for the
 * whole run (firestore.rules enforced), or reuses ones already running, and
 * stops what it started.
 */
import { startEmulators } from '../../scripts/lib/emulator-process';

export default async function setup() {
  const emulators = await startEmulators(['auth', 'firestore', 'storage']);
  Object.assign(process.env, emulators.env);
  return () => emulators.stop();
}

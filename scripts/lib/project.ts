import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The local demo project. A demo- id guarantees nothing reaches a real project. */
export const DEMO_PROJECT_ID = 'demo-theralink';
/**
 * The project the emulators are started with. The Auth emulator answers
 * browsers (which name no project, only an API key) from this project
 * alone, so every signed-in browser session, whichever Firestore project
 * the site reads, signs in against this one's users.
 */
export const EMULATOR_AUTH_PROJECT_ID = DEMO_PROJECT_ID;

export const ROOT = path.resolve(import.meta.dirname, '../..');

interface EmulatorConfig {
  host: string;
  port: number;
}
const firebaseJson = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
  emulators: Record<'auth' | 'firestore' | 'storage' | 'hosting', EmulatorConfig>;
};

/** host:port of each emulator, as firebase.json configures them. */
export const EMULATORS = firebaseJson.emulators;
export const emulatorHost = (name: keyof typeof EMULATORS) => `${EMULATORS[name].host}:${EMULATORS[name].port}`;

/** The project id scripts act on: the env's, else the demo one. */
export function projectId(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIREBASE_PROJECT_ID || env.GCLOUD_PROJECT || DEMO_PROJECT_ID;
}

/**
 * Where the export points picture URLs: the bucket named by
 * PUBLIC_FIREBASE_STORAGE_BUCKET (the demo bucket by default, as
 * src/lib/firebase/config.ts), served by the Storage emulator when the
 * export reads the emulators (FIREBASE_STORAGE_EMULATOR_HOST, else the
 * emulator configured in firebase.json when FIRESTORE_EMULATOR_HOST is
 * set), by Firebase Storage otherwise.
 */
import { DEMO_STORAGE_BUCKET, type PhotoUrlBase } from '../../src/lib/photo-url';
import { emulatorHost } from '../lib/project';

export function photoUrlBase(env: NodeJS.ProcessEnv = process.env): PhotoUrlBase {
  const bucket = env.PUBLIC_FIREBASE_STORAGE_BUCKET || DEMO_STORAGE_BUCKET;
  const emulator = env.FIREBASE_STORAGE_EMULATOR_HOST || (env.FIRESTORE_EMULATOR_HOST ? emulatorHost('storage') : null);
  return { bucket, emulatorHost: emulator };
}

/**
 * firebase-admin for the scripts. With FIRESTORE_EMULATOR_HOST set it talks
 * to the emulator; otherwise to the real project named by
 * FIREBASE_PROJECT_ID with Application Default Credentials.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getStorage } from 'firebase-admin/storage';
import type { Bucket } from '@google-cloud/storage';
import { photoUrlBase } from '../export/photo-base';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { EMULATOR_AUTH_PROJECT_ID, projectId } from './project';

export class FirestoreUnavailableError extends Error {}

export function adminApp(): App {
  // Against the emulators there are no credentials to find: skip the cloud metadata probe.
  if (process.env.FIRESTORE_EMULATOR_HOST) process.env.METADATA_SERVER_DETECTION ??= 'none';
  // One app per project id: a process that works in several projects (a test run) never writes to the wrong one.
  const id = projectId();
  const name = `admin:${id}`;
  return getApps().find((app) => app.name === name) ?? initializeApp({ projectId: id }, name);
}

export const adminDb = (): Firestore => getFirestore(adminApp());
export const adminAuth = () => getAuth(adminApp());

/** Where the site's users are: locally the emulator's browser project, whichever project holds the data; else the project's Auth. */
export function accountsAuth(): Auth {
  return process.env.FIREBASE_AUTH_EMULATOR_HOST ? emulatorBrowserAuth() : adminAuth();
}

/** The bucket of the pictures (../export/photo-base.ts names it), on the Storage emulator beside the Firestore one. */
export function picturesBucket(): Bucket {
  const { bucket, emulatorHost } = photoUrlBase();
  if (emulatorHost) process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= emulatorHost;
  return getStorage(adminApp()).bucket(bucket);
}

/** The Auth emulator's users that browsers sign in as (see EMULATOR_AUTH_PROJECT_ID). */
export function emulatorBrowserAuth() {
  const name = 'emulator-browser-auth';
  const app = getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId: EMULATOR_AUTH_PROJECT_ID }, name);
  return getAuth(app);
}

/**
 * Fails fast, with a message naming the target, when Firestore cannot be
 * reached. `readProbe: false` skips the one-document read (billed) and only
 * knocks on the emulator's door, which is free.
 */
export async function assertFirestoreReachable(db: Firestore, timeoutMs = 15_000, { readProbe = true } = {}): Promise<void> {
  const target = process.env.FIRESTORE_EMULATOR_HOST
    ? `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
    : `Firestore of project ${projectId()}`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new FirestoreUnavailableError(`Cannot reach ${target} (no answer in ${timeoutMs / 1000} s).`)),
      timeoutMs,
    );
  });
  try {
    if (process.env.FIRESTORE_EMULATOR_HOST) {
      await Promise.race([fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/`), timeout]);
    }
    if (readProbe) await Promise.race([db.collection('accounts').limit(1).get(), timeout]);
  } catch (error) {
    if (error instanceof FirestoreUnavailableError) throw error;
    throw new FirestoreUnavailableError(`Cannot reach ${target}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Firebase app and Auth for the islands, created lazily. Auth is set
 * up with initializeAuth and local persistence only (no popup/redirect
 * resolver): the site signs in with email and password, and the smaller
 * bundle keeps the nav island within its budget. Firestore is in db.ts,
 * so the nav does not download it.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { emulatorOrigins, firebaseConfig, usesEmulators } from './config';

export function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(firebaseConfig);
}

let auth: Auth | undefined;
export function clientAuth(): Auth {
  if (!auth) {
    auth = initializeAuth(firebaseApp(), { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    auth.languageCode = 'ja';
    // disableWarnings: the SDK's emulator banner would cover the page's own notice.
    if (usesEmulators) connectAuthEmulator(auth, emulatorOrigins.auth, { disableWarnings: true });
  }
  return auth;
}

/**
 * The public Firebase web config, from PUBLIC_ env vars with demo- defaults
 * so that a fresh clone talks only to the local emulators. Nothing here is
 * secret: Firebase web config ships to every browser.
 */
import { emulators } from '../../../firebase.json';

const env = import.meta.env;

export const firebaseConfig = {
  apiKey: env.PUBLIC_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN || 'demo-theralink.firebaseapp.com',
  projectId: env.PUBLIC_FIREBASE_PROJECT_ID || 'demo-theralink',
  storageBucket: env.PUBLIC_FIREBASE_STORAGE_BUCKET || 'demo-theralink.appspot.com',
  appId: env.PUBLIC_FIREBASE_APP_ID || 'demo-app',
  messagingSenderId: env.PUBLIC_FIREBASE_MESSAGING_SENDER_ID || '000000000000',
};

/** A demo- project exists only in the emulators: every client call goes there. */
export const usesEmulators = firebaseConfig.projectId.startsWith('demo-');

/** Host the browser reaches the emulators on (the ports come from firebase.json). */
const emulatorHost = env.PUBLIC_FIREBASE_EMULATOR_HOST || '127.0.0.1';
export const emulatorOrigins = {
  auth: `http://${emulatorHost}:${emulators.auth.port}`,
  firestore: { host: emulatorHost, port: emulators.firestore.port },
  storage: { host: emulatorHost, port: emulators.storage.port },
};

/** Web-push key of the real project; push is off without it (and always in the demo). */
export const vapidKey: string = env.PUBLIC_FIREBASE_VAPID_KEY || '';
export const messagingConfigured = !usesEmulators && vapidKey !== '';

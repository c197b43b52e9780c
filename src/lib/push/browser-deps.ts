/**
 * The real PushDeps. Nothing heavy is imported up front: firebase/messaging
 * (and the Firestore token store) load on first use, so merely importing
 * the push library keeps them out of the page's first bundle.
 */
import { vapidKey } from '../firebase/config';
import { pushAvailability } from './availability';
import type { PushDeps } from './enable';
import { storageLastToken } from './last-token';
import { registerPushServiceWorker } from './service-worker';
import type { TokenStore } from './token-store';

const messagingModule = () => import('firebase/messaging');

let tokenStore: Promise<TokenStore> | undefined;
const loadTokenStore = (): Promise<TokenStore> => {
  tokenStore ??= Promise.all([import('./token-store'), import('../firebase/db')]).then(
    ([{ firestoreTokenStore }, { clientDb }]) => firestoreTokenStore(clientDb()),
  );
  return tokenStore;
};

const lazyTokenStore: TokenStore = {
  read: async (uid, token) => (await loadTokenStore()).read(uid, token),
  create: async (uid, token) => (await loadTokenStore()).create(uid, token),
  touch: async (uid, token) => (await loadTokenStore()).touch(uid, token),
  remove: async (uid, token) => (await loadTokenStore()).remove(uid, token),
};

export function browserPushDeps(): PushDeps {
  return {
    availability: () => pushAvailability(),
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    messagingSupported: async () => (await messagingModule()).isSupported(),
    registerServiceWorker: () => registerPushServiceWorker(),
    // getToken is marked deprecated in firebase 12 in favour of FID-based register()/onRegistered,
    // but the data model (users/{uid}/fcmTokens/{token}) and the admin sender work with FCM tokens.
    getToken: async (registration) => {
      const [{ getMessaging, getToken }, { firebaseApp }] = await Promise.all([messagingModule(), import('../firebase/app')]);
      return getToken(getMessaging(firebaseApp()), { vapidKey, serviceWorkerRegistration: registration });
    },
    tokens: lazyTokenStore,
    lastToken: storageLastToken(),
    now: () => new Date(),
  };
}

/**
 * The real PushDeps. firebase/messaging loads on first use, so the page
 * does not download it until push is turned on or refreshed. The token
 * store uses the lite Firestore the /announcements island already has.
 */
import { vapidKey } from '../firebase/config';
import { clientDb } from '../firebase/db';
import { pushAvailability } from './availability';
import type { PushDeps } from './push-deps';
import { storageLastToken } from './last-token';
import { registerPushServiceWorker } from './service-worker';
import { firestoreTokenStore } from './token-store';

const messagingModule = () => import('firebase/messaging');

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
    tokens: firestoreTokenStore(clientDb()),
    lastToken: storageLastToken(),
    now: () => new Date(),
  };
}

/** Every browser and Firebase piece push needs (./enable.ts), so the flow can be tested with stand-ins. */
import type { PushAvailability } from './availability';
import type { LastTokenMemory } from './last-token';
import type { TokenStore } from './token-store';

export interface PushDeps {
  availability(): PushAvailability;
  /** The current notification permission (never prompts). */
  permission(): NotificationPermission;
  /** Asks for notification permission (prompts when it is 'default'). */
  requestPermission(): Promise<NotificationPermission>;
  /** firebase/messaging's isSupported(). */
  messagingSupported(): Promise<boolean>;
  /** Registers the push service worker; rejects on failure or timeout. */
  registerServiceWorker(): Promise<ServiceWorkerRegistration>;
  /** firebase/messaging's getToken() with the project's VAPID key. */
  getToken(registration: ServiceWorkerRegistration): Promise<string>;
  tokens: TokenStore;
  lastToken: LastTokenMemory;
  now(): Date;
}

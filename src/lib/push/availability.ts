/** Whether this page can offer push at all, checked without prompting. */
import { messagingConfigured } from '../firebase/config';

export type PushAvailability = 'local-demo' | 'unsupported' | 'available';

export interface PushEnvironment {
  messagingConfigured: boolean;
  /** The browser's global object (window), or undefined outside a browser. */
  global: object | undefined;
}

const browserEnvironment = (): PushEnvironment => ({
  messagingConfigured,
  global: typeof window === 'undefined' ? undefined : window,
});

/**
 * 'local-demo' in a demo- project (Cloud Messaging cannot run locally),
 * 'unsupported' when the browser lacks service workers, notifications or
 * the Push API (e.g. iOS Safari outside a home-screen web app).
 */
export function pushAvailability(env: PushEnvironment = browserEnvironment()): PushAvailability {
  if (!env.messagingConfigured) return 'local-demo';
  const global = env.global as { navigator?: object } | undefined;
  if (!global || !global.navigator) return 'unsupported';
  const supported = 'serviceWorker' in global.navigator && 'Notification' in global && 'PushManager' in global;
  return supported ? 'available' : 'unsupported';
}

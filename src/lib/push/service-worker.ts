/**
 * Registers public/firebase-messaging-sw.js, the push service worker, in
 * the scope Firebase Messaging uses for its own, and waits until it is
 * active (getToken needs an active worker to subscribe with). Gives up
 * after SW_REGISTRATION_TIMEOUT_MS.
 */
import { SW_REGISTRATION_TIMEOUT_MS } from '../site';
import { TimeoutError, withTimeout } from './timeout';

export const PUSH_SW_URL = '/firebase-messaging-sw.js';
export const PUSH_SW_SCOPE = '/firebase-cloud-messaging-push-scope';

type Container = Pick<ServiceWorkerContainer, 'register'>;

export function registerPushServiceWorker(
  container: Container = navigator.serviceWorker,
  timeoutMs: number = SW_REGISTRATION_TIMEOUT_MS,
): Promise<ServiceWorkerRegistration> {
  return withTimeout(registerAndActivate(container), timeoutMs, () => new TimeoutError(timeoutMs));
}

async function registerAndActivate(container: Container): Promise<ServiceWorkerRegistration> {
  const registration = await container.register(PUSH_SW_URL, { scope: PUSH_SW_SCOPE });
  await untilActive(registration);
  return registration;
}

function untilActive(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.active) return Promise.resolve();
  const incoming = registration.installing ?? registration.waiting;
  if (!incoming) return Promise.reject(new Error('The service worker registration has no worker.'));
  return new Promise<void>((resolve, reject) => {
    const onStateChange = () => {
      if (incoming.state === 'activated') resolve();
      else if (incoming.state === 'redundant') reject(new Error('The service worker became redundant.'));
      else return;
      incoming.removeEventListener('statechange', onStateChange);
    };
    incoming.addEventListener('statechange', onStateChange);
  });
}

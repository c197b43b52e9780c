/**
 * Turning push on for a signed-in user, and keeping the stored token fresh.
 * Every browser and Firebase piece comes in through PushDeps, so the flow
 * (and each failure it maps) can be tested with stand-ins; the default is
 * browserPushDeps(), which loads firebase/messaging only when needed.
 */
import { INSTALLATION_REGISTRATION_TIMEOUT_MS } from '../site';
import { browserPushDeps } from './browser-deps';
import type { PushDeps } from './push-deps';
import type { PushFailure } from './failures';
import { withTimeout } from './timeout';
import { planTokenSlot } from './token-slots';

export type PushResult = { ok: true; token: string } | { ok: false; failure: PushFailure };

const fail = (failure: PushFailure): PushResult => ({ ok: false, failure });

/**
 * Asks for permission and subscribes this browser for `uid`'s pushes.
 * Call it straight from the click handler: the permission prompt comes
 * first, before anything is awaited, so browsers that need a user gesture
 * for it (Safari) still see one. In the local demo it does nothing and
 * reports 'unsupported' (the page should not offer push there at all).
 */
export async function enablePush(uid: string, deps: PushDeps = browserPushDeps()): Promise<PushResult> {
  if (deps.availability() !== 'available') return fail('unsupported');
  let permission: NotificationPermission;
  try {
    permission = await deps.requestPermission();
  } catch {
    return fail('unsupported');
  }
  if (permission === 'denied') return fail('permission-blocked');
  if (permission !== 'granted') return fail('permission-dismissed');
  return subscribeAndStore(uid, deps);
}

/**
 * For /announcements opening: when push was already allowed, re-gets the
 * token and refreshes its record (new, older than 7 days, or changed).
 * Never prompts. Resolves null when there is nothing to do.
 */
export async function refreshPushTokenIfStale(uid: string, deps: PushDeps = browserPushDeps()): Promise<PushResult | null> {
  if (deps.availability() !== 'available') return null;
  if (deps.permission() !== 'granted') return null;
  return subscribeAndStore(uid, deps);
}

async function subscribeAndStore(uid: string, deps: PushDeps): Promise<PushResult> {
  try {
    if (!(await deps.messagingSupported())) return fail('unsupported');
  } catch {
    return fail('unsupported');
  }
  let registration: ServiceWorkerRegistration;
  try {
    registration = await deps.registerServiceWorker();
  } catch {
    return fail('service-worker');
  }
  let token: string;
  try {
    token = await withTimeout(deps.getToken(registration), INSTALLATION_REGISTRATION_TIMEOUT_MS);
  } catch {
    return fail('token-subscribe');
  }
  if (!token) return fail('token-subscribe');
  try {
    await storeToken(uid, token, deps);
  } catch {
    return fail('token-update');
  }
  return { ok: true, token };
}

/**
 * Records `token` for `uid` in one of her slots (token-slots.ts): refreshed
 * when older than PUSH_TOKEN_REFRESH_DAYS, else left alone; a new token
 * takes the slot of this browser's previous one, a free one, or the
 * stalest. Remembered only once every write succeeded, so a failure is
 * retried on the next visit.
 */
export async function storeToken(uid: string, token: string, deps: Pick<PushDeps, 'tokens' | 'lastToken' | 'now'>): Promise<void> {
  const stored = await deps.tokens.list(uid);
  const plan = planTokenSlot(stored, token, deps.lastToken.get(uid), deps.now());
  if (plan.write?.kind === 'touch') await deps.tokens.touch(uid, plan.write.slot);
  else if (plan.write) await deps.tokens.write(uid, plan.write.slot, token);
  for (const slot of plan.remove) await deps.tokens.remove(uid, slot);
  deps.lastToken.set(uid, token);
}

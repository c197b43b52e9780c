/** Push opt-in for /announcements: see enable.ts for the flow. */
export { pushAvailability, type PushAvailability } from './availability';
export { enablePush, refreshPushTokenIfStale, storeToken, type PushResult } from './enable';
export type { PushDeps } from './push-deps';
export { PUSH_LOCAL_DEMO_MESSAGE, pushFailureMessage, type PushFailure } from './failures';
export { PUSH_SW_SCOPE, PUSH_SW_URL, registerPushServiceWorker } from './service-worker';
export { TimeoutError, withTimeout } from './timeout';
export { tokenNeedsRefresh } from './token-age';

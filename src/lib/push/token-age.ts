import { PUSH_TOKEN_REFRESH_DAYS } from '../site';

const REFRESH_AFTER_MS = PUSH_TOKEN_REFRESH_DAYS * 24 * 60 * 60 * 1000;

/** True when a token last refreshed at `refreshedAt` is older than PUSH_TOKEN_REFRESH_DAYS. */
export function tokenNeedsRefresh(refreshedAt: Date, now: Date): boolean {
  const age = now.getTime() - refreshedAt.getTime();
  return Number.isNaN(age) || age > REFRESH_AFTER_MS;
}

/** tokenNeedsRefresh: a token older than PUSH_TOKEN_REFRESH_DAYS (7) is refreshed. */
import { describe, expect, it } from 'vitest';
import { tokenNeedsRefresh } from '../../src/lib/push/token-age';
import { PUSH_TOKEN_REFRESH_DAYS } from '../../src/lib/site';

const NOW = new Date('2026-03-10T00:00:00Z');
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const before = (ms: number) => new Date(NOW.getTime() - ms);

describe('tokenNeedsRefresh', () => {
  it('uses the 7-day constant', () => {
    expect(PUSH_TOKEN_REFRESH_DAYS).toBe(7);
  });

  it('keeps a token refreshed just now or a day ago', () => {
    expect(tokenNeedsRefresh(NOW, NOW)).toBe(false);
    expect(tokenNeedsRefresh(before(24 * 60 * 60 * 1000), NOW)).toBe(false);
  });

  it('keeps a token exactly 7 days old, and refreshes it one millisecond later', () => {
    expect(tokenNeedsRefresh(before(SEVEN_DAYS_MS), NOW)).toBe(false);
    expect(tokenNeedsRefresh(before(SEVEN_DAYS_MS + 1), NOW)).toBe(true);
  });

  it('refreshes a token 30 days old', () => {
    expect(tokenNeedsRefresh(before(30 * 24 * 60 * 60 * 1000), NOW)).toBe(true);
  });

  it('keeps a token stamped slightly in the future (clock skew)', () => {
    expect(tokenNeedsRefresh(new Date(NOW.getTime() + 60_000), NOW)).toBe(false);
  });

  it('refreshes when the date is invalid', () => {
    expect(tokenNeedsRefresh(new Date(Number.NaN), NOW)).toBe(true);
  });
});

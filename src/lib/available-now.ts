/**
 * 今すぐ案内可 (docs/decisions/available-now.md): the windows she can
 * choose and how its end is written. No zod: the islands import it.
 */

/** The windows offered, in minutes; firestore.rules refuses an end later than 90 minutes from the write. */
export const AVAILABLE_NOW_MINUTES = [30, 60, 90] as const;
export type AvailableNowMinutes = (typeof AVAILABLE_NOW_MINUTES)[number];

/** Whether a window ending at `until` is still open at `now`. */
export function isAvailableAt(until: Date | string, now: Date): boolean {
  return new Date(until).getTime() > now.getTime();
}

const MINUTE_MS = 60_000;
/**
 * The rules refuse an end later than the server's time + 90 minutes, and a
 * phone's clock may run a little ahead: the end is taken 30 seconds early,
 * then down to the whole minute, so 「15:30 まで」 is exactly when it ends.
 */
const CLOCK_MARGIN_MS = 30_000;

/** When a window of `minutes` chosen at `now` ends. */
export function windowEnd(minutes: AvailableNowMinutes, now = Date.now()): Date {
  const end = now + minutes * MINUTE_MS - CLOCK_MARGIN_MS;
  return new Date(end - (end % MINUTE_MS));
}

/**
 * 今すぐ案内可 (docs/decisions/available-now.md): the windows she can
 * choose and how its end is written. No zod: the islands import it.
 */

/** The windows offered, in minutes; firestore.rules refuses an end later than 90 minutes from the write. */
export const AVAILABLE_NOW_MINUTES = [30, 60, 90] as const;
export type AvailableNowMinutes = (typeof AVAILABLE_NOW_MINUTES)[number];

const clock = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 「15:30」: when a window ends, in Tokyo time. */
export function formatUntil(until: Date | string): string {
  return clock.format(typeof until === 'string' ? new Date(until) : until);
}

/** Whether a window ending at `until` is still open at `now`. */
export function isAvailableAt(until: Date | string, now: Date): boolean {
  return new Date(until).getTime() > now.getTime();
}

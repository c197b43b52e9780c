/**
 * 予約投稿 times: <input type="datetime-local"> gives a wall-clock time
 * without a zone, which the editor reads as Tokyo time (the site's zone,
 * whatever the device's). Japan has no daylight saving time, so +09:00 is
 * exact. Pure.
 */
import { tokyoInstant, tokyoWallClock } from '../tokyo-date';

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a datetime-local value (YYYY-MM-DDTHH:mm) names in Tokyo, or null when it is not one. */
export function tokyoLocalToDate(value: string): Date | null {
  const match = LOCAL_PATTERN.exec(value);
  if (!match) return null;
  const at = tokyoInstant(value.slice(0, 10), value.slice(11));
  if (Number.isNaN(at.getTime())) return null;
  // 2026-02-30T10:00 would roll over into March: refuse it instead.
  return dateToTokyoLocal(at) === value ? at : null;
}

/** The datetime-local value of an instant in Tokyo (minutes; seconds dropped). */
export function dateToTokyoLocal(at: Date): string {
  return tokyoWallClock(at).toISOString().slice(0, 16);
}

/** The earliest time the picker offers: the next whole minute after `now`. */
export function earliestScheduleValue(now: Date = new Date()): string {
  return dateToTokyoLocal(new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000));
}

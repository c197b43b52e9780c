/**
 * Dates and times in Asia/Tokyo. Japan has no daylight saving time, so a
 * fixed +09:00 offset is exact: the hot formats are worked out from it,
 * the long date by Intl.
 */
export const TOKYO_TIME_ZONE = 'Asia/Tokyo';
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An instant's Tokyo wall clock, read with the UTC getters. The pages write
 * dates and times for every diary card and shift, and Intl took about 2 s of
 * each render worker at 10,000 therapists; the fixed offset is exact and
 * several times cheaper (docs/performance.md). An invalid time throws a RangeError, as Intl and toISOString do.
 */
export function tokyoWallClock(at: Date | string): Date {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(time)) throw new RangeError(`日時の形式が正しくありません: ${String(at)}`);
  return new Date(time + TOKYO_OFFSET_MS);
}

/** YYYY-MM-DD of the Tokyo calendar day that contains `at`. */
export function tokyoDateKey(at: Date = new Date()): string {
  return tokyoWallClock(at).toISOString().slice(0, 10);
}

/** The Tokyo calendar year that contains `at` (the footer's ©). */
export function tokyoYear(at: Date): number {
  return Number(tokyoDateKey(at).slice(0, 4));
}

/** The Tokyo date key `days` days after `dateKey` (negative goes back). */
export function addDays(dateKey: string, days: number): string {
  const start = Date.parse(`${dateKey}T00:00:00Z`);
  if (Number.isNaN(start)) throw new RangeError(`日付の形式が正しくありません: ${dateKey}`);
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant at which a Tokyo wall-clock date and HH:mm begins. */
export function tokyoInstant(dateKey: string, time = '00:00'): Date {
  return new Date(`${dateKey}T${time}:00+09:00`);
}

const dateFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TOKYO_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 「11月22日(日)」 for a Tokyo date key. */
export function formatMonthDayWeekday(dateKey: string): string {
  const weekday = WEEKDAYS[tokyoWallClock(tokyoInstant(dateKey, '12:00')).getUTCDay()];
  const [, month, day] = dateKey.split('-').map(Number);
  return `${month}月${day}日(${weekday})`;
}

/** 「2026年11月22日」 for a Tokyo date key. */
export function formatLongDate(dateKey: string): string {
  return dateFormat.format(tokyoInstant(dateKey, '12:00'));
}

/** HH:mm of a wall clock from tokyoWallClock. */
const timeOf = (clock: Date) => `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;

/** 「2026/11/22 09:05」 (「2026/12/1 00:03」: month and day unpadded) for an instant, in Tokyo time. */
export function formatDateTime(at: Date | string): string {
  const clock = tokyoWallClock(at);
  return `${clock.getUTCFullYear()}/${clock.getUTCMonth() + 1}/${clock.getUTCDate()} ${timeOf(clock)}`;
}

/** 「15:30」: an instant's Tokyo time of day, 24-hour (when a 今すぐ案内可 window ends). */
export function formatTimeOfDay(at: Date | string): string {
  return timeOf(tokyoWallClock(at));
}

/** 「11月22日 14:05」: an instant's Tokyo month, day and time (when a static page was built). */
export function formatMonthDayTime(at: Date | string): string {
  const clock = tokyoWallClock(at);
  return `${clock.getUTCMonth() + 1}月${clock.getUTCDate()}日 ${timeOf(clock)}`;
}

/** A 24-hour HH:mm time of day, 00:00–23:59 (as <input type="time"> gives it). */
export const TIME_OF_DAY_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDateKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  // 2026-13-01 is an invalid Date; 2026-02-30 rolls over to another day.
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** 「2026-12-01 16:16:31」 in Tokyo time, for logs and the operator's lists: fixed width, so it sorts as it reads. */
export function tokyoStamp(at: Date): string {
  return tokyoWallClock(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant the Tokyo day after the one containing `at` begins. */
export function nextTokyoMidnight(at: Date = new Date()): Date {
  return tokyoInstant(addDays(tokyoDateKey(at), 1));
}

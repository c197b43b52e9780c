/**
 * A shift as the editor handles it, and its place on the Tokyo timeline.
 * `date` is the Tokyo day the shift starts; an `end` earlier than `start`
 * is on the next day, so a shift always lasts less than 24 hours.
 */
import { endsNextDay, formatShiftTime, type ShiftTimes } from './view';
import { TIME_OF_DAY_PATTERN, formatMonthDayWeekday } from '../tokyo-date';

/** The fields a person edits (schedules/{id} without owner and timestamp). */
export interface ShiftFields extends ShiftTimes {
  note: string;
}

/** A stored shift, as the editor loads it. */
export interface Shift extends ShiftFields {
  id: string;
  userId: string;
  storeId: string | null;
}

const MINUTES_PER_DAY = 24 * 60;

/** True for a 24-hour HH:mm time (00:00–23:59), as <input type="time"> gives it. */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY_PATTERN.test(value);
}

/** Days from 1970-01-01 to a YYYY-MM-DD date key (NaN for a malformed key). */
export function dayNumber(dateKey: string): number {
  return Date.parse(`${dateKey}T00:00:00Z`) / (MINUTES_PER_DAY * 60_000);
}

function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Half-open [start, end) in minutes of Tokyo wall-clock time since 1970-01-01 00:00. */
export interface ShiftInterval {
  start: number;
  end: number;
}

/**
 * The interval a (valid) shift covers: from `date` + `start` to `end` on
 * the same day, or on the next day when `end` is earlier than `start`.
 */
export function shiftInterval(shift: ShiftTimes): ShiftInterval {
  const day = dayNumber(shift.date) * MINUTES_PER_DAY;
  const start = day + minutesOfDay(shift.start);
  const end = day + minutesOfDay(shift.end) + (endsNextDay(shift) ? MINUTES_PER_DAY : 0);
  return { start, end };
}

/** 「11月22日(日) 20:00〜翌03:00」: a shift named in a message or a button. */
export function shiftLabel(shift: ShiftTimes): string {
  return `${formatMonthDayWeekday(shift.date)} ${formatShiftTime(shift)}`;
}

/**
 * The store's roster on /schedule/manage: its confirmed members × seven
 * Tokyo days starting today, moved by whole weeks (前の週 / 次の週) while
 * the window still holds a day a shift may have (yesterday to
 * SHIFT_DAYS_AHEAD days ahead, slots.ts). Pure.
 */
import { addDays } from '../tokyo-date';
import { dayNumber, type Shift } from './shift';
import { shiftDateRange } from './slots';
import { DAYS_PER_WEEK } from './week';

/** The first day of the roster window `offset` weeks from the one starting on Tokyo `today`. */
export function rosterStart(today: string, offset: number): string {
  return addDays(today, offset * DAYS_PER_WEEK);
}

/** The window (in weeks from today's) that shows `date`. */
export function rosterOffsetOf(today: string, date: string): number {
  return Math.floor((dayNumber(date) - dayNumber(today)) / DAYS_PER_WEEK);
}

/** The windows with at least one day a shift may have: from the one showing yesterday to the one showing the last day. */
export function rosterOffsetRange(today: string): { min: number; max: number } {
  const { first, last } = shiftDateRange(today);
  return { min: rosterOffsetOf(today, first), max: rosterOffsetOf(today, last) };
}

/** `offset` brought into rosterOffsetRange (a restored draft may name a day long gone). */
export function clampRosterOffset(today: string, offset: number): number {
  const { min, max } = rosterOffsetRange(today);
  return Math.min(max, Math.max(min, offset));
}

/** True when a shift may be added on `date` (the rules' range, from Tokyo `today`). */
export function isShiftDay(date: string, today: string): boolean {
  const { first, last } = shiftDateRange(today);
  return date >= first && date <= last;
}

/** One member's shifts by the day they start, for the seven `days` (each sorted as given; an empty list on a day without). */
export function shiftsByRosterDay(shifts: readonly Shift[], days: readonly string[]): Map<string, Shift[]> {
  const byDay = new Map(days.map((day) => [day, [] as Shift[]]));
  for (const shift of shifts) byDay.get(shift.date)?.push(shift);
  return byDay;
}

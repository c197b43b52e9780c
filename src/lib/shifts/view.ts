import type { PublicShift, PublicStore } from '../../schema/public';
import { storePath } from '../routes';
import { storeDisplayName } from '../store-name';
import { addDays, tokyoInstant } from '../tokyo-date';

/** The fields of a shift the public pages show. */
export interface ShiftTimes {
  date: string;
  start: string;
  end: string;
}

/** True when the shift ends after midnight (its end is earlier than its start). */
export function endsNextDay(shift: Pick<ShiftTimes, 'start' | 'end'>): boolean {
  return shift.end < shift.start;
}

/** The Tokyo date (YYYY-MM-DD) the shift ends on: the next day when it passes midnight. */
export function endDateKey(shift: ShiftTimes): string {
  return endsNextDay(shift) ? addDays(shift.date, 1) : shift.date;
}

/** 「18:00〜翌03:00」: start–end, with 翌 when the shift passes midnight. */
export function formatShiftTime(shift: Pick<ShiftTimes, 'start' | 'end'>): string {
  return `${shift.start}〜${endsNextDay(shift) ? '翌' : ''}${shift.end}`;
}

/** When a shift starts and ends, as epoch milliseconds (ShiftStatusScript reads them). */
export function shiftSpan(shift: ShiftTimes): { 'data-starts': number; 'data-ends': number } {
  return {
    'data-starts': tokyoInstant(shift.date, shift.start).getTime(),
    'data-ends': tokyoInstant(endDateKey(shift), shift.end).getTime(),
  };
}

/** Orders shifts by date, then start time. */
export function compareShifts(a: ShiftTimes, b: ShiftTimes): number {
  return a.date.localeCompare(b.date) || a.start.localeCompare(b.start);
}

/**
 * Shifts on the `days` Tokyo days starting at `fromKey` (inclusive), sorted
 * by date then start time.
 */
export function upcomingShifts<T extends ShiftTimes>(shifts: readonly T[], fromKey: string, days: number): T[] {
  const untilKey = addDays(fromKey, days);
  return shifts.filter((shift) => shift.date >= fromKey && shift.date < untilKey).sort(compareShifts);
}

/** Groups already-sorted shifts by date, keeping their order. */
export function groupByDate<T extends ShiftTimes>(shifts: readonly T[]): { date: string; shifts: T[] }[] {
  const groups: { date: string; shifts: T[] }[] = [];
  for (const shift of shifts) {
    const last = groups[groups.length - 1];
    if (last?.date === shift.date) last.shifts.push(shift);
    else groups.push({ date: shift.date, shifts: [shift] });
  }
  return groups;
}

/**
 * Every Tokyo day of the `days`-day window from `fromKey`, each with its
 * shifts sorted by start time (an empty list on a day without any).
 */
export function shiftsByDay<T extends ShiftTimes>(shifts: readonly T[], fromKey: string, days: number): { date: string; shifts: T[] }[] {
  const byDate = new Map(groupByDate(upcomingShifts(shifts, fromKey, days)).map((group) => [group.date, group.shifts]));
  return Array.from({ length: days }, (_, offset) => {
    const date = addDays(fromKey, offset);
    return { date, shifts: byDate.get(date) ?? [] };
  });
}

/** Days of upcoming shifts a store page summarises. */
export const STORE_SCHEDULE_DAYS = 7;

/** A row of a therapist's schedule: the time and the store it is at (linked when public). */
export function therapistShiftRow(shift: PublicShift, storesById: ReadonlyMap<string, PublicStore>) {
  const at = shift.storeId ? storesById.get(shift.storeId) : undefined;
  return {
    id: shift.id,
    time: formatShiftTime(shift),
    label: at ? storeDisplayName(at) : '店舗情報なし',
    href: at && storePath(at.profileSlug),
    note: shift.note,
  };
}

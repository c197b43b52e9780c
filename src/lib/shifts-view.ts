import { addDays } from './tokyo-date';

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

/** 「18:00〜翌03:00」: start–end, with 翌 when the shift passes midnight. */
export function formatShiftTime(shift: Pick<ShiftTimes, 'start' | 'end'>): string {
  return `${shift.start}〜${endsNextDay(shift) ? '翌' : ''}${shift.end}`;
}

/**
 * Shifts on the `days` Tokyo days starting at `fromKey` (inclusive), sorted
 * by date then start time.
 */
export function upcomingShifts<T extends ShiftTimes>(shifts: readonly T[], fromKey: string, days: number): T[] {
  const untilKey = addDays(fromKey, days);
  return shifts
    .filter((shift) => shift.date >= fromKey && shift.date < untilKey)
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
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

/** Days of upcoming shifts a store page summarises. */
export const STORE_SCHEDULE_DAYS = 7;

/** Weeks of the schedule editor: Monday to Sunday, Tokyo date keys. */
import { addDays, formatMonthDayWeekday } from '../tokyo-date';

export const DAYS_PER_WEEK = 7;

/** The Monday of the week that contains `dateKey`. */
export function weekStart(dateKey: string): string {
  const weekday = new Date(`${dateKey}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(dateKey, -((weekday + 6) % DAYS_PER_WEEK));
}

/** The seven date keys of the week starting on Monday `start`. */
export function weekDays(start: string): string[] {
  return Array.from({ length: DAYS_PER_WEEK }, (_, index) => addDays(start, index));
}

export function previousWeek(start: string): string {
  return addDays(start, -DAYS_PER_WEEK);
}

export function nextWeek(start: string): string {
  return addDays(start, DAYS_PER_WEEK);
}

/** 「11月23日(月)〜11月29日(日)」 for the week starting on `start`. */
export function weekRangeLabel(start: string): string {
  return `${formatMonthDayWeekday(start)}〜${formatMonthDayWeekday(addDays(start, DAYS_PER_WEEK - 1))}`;
}

/** 先週をコピー: a week's shifts moved onto another week, skipping clashes. */
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../caps';
import { addDays } from '../tokyo-date';
import { findOverlap } from './overlap';
import { compareShifts } from './view';
import { dayNumber, type ShiftFields } from './shift';
import type { ShiftTimes } from './view';
import { DAYS_PER_WEEK } from './week';

export interface WeekCopy {
  /** Shifts to create in the target week. */
  toCreate: ShiftFields[];
  /** Moved shifts left out because they would overlap a shift already there. */
  skipped: ShiftFields[];
}

/**
 * Moves the shifts of the week starting `fromWeekStart` (others in
 * `sourceShifts` are ignored) by the days between the two Mondays. A moved
 * shift that overlaps `existingTargetShifts` (which should include the day
 * before the target week and the day after it, for shifts past midnight) or
 * one already taken is skipped.
 */
export function copyWeek(
  sourceShifts: readonly ShiftFields[],
  fromWeekStart: string,
  toWeekStart: string,
  existingTargetShifts: readonly ShiftTimes[],
): WeekCopy {
  const offset = dayNumber(toWeekStart) - dayNumber(fromWeekStart);
  const fromEnd = addDays(fromWeekStart, DAYS_PER_WEEK);
  const copy: WeekCopy = { toCreate: [], skipped: [] };
  const inWeek = sourceShifts.filter((shift) => shift.date >= fromWeekStart && shift.date < fromEnd);
  for (const shift of [...inWeek].sort(compareShifts)) {
    const moved = { date: addDays(shift.date, offset), start: shift.start, end: shift.end, note: shift.note };
    const clash = findOverlap(moved, [...existingTargetShifts, ...copy.toCreate]);
    (clash ? copy.skipped : copy.toCreate).push(moved);
  }
  return copy;
}

export interface CopyCounts {
  created: number;
  /** Left out: they would overlap a shift there. */
  skipped: number;
  /** Left out: their day already holds MAX_SHIFTS_PER_DAY shifts. */
  full?: number;
  /** Left out: dated past SHIFT_DAYS_AHEAD days ahead (or before yesterday). */
  outOfRange?: number;
}

/** 「5件コピーしました（2件は重なるため、1件は 1 日 3 件の上限のため飛ばしました）」 */
export function copyResultMessage({ created, skipped, full = 0, outOfRange = 0 }: CopyCounts): string {
  if (created === 0 && skipped === 0 && full === 0 && outOfRange === 0) return '先週の出勤がないため、コピーするものはありませんでした。';
  const reasons = [
    skipped > 0 ? `${skipped}件は重なるため` : '',
    full > 0 ? `${full}件は 1 日 ${MAX_SHIFTS_PER_DAY} 件の上限のため` : '',
    outOfRange > 0 ? `${outOfRange}件は ${SHIFT_DAYS_AHEAD} 日より先の日付のため` : '',
  ].filter(Boolean);
  return `${created}件コピーしました${reasons.length > 0 ? `（${reasons.join('、')}飛ばしました）` : ''}`;
}

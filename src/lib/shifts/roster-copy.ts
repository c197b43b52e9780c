/**
 * 先週をコピー for a store's whole roster: each confirmed member's shifts
 * at the store from the seven days before the shown ones, moved one week
 * on, into the days where she has no shift at the store yet. Copies that
 * would overlap a shift there (a night shift reaching into the next day),
 * that fall outside the range shifts may have, or whose day is full are
 * left out and counted. Pure: the Firestore half is client.ts.
 */
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../caps';
import { addDays } from '../tokyo-date';
import { copyWeek } from './copy-week';
import { dayNumber, type Shift, type ShiftFields } from './shift';
import { placeShifts, type PlacedShift } from './slots';
import { DAYS_PER_WEEK, weekRangeLabel } from './week';

/** One member's shifts at the store, from the first source day to the day after the target week. */
export interface MemberShifts {
  userId: string;
  shifts: readonly Shift[];
}

/** One member's copies, each with the free slots of its day. */
export interface MemberCopy {
  userId: string;
  placed: PlacedShift<ShiftFields>[];
}

/** How many copies were left out, and why. */
export interface RosterCopySkips {
  /** Her target day already holds a shift at the store. */
  busy: number;
  /** They would overlap a shift there (the day before or after). */
  overlapping: number;
  /** Their day already holds MAX_SHIFTS_PER_DAY shifts (or the store's write was refused: her own shifts fill it). */
  full: number;
  /** Dated outside yesterday..SHIFT_DAYS_AHEAD days ahead. */
  outOfRange: number;
}

export interface RosterCopyPlan extends RosterCopySkips {
  /** Members with copies to write (members with none are left out). */
  members: MemberCopy[];
  /** Shifts in the source week, every member together. */
  source: number;
  /** Copies to write, every member together. */
  toCopy: number;
}

/**
 * Plans the copy of the week starting `fromStart` into the week starting
 * `toStart` (any two starts; the roster's are seven days apart) for every
 * member. A member's `shifts` should reach from `fromStart` to the day
 * after the target week, so night shifts on either side are seen.
 */
export function planRosterCopy(members: readonly MemberShifts[], fromStart: string, toStart: string, today: string): RosterCopyPlan {
  const offset = dayNumber(toStart) - dayNumber(fromStart);
  const fromEnd = addDays(fromStart, DAYS_PER_WEEK);
  const toEnd = addDays(toStart, DAYS_PER_WEEK);
  const plan: RosterCopyPlan = { members: [], source: 0, toCopy: 0, busy: 0, overlapping: 0, full: 0, outOfRange: 0 };
  for (const { userId, shifts } of members) {
    const source = shifts.filter((shift) => shift.date >= fromStart && shift.date < fromEnd);
    // Target-side shifts: the day before the target week (its night shifts reach in) to the day after it.
    const existing = shifts.filter((shift) => shift.date >= addDays(toStart, -1));
    const busyDays = new Set(existing.filter((shift) => shift.date >= toStart && shift.date < toEnd).map((shift) => shift.date));
    const free = source.filter((shift) => !busyDays.has(addDays(shift.date, offset)));
    const { toCreate, skipped } = copyWeek(free, fromStart, toStart, existing);
    const { placed, full, outOfRange } = placeShifts(toCreate, existing, userId, today);
    plan.source += source.length;
    plan.busy += source.length - free.length;
    plan.overlapping += skipped.length;
    plan.full += full.length;
    plan.outOfRange += outOfRange.length;
    plan.toCopy += placed.length;
    if (placed.length > 0) plan.members.push({ userId, placed });
  }
  return plan;
}

function skipReasons({ busy, overlapping, full, outOfRange }: RosterCopySkips): string[] {
  return [
    busy > 0 ? `${busy}件は既に予定があるため` : '',
    overlapping > 0 ? `${overlapping}件は前後の日の出勤と時間が重なるため` : '',
    full > 0 ? `${full}件は 1 日 ${MAX_SHIFTS_PER_DAY} 件の上限のため` : '',
    outOfRange > 0 ? `${outOfRange}件は登録できる期間（昨日から ${SHIFT_DAYS_AHEAD} 日先まで）の外のため` : '',
  ].filter(Boolean);
}

/**
 * The confirmation before writing: 「先週（…）の出勤 12件を、この週（…）にコピーしますか？」
 * with what will be left out; null when there is nothing to copy
 * (rosterCopyMessage then says why).
 */
export function rosterCopyQuestion(plan: RosterCopyPlan, fromStart: string, toStart: string): string | null {
  if (plan.toCopy === 0) return null;
  const reasons = skipReasons(plan);
  return [
    `先週（${weekRangeLabel(fromStart)}）の出勤 ${plan.toCopy}件を、この週（${weekRangeLabel(toStart)}）の同じ曜日にコピーしますか？`,
    `対象：${plan.members.length}人`,
    reasons.length > 0 ? `${reasons.join('、')}コピーしません。` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** What a finished copy did (`created` shifts written) or, with nothing to copy, why not. */
export interface RosterCopyCounts extends RosterCopySkips {
  created: number;
}

/** 「12件の出勤をコピーしました（3件は既に予定があるため飛ばしました）」 */
export function rosterCopyMessage(counts: RosterCopyCounts): string {
  const reasons = skipReasons(counts);
  const skipped = reasons.length > 0 ? `（${reasons.join('、')}飛ばしました）` : '';
  if (counts.created > 0) return `${counts.created}件の出勤をコピーしました${skipped}`;
  if (reasons.length === 0) return '先週の出勤がないため、コピーするものはありませんでした。';
  return `コピーできる出勤はありませんでした${skipped}`;
}

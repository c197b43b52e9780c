/**
 * The bounded ids that cap shifts (docs/decisions/caps-by-bounded-ids.md):
 * schedules/{userId}_{date}_{slot}, slot 0..MAX_SHIFTS_PER_DAY-1, dated
 * from yesterday to SHIFT_DAYS_AHEAD days ahead (Tokyo). A new shift takes
 * the first free slot of its day. Pure.
 */
import { freeSlots, MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../caps';
import { addDays, formatMonthDayWeekday } from '../tokyo-date';

export function shiftDocId(userId: string, date: string, slot: number): string {
  return `${userId}_${date}_${slot}`;
}

/** The date and slot a shift id names, or null for an id of another shape (an older shift). */
export function parseShiftId(id: string, userId: string): { date: string; slot: number } | null {
  const prefix = `${userId}_`;
  if (!id.startsWith(prefix)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})_(\d+)$/.exec(id.slice(prefix.length));
  if (!match) return null;
  const slot = Number(match[2]);
  return slot < MAX_SHIFTS_PER_DAY ? { date: match[1]!, slot } : null;
}

/** Free slots of `date`, lowest first, given the shifts known (ids), leaving out `except`. */
export function freeShiftSlots(known: readonly { id: string }[], userId: string, date: string, except?: string): number[] {
  const used = known.flatMap((shift) => {
    const parsed = shift.id === except ? null : parseShiftId(shift.id, userId);
    return parsed && parsed.date === date ? [parsed.slot] : [];
  });
  return freeSlots(used, MAX_SHIFTS_PER_DAY);
}

/** The earliest and latest dates a shift may have, from Tokyo `today`. */
export function shiftDateRange(today: string): { first: string; last: string } {
  return { first: addDays(today, -1), last: addDays(today, SHIFT_DAYS_AHEAD) };
}

/** Japanese reason a (valid) date is outside the range shifts may have, or null. */
export function shiftDateProblem(date: string, today: string): string | null {
  const { first, last } = shiftDateRange(today);
  if (date < first) return `日付は昨日（${formatMonthDayWeekday(first)}）以降にしてください。それより前の出勤は登録できません。`;
  if (date > last) return `出勤は ${SHIFT_DAYS_AHEAD} 日先（${formatMonthDayWeekday(last)}）まで登録できます。日付を見直してください。`;
  return null;
}

export function dayFullMessage(date: string): string {
  return `${formatMonthDayWeekday(date)} の出勤はすでに ${MAX_SHIFTS_PER_DAY} 件あります。1 日に登録できる出勤は ${MAX_SHIFTS_PER_DAY} 件までです。`;
}

/** A day that already holds MAX_SHIFTS_PER_DAY shifts. */
export class ShiftDayFullError extends Error {
  constructor(readonly date: string) {
    super(dayFullMessage(date));
    this.name = 'ShiftDayFullError';
  }
}

/** A date outside yesterday..SHIFT_DAYS_AHEAD days ahead. */
export class ShiftDateRangeError extends Error {
  constructor(
    readonly date: string,
    today: string,
  ) {
    super(shiftDateProblem(date, today) ?? '日付を見直してください。');
    this.name = 'ShiftDateRangeError';
  }
}

/** A store's write refused in every free slot: the day is full of her other shifts, or the store may no longer write. */
export class ShiftRefusedError extends Error {
  constructor(readonly date: string) {
    super(
      `${formatMonthDayWeekday(date)} には出勤を登録できませんでした。ご本人が登録した分も含めてこの日の出勤がすでに ${MAX_SHIFTS_PER_DAY} 件あるか、所属の承認が外れた可能性があります。`,
    );
    this.name = 'ShiftRefusedError';
  }
}

export interface PlacedShift<T> {
  fields: T;
  /** Free slots of its day, lowest first (a store may find some taken by shifts it cannot see). */
  slots: number[];
}

/**
 * Slots for shifts to create (copy-last-week): each takes the free slots
 * of its day after the ones placed before it; those whose day is full or
 * out of range are set aside.
 */
export function placeShifts<T extends { date: string }>(
  toCreate: readonly T[],
  known: readonly { id: string }[],
  userId: string,
  today: string,
): { placed: PlacedShift<T>[]; full: T[]; outOfRange: T[] } {
  const result = { placed: [] as PlacedShift<T>[], full: [] as T[], outOfRange: [] as T[] };
  const taken = [...known];
  for (const fields of toCreate) {
    if (shiftDateProblem(fields.date, today)) {
      result.outOfRange.push(fields);
      continue;
    }
    const slots = freeShiftSlots(taken, userId, fields.date);
    if (slots.length === 0) {
      result.full.push(fields);
      continue;
    }
    result.placed.push({ fields, slots });
    taken.push({ id: shiftDocId(userId, fields.date, slots[0]!) });
  }
  return result;
}

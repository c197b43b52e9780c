/** Checks a shift someone typed, with a Japanese message for each field at fault. */
import { isDateKey } from '../tokyo-date';
import { shiftDateProblem } from './slots';
import { isTimeOfDay, type ShiftFields } from './shift';

export const SHIFT_NOTE_MAX = 100;

export type ShiftField = keyof ShiftFields;
export type ShiftErrors = Partial<Record<ShiftField, string>>;

function timeError(value: string, label: string): string | undefined {
  if (value === '') return `${label}の時刻を入力してください。`;
  if (!isTimeOfDay(value)) return `${label}の時刻は 18:00 のように入力してください。`;
  return undefined;
}

/**
 * The problems of a shift, by field (empty when it may be saved): a real
 * date, HH:mm times, start and end not equal (that would be 0 or 24 hours),
 * and a note of at most 100 characters. With Tokyo `today`, the date must
 * also be from yesterday to SHIFT_DAYS_AHEAD days ahead (the rules' range).
 */
export function validateShift(shift: ShiftFields, today?: string): ShiftErrors {
  const errors: ShiftErrors = {};
  if (shift.date === '') errors.date = '日付を選んでください。';
  else if (!isDateKey(shift.date)) errors.date = '日付が正しくありません。カレンダーから選んでください。';
  else if (today) {
    const range = shiftDateProblem(shift.date, today);
    if (range) errors.date = range;
  }
  const start = timeError(shift.start, '開始');
  if (start) errors.start = start;
  const end = timeError(shift.end, '終了');
  if (end) errors.end = end;
  else if (!start && shift.start === shift.end) errors.end = '開始と終了が同じ時刻です。終了の時刻を見直してください。';
  if (shift.note.length > SHIFT_NOTE_MAX) {
    errors.note = `メモは${SHIFT_NOTE_MAX}文字以内にしてください（いま${shift.note.length}文字）。`;
  }
  return errors;
}

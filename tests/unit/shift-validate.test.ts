import { describe, expect, it } from 'vitest';
import { validateShift } from '../../src/lib/shifts/validate';

const valid = { date: '2026-11-23', start: '18:00', end: '03:00', note: '' };

describe('validateShift', () => {
  it('accepts a shift past midnight', () => {
    expect(validateShift(valid)).toEqual({});
  });
  it('refuses start == end on the end field', () => {
    expect(validateShift({ ...valid, start: '18:00', end: '18:00' })).toEqual({
      end: '開始と終了が同じ時刻です。終了の時刻を見直してください。',
    });
  });
  it('asks for missing fields', () => {
    expect(validateShift({ date: '', start: '', end: '', note: '' })).toEqual({
      date: '日付を選んでください。',
      start: '開始の時刻を入力してください。',
      end: '終了の時刻を入力してください。',
    });
  });
  it('refuses times that are not HH:mm', () => {
    expect(validateShift({ ...valid, start: '25:00', end: '9:00' })).toEqual({
      start: '開始の時刻は 18:00 のように入力してください。',
      end: '終了の時刻は 18:00 のように入力してください。',
    });
  });
  it('refuses a date that does not exist', () => {
    expect(validateShift({ ...valid, date: '2026-02-30' })).toEqual({
      date: '日付が正しくありません。カレンダーから選んでください。',
    });
    expect(validateShift({ ...valid, date: '2026/11/23' }).date).toBe('日付が正しくありません。カレンダーから選んでください。');
  });
  it('takes a note of 100 characters and refuses 101', () => {
    expect(validateShift({ ...valid, note: 'あ'.repeat(100) })).toEqual({});
    expect(validateShift({ ...valid, note: 'あ'.repeat(101) })).toEqual({
      note: 'メモは100文字以内にしてください（いま101文字）。',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  cleanFrozenOn,
  FROZEN_HANDLES_LIMIT,
  FROZEN_NOTE_MAX,
  formatFrozenOn,
  frozenAccountId,
  frozenEditProblems,
  frozenEntryProblems,
  frozenLimitReached,
  frozenOnProblem,
  noteProblem,
  toFrozenEntry,
} from '../../src/lib/frozen/entry';

const TODAY = '2026-11-22';
const FUTURE = '未来の日付は登録できません。今日以前の日付を入力してください。';
const INVALID = '日付を正しく入力してください（例: 2026-11-22）。';

describe('frozenAccountId', () => {
  it('is platform_handle', () => {
    expect(frozenAccountId('x', 'miu_0312')).toBe('x_miu_0312');
    expect(frozenAccountId('x', 'a')).toBe('x_a');
  });
});

describe('frozenOnProblem', () => {
  it('accepts no date', () => {
    expect(frozenOnProblem('', TODAY)).toBeNull();
    expect(frozenOnProblem('  ', TODAY)).toBeNull();
    expect(frozenOnProblem(null, TODAY)).toBeNull();
  });
  it('accepts today and past days', () => {
    expect(frozenOnProblem(TODAY, TODAY)).toBeNull();
    expect(frozenOnProblem('2026-11-21', TODAY)).toBeNull();
    expect(frozenOnProblem('2019-02-28', TODAY)).toBeNull();
  });
  it('refuses a day after Tokyo today', () => {
    expect(frozenOnProblem('2026-11-23', TODAY)).toBe(FUTURE);
    expect(frozenOnProblem('2027-01-01', TODAY)).toBe(FUTURE);
  });
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026/11/22', '2026-1-5', 'きのう', '20261122'])(
    'refuses %j as not a real YYYY-MM-DD date',
    (value) => {
      expect(frozenOnProblem(value, TODAY)).toBe(INVALID);
    },
  );
  it('accepts a leap day', () => {
    expect(frozenOnProblem('2024-02-29', TODAY)).toBeNull();
  });
});

describe('noteProblem', () => {
  it('accepts empty and up to 200 characters', () => {
    expect(FROZEN_NOTE_MAX).toBe(200);
    expect(noteProblem('')).toBeNull();
    expect(noteProblem('あ'.repeat(200))).toBeNull();
  });
  it('refuses 201 characters and says how many there are', () => {
    expect(noteProblem('あ'.repeat(201))).toBe('メモは 200 文字以内で入力してください（いま 201 文字）。');
  });
  it('does not count surrounding spaces and blank lines', () => {
    expect(noteProblem(`\n  ${'a'.repeat(200)}  \n`)).toBeNull();
  });
});

describe('frozenEntryProblems', () => {
  it('is empty for a good entry', () => {
    expect(frozenEntryProblems({ handle: '@MIU_0312', frozenOn: '2026-11-01', note: '春まで使っていました' }, TODAY)).toEqual({});
    expect(frozenEntryProblems({ handle: '＠ｍｉｕ', frozenOn: '', note: '' }, TODAY)).toEqual({});
  });
  it('gives one Japanese message per bad field', () => {
    expect(frozenEntryProblems({ handle: '', frozenOn: '2026-11-23', note: 'x'.repeat(201) }, TODAY)).toEqual({
      handle: 'ユーザー名を入力してください。',
      frozenOn: FUTURE,
      note: 'メモは 200 文字以内で入力してください（いま 201 文字）。',
    });
  });
  it('checks the handle with handleProblem', () => {
    expect(frozenEntryProblems({ handle: 'abcdefghijklmnop', frozenOn: '', note: '' }, TODAY)).toEqual({
      handle: 'X のユーザー名は 15 文字以内です。',
    });
    expect(frozenEntryProblems({ handle: 'miu.0312', frozenOn: '', note: '' }, TODAY)).toEqual({
      handle: 'X のユーザー名に使えるのは半角英数字とアンダースコア（_）だけです。',
    });
  });
});

describe('frozenEditProblems', () => {
  it('checks only the date and note', () => {
    expect(frozenEditProblems({ frozenOn: '', note: '' }, TODAY)).toEqual({});
    expect(frozenEditProblems({ frozenOn: '2026-02-30', note: '' }, TODAY)).toEqual({ frozenOn: INVALID });
  });
});

describe('toFrozenEntry', () => {
  it('normalises the handle, turns an empty date into null and trims the note', () => {
    expect(toFrozenEntry({ handle: ' ＠MIU_0312 ', frozenOn: '', note: '  メモ \n' })).toEqual({
      platform: 'x',
      handle: 'miu_0312',
      frozenOn: null,
      note: 'メモ',
    });
    expect(toFrozenEntry({ handle: 'miu', frozenOn: '2026-11-22', note: '' })).toEqual({
      platform: 'x',
      handle: 'miu',
      frozenOn: '2026-11-22',
      note: '',
    });
  });
  it('cleanFrozenOn keeps a date and empties blanks', () => {
    expect(cleanFrozenOn(' 2026-11-22 ')).toBe('2026-11-22');
    expect(cleanFrozenOn('')).toBeNull();
    expect(cleanFrozenOn(null)).toBeNull();
  });
});

describe('formatFrozenOn', () => {
  it('writes the date in Japanese, or 日付なし', () => {
    expect(formatFrozenOn('2026-11-22')).toBe('2026年11月22日');
    expect(formatFrozenOn('2026-01-05')).toBe('2026年1月5日');
    expect(formatFrozenOn(null)).toBe('日付なし');
    expect(formatFrozenOn('bad')).toBe('日付なし');
  });
});

describe('frozenLimitReached', () => {
  it('is a cap of 10 per account', () => {
    expect(FROZEN_HANDLES_LIMIT).toBe(10);
    expect(frozenLimitReached(9)).toBe(false);
    expect(frozenLimitReached(10)).toBe(true);
  });
});

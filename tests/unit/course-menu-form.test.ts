/**
 * The course menu editor's model (src/lib/course-menu/form.ts): what it
 * accepts is exactly what src/schema/course-menu.ts accepts, typed numbers
 * in any width are read, bad rows get Japanese messages by field, and the
 * public summary names the lowest price.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { courseRowsFromDoc, parseWholeNumber, validateCourseMenu } from '../../src/lib/course-menu/form';
import { courseFromText } from '../../src/lib/course-menu/summary';
import { COURSE_LIMITS } from '../../src/lib/course-menu/limits';
import { courseOptions, courses } from '../../src/schema/course-menu';

const typed = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 2_000_000 }).map(String));
const courseRow = fc.record({ minutes: typed, price: typed, note: fc.string({ maxLength: 50 }) });
const optionRow = fc.record({ name: fc.string({ maxLength: 40 }), price: typed });

describe('validateCourseMenu', () => {
  it('reads 全角 digits, separators and units', () => {
    const result = validateCourseMenu({ courses: [{ minutes: '９０分', price: '15,000円', note: ' 人気 ' }], options: [] });
    expect(result).toEqual({ courses: [{ minutes: 90, price: 15000, note: '人気' }], options: [], errors: {} });
  });

  it('names each bad field in Japanese and drops wholly blank rows', () => {
    const result = validateCourseMenu({
      courses: [
        { minutes: '5', price: 'たくさん', note: 'あ'.repeat(41) },
        { minutes: '', price: '', note: '' },
      ],
      options: [{ name: '', price: '-1' }],
    });
    expect(result.courses).toHaveLength(1);
    expect(result.errors).toEqual({
      'courses.0.minutes': '時間は 10 分から 600 分までにしてください。',
      'courses.0.price': expect.stringContaining('数字だけで入力してください'),
      'courses.0.note': 'ひとことは 40 文字以内にしてください（いま 41 文字）。',
      'options.0.name': 'オプション名を入力してください。',
      'options.0.price': expect.stringContaining('数字だけで入力してください'),
    });
  });

  it('refuses a ninth course', () => {
    const rows = Array.from({ length: COURSE_LIMITS.courses + 1 }, () => ({ minutes: '60', price: '10000', note: '' }));
    expect(validateCourseMenu({ courses: rows, options: [] }).errors.courses).toBe('コースは 8 件までです（いま 9 件）。');
  });

  it('accepts only what the schema accepts, and keeps a stored menu as it was (property)', () => {
    fc.assert(
      fc.property(fc.array(courseRow, { maxLength: 14 }), fc.array(optionRow, { maxLength: 14 }), (courseRows, optionRows) => {
        const result = validateCourseMenu({ courses: courseRows, options: optionRows });
        if (Object.keys(result.errors).length > 0) return;
        expect(courses.safeParse(result.courses).success).toBe(true);
        expect(courseOptions.safeParse(result.options).success).toBe(true);
        // Saved, reloaded into the form and saved again: the same menu.
        const again = validateCourseMenu(courseRowsFromDoc({ courses: result.courses, options: result.options }));
        expect(again).toEqual({ ...result, errors: {} });
      }),
      { seed: 40_8, numRuns: 400 },
    );
  });
});

describe('parseWholeNumber', () => {
  it.each([
    ['12000', 12000],
    ['１２，０００', 12000],
    ['60分', 60],
    ['1.5', null],
    ['-1', null],
    ['', null],
    ['1e3', null],
  ])('%j → %j', (text, value) => {
    expect(parseWholeNumber(text)).toBe(value);
  });
});

describe('courseFromText', () => {
  it('names the lowest price, the shorter course on a tie', () => {
    expect(
      courseFromText([
        { minutes: 90, price: 16000, note: '' },
        { minutes: 75, price: 12000, note: '' },
        { minutes: 60, price: 12000, note: '' },
      ]),
    ).toBe('コース 60分 12,000円〜');
    expect(courseFromText([])).toBeNull();
  });
});

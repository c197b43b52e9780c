/**
 * The course menu editor's model (コース料金 on /store-profile): rows as
 * typed (text, so nothing she typed is lost while it is wrong), the rows a
 * stored document makes, and the validation that turns them into the
 * stored courses and options or a Japanese message per field (named as the
 * inputs are: `courses.2.price`). Mirrors src/schema/course-menu.ts limit
 * for limit without importing zod (the editor island stays small); the
 * unit tests hold every accepted menu to that schema.
 */
import type { Course, CourseOption } from '../../schema/course-menu';
import { COURSE_LIMITS as L } from './limits';

export interface CourseRow {
  minutes: string;
  price: string;
  note: string;
}

export interface OptionRow {
  name: string;
  price: string;
}

export const EMPTY_COURSE: CourseRow = { minutes: '', price: '', note: '' };
export const EMPTY_OPTION: OptionRow = { name: '', price: '' };

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null) : [];

/** The rows of a stored menu (none when it has none). */
export function courseRowsFromDoc(data: Record<string, unknown>): { courses: CourseRow[]; options: OptionRow[] } {
  return {
    courses: rowsOf(data.courses).map((row) => ({ minutes: num(row.minutes), price: num(row.price), note: str(row.note) })),
    options: rowsOf(data.options).map((row) => ({ name: str(row.name), price: num(row.price) })),
  };
}

/**
 * A whole number typed in any width (全角 digits too), with the thousands
 * separators she may type (12,000 / 12，000) and 円 / 分 after it; null when
 * it is not one.
 */
export function parseWholeNumber(typed: string): number | null {
  const ascii = typed
    .normalize('NFKC')
    .replace(/[,\s]/g, '')
    .replace(/[円分]$/, '');
  return /^\d{1,9}$/.test(ascii) ? Number(ascii) : null;
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')} 円`;

type Errors = Record<string, string>;

function checkNumber(errors: Errors, field: string, typed: string, label: string, min: number, max: number, unit: (n: number) => string) {
  if (typed.trim() === '') {
    errors[field] = `${label}を入力してください。`;
    return 0;
  }
  const value = parseWholeNumber(typed);
  if (value === null) errors[field] = `${label}は半角か全角の数字だけで入力してください（例：${unit(max > 1000 ? 12000 : 60)}）。`;
  else if (value < min || value > max) errors[field] = `${label}は ${unit(min)}から ${unit(max)}までにしてください。`;
  return value ?? 0;
}

function checkCourse(errors: Errors, row: CourseRow, index: number): Course {
  const at = `courses.${index}`;
  const minutes = checkNumber(errors, `${at}.minutes`, row.minutes, '時間', L.minMinutes, L.maxMinutes, (n) => `${n} 分`);
  const price = checkNumber(errors, `${at}.price`, row.price, '料金', L.minCoursePrice, L.maxPrice, yen);
  const note = row.note.trim();
  if (note.length > L.note) errors[`${at}.note`] = `ひとことは ${L.note} 文字以内にしてください（いま ${note.length} 文字）。`;
  return { minutes, price, note };
}

function checkOption(errors: Errors, row: OptionRow, index: number): CourseOption {
  const at = `options.${index}`;
  const name = row.name.trim();
  if (name === '') errors[`${at}.name`] = 'オプション名を入力してください。';
  else if (name.length > L.optionName)
    errors[`${at}.name`] = `オプション名は ${L.optionName} 文字以内にしてください（いま ${name.length} 文字）。`;
  const price = checkNumber(errors, `${at}.price`, row.price, '料金', L.minOptionPrice, L.maxPrice, yen);
  return { name, price };
}

const blankCourse = (row: CourseRow) => row.minutes.trim() === '' && row.price.trim() === '' && row.note.trim() === '';
const blankOption = (row: OptionRow) => row.name.trim() === '' && row.price.trim() === '';

/**
 * The stored menu, or the messages: a row left wholly blank is dropped (an
 * added row she did not fill), every other row must be whole.
 */
export function validateCourseMenu(draft: { courses: readonly CourseRow[]; options: readonly OptionRow[] }): {
  courses: Course[];
  options: CourseOption[];
  errors: Errors;
} {
  const errors: Errors = {};
  const courseRows = draft.courses.map((row, index) => ({ row, index })).filter(({ row }) => !blankCourse(row));
  const optionRows = draft.options.map((row, index) => ({ row, index })).filter(({ row }) => !blankOption(row));
  if (courseRows.length > L.courses) errors.courses = `コースは ${L.courses} 件までです（いま ${courseRows.length} 件）。`;
  if (optionRows.length > L.options) errors.options = `オプションは ${L.options} 件までです（いま ${optionRows.length} 件）。`;
  const courses = courseRows.map(({ row, index }) => checkCourse(errors, row, index));
  const options = optionRows.map(({ row, index }) => checkOption(errors, row, index));
  return { courses, options, errors };
}

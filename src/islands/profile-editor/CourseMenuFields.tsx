/**
 * The store's course menu (コース料金): a row per course (minutes, price, a
 * short note) and per option (name, price), added and removed here and
 * saved with the rest of the profile. Numbers are kept as typed (全角 and
 * 12,000 too) and checked on save (src/lib/course-menu/form.ts).
 */
import { EMPTY_COURSE, EMPTY_OPTION, type CourseRow, type OptionRow } from '../../lib/course-menu/form';
import type { FormErrors } from '../../lib/profile/profile-form';
import { COURSE_LIMITS } from '../../lib/course-menu/limits';
import { TextField } from '../forms/TextField';
import { Button } from '../ui/Button';

interface Props {
  courses: CourseRow[];
  options: OptionRow[];
  errors: FormErrors;
  onCourses(rows: CourseRow[]): void;
  onOptions(rows: OptionRow[]): void;
  /** Forgets the messages of a list whose rows moved (a removed row shifts the ones after it). */
  onClearErrors(prefix: 'courses' | 'options'): void;
}

const numberInput = { inputMode: 'numeric', autoComplete: 'off', className: 'field-input w-28' } as const;

function setRow<T>(rows: T[], index: number, row: T): T[] {
  return rows.map((current, at) => (at === index ? row : current));
}

export function CourseMenuFields({ courses, options, errors, onCourses, onOptions, onClearErrors }: Props) {
  const removeCourse = (index: number) => {
    onCourses(courses.filter((_, at) => at !== index));
    onClearErrors('courses');
  };
  const removeOption = (index: number) => {
    onOptions(options.filter((_, at) => at !== index));
    onClearErrors('options');
  };
  return (
    <fieldset className="card space-y-4" aria-describedby="course-menu-help">
      <legend className="px-1 text-lg font-bold">コース料金</legend>
      <p id="course-menu-help" className="text-sm text-gray-600 dark:text-gray-400">
        お店のページと、所属セラピストのページに表示します。コースとオプションはそれぞれ {COURSE_LIMITS.courses}{' '}
        件まで。料金は税込みの円で入力してください。
      </p>
      {errors.courses && <p className="field-error">{errors.courses}</p>}
      <ol className="space-y-3">
        {courses.map((row, index) => (
          <li key={index} className="card p-3">
            <div className="flex flex-wrap items-start gap-3">
              <TextField
                {...numberInput}
                name={`courses.${index}.minutes`}
                label={`コース ${index + 1} の時間`}
                value={row.minutes}
                placeholder="60"
                onChange={(event) => onCourses(setRow(courses, index, { ...row, minutes: event.target.value }))}
                error={errors[`courses.${index}.minutes`]}
                hint="分"
              />
              <TextField
                {...numberInput}
                name={`courses.${index}.price`}
                label="料金"
                value={row.price}
                placeholder="12000"
                onChange={(event) => onCourses(setRow(courses, index, { ...row, price: event.target.value }))}
                error={errors[`courses.${index}.price`]}
                hint="円"
              />
            </div>
            <div className="mt-2 flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <TextField
                  name={`courses.${index}.note`}
                  label="ひとこと（任意）"
                  value={row.note}
                  placeholder="一番人気"
                  onChange={(event) => onCourses(setRow(courses, index, { ...row, note: event.target.value }))}
                  error={errors[`courses.${index}.note`]}
                  hint={`${COURSE_LIMITS.note} 文字まで`}
                />
              </div>
              <Button variant="quiet" size="sm" className="mb-6" onClick={() => removeCourse(index)}>
                コース {index + 1} を削除
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {courses.length < COURSE_LIMITS.courses && (
        <Button variant="secondary" size="sm" onClick={() => onCourses([...courses, EMPTY_COURSE])}>
          ＋ コースを追加
        </Button>
      )}

      <h3 className="pt-2 font-bold">オプション</h3>
      {errors.options && <p className="field-error">{errors.options}</p>}
      <ol className="space-y-3">
        {options.map((row, index) => (
          <li key={index} className="card flex flex-wrap items-start gap-3 p-3">
            <div className="min-w-0 flex-1 basis-40">
              <TextField
                name={`options.${index}.name`}
                label={`オプション ${index + 1}`}
                value={row.name}
                placeholder="指名料"
                onChange={(event) => onOptions(setRow(options, index, { ...row, name: event.target.value }))}
                error={errors[`options.${index}.name`]}
              />
            </div>
            <TextField
              {...numberInput}
              name={`options.${index}.price`}
              label="料金"
              value={row.price}
              placeholder="1000"
              onChange={(event) => onOptions(setRow(options, index, { ...row, price: event.target.value }))}
              error={errors[`options.${index}.price`]}
              hint="円（無料は 0）"
            />
            <Button variant="quiet" size="sm" className="self-center" onClick={() => removeOption(index)}>
              削除
            </Button>
          </li>
        ))}
      </ol>
      {options.length < COURSE_LIMITS.options && (
        <Button variant="secondary" size="sm" onClick={() => onOptions([...options, EMPTY_OPTION])}>
          ＋ オプションを追加
        </Button>
      )}
    </fieldset>
  );
}

/** One day of the week view: its label, its shifts with 編集 / 削除, and 「＋ 出勤を追加」. */
import { formatShiftTime } from '../../lib/shifts/view';
import { shiftLabel, type Shift } from '../../lib/shifts/shift';
import { formatMonthDayWeekday } from '../../lib/tokyo-date';
import { secondaryButton } from './buttons';

interface DaySectionProps {
  date: string;
  isToday: boolean;
  /** This day's shifts, sorted; null while the week loads. */
  shifts: Shift[] | null;
  onAdd: (date: string) => void;
  onEdit: (shift: Shift) => void;
  onDelete: (shift: Shift) => void;
}

/** The id of a day's add button, where focus returns when nothing closer is left. */
export const addButtonId = (date: string) => `shift-add-${date}`;

export function DaySection({ date, isToday, shifts, onAdd, onEdit, onDelete }: DaySectionProps) {
  const label = formatMonthDayWeekday(date);
  const headingId = `day-heading-${date}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`day-${date}`}
      className={`space-y-3 rounded-lg border p-4 ${
        isToday ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950' : 'border-gray-200 dark:border-gray-700'
      }`}
    >
      <h3 id={headingId} className="flex items-center gap-2 font-bold">
        <span aria-current={isToday ? 'date' : undefined}>{label}</span>
        {isToday && <span className="bg-brand-700 dark:bg-brand-300 rounded px-2 py-0.5 text-xs text-white dark:text-gray-900">今日</span>}
      </h3>
      {shifts && shifts.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">出勤の予定はありません。</p>}
      {shifts && shifts.length > 0 && (
        <ul className="space-y-2">
          {shifts.map((shift) => (
            <li key={shift.id} className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium tabular-nums">{formatShiftTime(shift)}</p>
                {shift.note && <p className="text-sm break-words text-gray-700 dark:text-gray-300">{shift.note}</p>}
              </div>
              <div className="flex gap-2">
                <button type="button" onClick={() => onEdit(shift)} aria-label={`${shiftLabel(shift)} を編集`} className={secondaryButton}>
                  編集
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(shift)}
                  aria-label={`${shiftLabel(shift)} を削除`}
                  className={secondaryButton}
                >
                  削除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        id={addButtonId(date)}
        data-testid={`shift-add-${date}`}
        onClick={() => onAdd(date)}
        className="border-brand-700 text-brand-800 hover:bg-brand-100 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-900 w-full cursor-pointer rounded-md border border-dashed px-3 py-2 font-medium"
      >
        <span aria-hidden="true">＋ </span>出勤を追加<span className="sr-only">（{label}）</span>
      </button>
    </section>
  );
}

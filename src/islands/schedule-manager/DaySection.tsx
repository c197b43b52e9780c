/** One day of the week view: its label, its shifts with 編集 / 削除, and 「＋ 出勤を追加」. */
import { formatShiftTime } from '../../lib/shifts/view';
import { shiftLabel, type Shift } from '../../lib/shifts/shift';
import { formatMonthDayWeekday } from '../../lib/tokyo-date';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';

interface DaySectionProps {
  date: string;
  isToday: boolean;
  /** This day's shifts, sorted; null while the week loads. */
  shifts: Shift[] | null;
  /**
   * Null while the week loads: the form checks overlaps against the loaded
   * week, and the days grow when it loads (a tap then would land elsewhere).
   */
  onAdd: ((date: string) => void) | null;
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
      className={`card space-y-3 ${isToday ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950' : ''}`}
    >
      <h3 id={headingId} className="flex items-center gap-2 font-bold">
        <span aria-current={isToday ? 'date' : undefined}>{label}</span>
        {isToday && <Badge tone="solid-brand">今日</Badge>}
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
                <Button onClick={() => onEdit(shift)} aria-label={`${shiftLabel(shift)} を編集`} variant="secondary">
                  編集
                </Button>
                <Button onClick={() => onDelete(shift)} aria-label={`${shiftLabel(shift)} を削除`} variant="secondary">
                  削除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="outline"
        className="w-full gap-1 border-dashed"
        id={addButtonId(date)}
        data-testid={`shift-add-${date}`}
        disabled={!onAdd}
        onClick={() => onAdd?.(date)}
      >
        <span aria-hidden="true">＋ </span>出勤を追加<span className="sr-only">（{label}）</span>
      </Button>
    </section>
  );
}

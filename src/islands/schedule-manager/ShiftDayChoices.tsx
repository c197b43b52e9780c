/** The shifts of the form's day as buttons to switch to, with 「この日に追加」 while the day has room. */
import { MAX_SHIFTS_PER_DAY } from '../../lib/caps';
import { shiftLabel, type Shift } from '../../lib/shifts/shift';
import { formatShiftTime } from '../../lib/shifts/view';
import { Button } from '../ui/Button';
import type { ShiftDraft } from './shift-draft';

interface ShiftDayChoicesProps {
  choices: readonly Shift[];
  /** The shift open in the form ('' id when adding). */
  draft: ShiftDraft;
  /** The day a new shift is added on. */
  date: string;
  onSwitch: (target: ShiftDraft) => void;
}

export function ShiftDayChoices({ choices, draft, date, onSwitch }: ShiftDayChoicesProps) {
  return (
    <div role="group" aria-label="この日の出勤" className="flex flex-wrap gap-2" data-testid="shift-day-choices">
      {choices.map((shift) => (
        <Button
          key={shift.id}
          aria-current={shift.id === draft.id ? 'true' : undefined}
          aria-label={`${shiftLabel(shift)} を編集`}
          onClick={() =>
            shift.id !== draft.id && onSwitch({ id: shift.id, date: shift.date, start: shift.start, end: shift.end, note: shift.note })
          }
          variant="choice"
          className="tabular-nums"
        >
          {formatShiftTime(shift)}
        </Button>
      ))}
      {choices.length < MAX_SHIFTS_PER_DAY && (
        <Button
          aria-current={draft.id === '' ? 'true' : undefined}
          onClick={() => draft.id !== '' && onSwitch({ id: '', date, start: '', end: '', note: '' })}
          variant="choice"
        >
          <span aria-hidden="true">＋ </span>この日に追加
        </Button>
      )}
    </div>
  );
}

/**
 * The add / edit form for one shift, in a modal <dialog> (focus stays in
 * it, Escape cancels). What is typed lives in a sessionStorage draft until
 * it is saved or cancelled, so an error or a reload loses nothing. The
 * store's roster also names the therapist, lets the form switch between
 * the shifts of the day (or to a new one) and offers 削除.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useSessionDraft } from '../../lib/forms/session-draft';
import { formatShiftTime } from '../../lib/shifts/view';
import { overlapMessage, shiftErrorMessage } from '../../lib/shifts/errors';
import { findOverlap } from '../../lib/shifts/overlap';
import { isTimeOfDay, shiftLabel, type Shift, type ShiftFields } from '../../lib/shifts/shift';
import { SHIFT_NOTE_MAX, validateShift, type ShiftErrors, type ShiftField } from '../../lib/shifts/validate';
import { tokyoDateKey } from '../../lib/tokyo-date';
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../../lib/caps';
import { FormAlert } from '../forms/FormAlert';
import { TextField } from '../forms/TextField';
import { Button } from '../ui/Button';

/** The open form: the shift's id when editing ('' when adding) and its fields. */
export interface ShiftDraft extends ShiftFields {
  id: string;
}

interface ShiftDialogProps {
  draftKey: string;
  initial: ShiftDraft;
  /** Shifts already loaded, for an instant overlap check before the fresh one on save. */
  known: readonly Shift[];
  onSave: (fields: ShiftFields, id: string) => Promise<void>;
  onCancel: () => void;
  /** Whose shift it is (the store's view), shown above the title. */
  subject?: string;
  /** The other shifts of the form's day, to switch to (with a new one while the day has room). */
  dayShifts?: readonly Shift[];
  onSwitch?: (target: ShiftDraft) => void;
  /** Deletes the stored shift being edited (after its own confirmation); offered only when given. */
  onDelete?: (shift: Shift) => Promise<void>;
}

const FIELD_ORDER: ShiftField[] = ['date', 'start', 'end', 'note'];

export function ShiftDialog({ draftKey, initial, known, onSave, onCancel, subject, dayShifts = [], onSwitch, onDelete }: ShiftDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const inputs = {
    date: useRef<HTMLInputElement>(null),
    start: useRef<HTMLInputElement>(null),
    end: useRef<HTMLInputElement>(null),
    note: useRef<HTMLInputElement>(null),
  };
  const [draft, update] = useSessionDraft<ShiftDraft>(draftKey, initial);
  const [errors, setErrors] = useState<ShiftErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    inputs.start.current?.focus();
  }, []);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields: ShiftFields = { date: draft.date, start: draft.start, end: draft.end, note: draft.note.trim() };
    // The date range applies to a new shift, or one moved to another day (a past shift can still be corrected).
    const found = validateShift(fields, draft.id && fields.date === initial.date ? undefined : tokyoDateKey());
    setErrors(found);
    const invalid = FIELD_ORDER.filter((field) => found[field]);
    if (invalid[0]) {
      setFormError(`入力内容を確かめてください。${invalid.map((field) => found[field]).join('')}`);
      inputs[invalid[0]].current?.focus();
      return;
    }
    const clash = findOverlap({ ...fields, id: draft.id || undefined }, known);
    if (clash) {
      setFormError(overlapMessage(clash));
      return;
    }
    setFormError('');
    setBusy(true);
    try {
      await onSave(fields, draft.id);
    } catch (error) {
      setFormError(shiftErrorMessage(error, 'save'));
      setBusy(false);
    }
  };

  const stored = draft.id ? known.find((shift) => shift.id === draft.id) : undefined;
  const remove = async () => {
    if (busy || !stored || !onDelete) return;
    setFormError('');
    setBusy(true);
    try {
      await onDelete(stored);
    } catch (error) {
      setFormError(shiftErrorMessage(error, 'delete'));
    } finally {
      setBusy(false);
    }
  };

  const cancel = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (!busy) onCancel();
  };

  const preview = isTimeOfDay(draft.start) && isTimeOfDay(draft.end) && draft.start !== draft.end ? formatShiftTime(draft) : '';
  // Switching is offered when the day holds another shift, or room for a new one beside this.
  const others = dayShifts.filter((shift) => shift.id !== draft.id);
  const choices = onSwitch && (others.length > 0 || (draft.id !== '' && dayShifts.length < MAX_SHIFTS_PER_DAY)) ? dayShifts : null;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={subject ? 'shift-dialog-subject shift-dialog-title' : 'shift-dialog-title'}
      onCancel={cancel}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-gray-900 backdrop:bg-black/50 dark:bg-gray-900 dark:text-gray-100"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <div>
          {subject && (
            <p id="shift-dialog-subject" className="font-medium break-words text-gray-700 dark:text-gray-300">
              {subject}
            </p>
          )}
          <h2 id="shift-dialog-title" className="text-lg font-bold">
            {draft.id ? '出勤を編集' : '出勤を追加'}
          </h2>
        </div>
        {choices && onSwitch && (
          <div role="group" aria-label="この日の出勤" className="flex flex-wrap gap-2" data-testid="shift-day-choices">
            {choices.map((shift) => (
              <Button
                key={shift.id}
                aria-current={shift.id === draft.id ? 'true' : undefined}
                aria-label={`${shiftLabel(shift)} を編集`}
                onClick={() =>
                  shift.id !== draft.id &&
                  onSwitch({ id: shift.id, date: shift.date, start: shift.start, end: shift.end, note: shift.note })
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
                onClick={() => draft.id !== '' && onSwitch({ id: '', date: initial.date, start: '', end: '', note: '' })}
                variant="choice"
              >
                <span aria-hidden="true">＋ </span>この日に追加
              </Button>
            )}
          </div>
        )}
        <TextField
          ref={inputs.date}
          name="date"
          type="date"
          label="日付"
          aria-required="true"
          value={draft.date}
          onChange={(event) => update('date', event.target.value)}
          hint={`昨日から ${SHIFT_DAYS_AHEAD} 日先まで、1 日 ${MAX_SHIFTS_PER_DAY} 件まで登録できます。`}
          error={errors.date}
        />
        <TextField
          ref={inputs.start}
          name="start"
          type="time"
          step={900}
          label="開始"
          aria-required="true"
          value={draft.start}
          onChange={(event) => update('start', event.target.value)}
          error={errors.start}
        />
        <TextField
          ref={inputs.end}
          name="end"
          type="time"
          step={900}
          label="終了"
          aria-required="true"
          value={draft.end}
          onChange={(event) => update('end', event.target.value)}
          hint="終了が開始より前なら翌日の時刻として扱います。"
          error={errors.end}
        />
        {preview && <p className="font-medium">勤務時間：{preview}</p>}
        <TextField
          ref={inputs.note}
          name="note"
          label="メモ"
          hint={`任意・${SHIFT_NOTE_MAX}文字まで（いま${draft.note.length}文字）`}
          value={draft.note}
          onChange={(event) => update('note', event.target.value)}
          error={errors.note}
        />
        {formError && (
          <div data-testid="shift-error">
            <FormAlert kind="error">{formError}</FormAlert>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          {onDelete && stored && (
            <Button onClick={remove} busy={busy} data-testid="shift-delete" variant="danger" className="mr-auto">
              削除
            </Button>
          )}
          <Button onClick={cancel} busy={busy} variant="secondary">
            キャンセル
          </Button>
          <Button type="submit" busy={busy} data-testid="shift-save" variant="primary">
            {busy ? '保存しています…' : '保存'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

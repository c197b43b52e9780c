/**
 * One therapist's week, Monday to Sunday, as a vertical list of days (made
 * for phones): week navigation, add / edit / delete, and 先週をコピー.
 * Results go to a live status line; the open form survives a reload.
 */
import { useRef, useState } from 'react';
import { MAX_SHIFTS_PER_DAY } from '../../lib/caps';
import { clearDraft, readDraft } from '../../lib/forms/session-draft';
import { copyLastWeek, deleteShift, saveShift, type ShiftScope } from '../../lib/shifts/client';
import { copyResultMessage } from '../../lib/shifts/copy-week';
import { shiftErrorMessage } from '../../lib/shifts/errors';
import { shiftLabel, type Shift, type ShiftFields } from '../../lib/shifts/shift';
import { nextWeek, previousWeek, weekDays, weekRangeLabel, weekStart } from '../../lib/shifts/week';
import { isDateKey, tokyoDateKey } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { secondaryButton } from './buttons';
import { addButtonId, DaySection } from './DaySection';
import { ShiftDialog, type ShiftDraft } from './ShiftDialog';
import { scopeKey, useWeekShifts } from './use-week-shifts';

const NO_DRAFT: ShiftDraft = { id: '', date: '', start: '', end: '', note: '' };

/** The form left open before a reload, if any (its draft is cleared when it closes). */
function storedDraft(key: string): ShiftDraft | null {
  try {
    return sessionStorage.getItem(key) === null ? null : readDraft(key, NO_DRAFT);
  } catch {
    return null;
  }
}

export function WeekEditor({ scope }: { scope: ShiftScope }) {
  const draftKey = `theralink:draft:shift:${scopeKey(scope)}`;
  const today = tokyoDateKey();
  const [form, setForm] = useState<ShiftDraft | null>(() => storedDraft(draftKey));
  const [week, setWeek] = useState(() => weekStart(form && isDateKey(form.date) ? form.date : today));
  const { shifts, error: loadError, refresh } = useWeekShifts(scope, week);
  const [status, setStatus] = useState('');
  const [actionError, setActionError] = useState('');
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const showWeek = (start: string) => {
    setActionError('');
    setWeek(start);
  };

  const openForm = (target: ShiftDraft) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    clearDraft(draftKey);
    setActionError('');
    setForm(target);
  };

  /** Closes the form and puts focus back on its button, or on the day's add button when that is gone. */
  const closeForm = (date: string) => {
    clearDraft(draftKey);
    setForm(null);
    requestAnimationFrame(() => {
      const back = opener.current?.isConnected ? opener.current : document.getElementById(addButtonId(date));
      back?.focus();
    });
  };

  const save = async (fields: ShiftFields, id: string) => {
    await saveShift(scope, fields, id || undefined);
    closeForm(fields.date);
    setStatus(`${shiftLabel(fields)} の出勤を${id ? '更新' : '追加'}しました。`);
    const savedWeek = weekStart(fields.date);
    if (savedWeek === week) await refresh();
    else showWeek(savedWeek);
  };

  const remove = async (shift: Shift) => {
    if (busy || !confirm(`${shiftLabel(shift)} の出勤を削除しますか？`)) return;
    setBusy(true);
    setActionError('');
    try {
      await deleteShift(shift.id);
      setStatus(`${shiftLabel(shift)} の出勤を削除しました。`);
      await refresh();
      document.getElementById(addButtonId(shift.date))?.focus();
    } catch (error) {
      setActionError(shiftErrorMessage(error, 'delete'));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    const from = previousWeek(week);
    if (
      busy ||
      !confirm(
        `先週（${weekRangeLabel(from)}）の出勤を、この週にコピーしますか？\n重なる出勤と、1 日 ${MAX_SHIFTS_PER_DAY} 件を超える分は飛ばします。`,
      )
    )
      return;
    setBusy(true);
    setActionError('');
    try {
      setStatus(copyResultMessage(await copyLastWeek(scope, week)));
      await refresh();
    } catch (error) {
      setActionError(shiftErrorMessage(error, 'copy'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="space-y-3">
        <h2 data-testid="week-heading" className="text-lg font-bold">
          {weekRangeLabel(week)}
        </h2>
        <nav aria-label="週の切り替え" className="flex flex-wrap gap-2">
          <button type="button" onClick={() => showWeek(previousWeek(week))} className={secondaryButton}>
            前の週
          </button>
          <button type="button" onClick={() => showWeek(weekStart(today))} className={secondaryButton}>
            今週
          </button>
          <button type="button" onClick={() => showWeek(nextWeek(week))} className={secondaryButton}>
            次の週
          </button>
        </nav>
        <button type="button" data-testid="copy-last-week" onClick={copy} aria-disabled={busy} className={secondaryButton}>
          先週をコピー
        </button>
      </div>
      <p role="status" data-testid="schedule-status" className="min-h-6 font-medium text-green-800 dark:text-green-200">
        {status}
      </p>
      {actionError && <FormAlert kind="error">{actionError}</FormAlert>}
      {loadError && <FormAlert kind="error">{loadError}</FormAlert>}
      {!shifts && !loadError && <p role="status">出勤を読み込んでいます…</p>}
      <div className="space-y-3">
        {weekDays(week).map((date) => (
          <DaySection
            key={date}
            date={date}
            isToday={date === today}
            shifts={shifts && shifts.filter((shift) => shift.date === date)}
            onAdd={(day) => openForm({ ...NO_DRAFT, date: day })}
            onEdit={({ id, date: day, start, end, note }) => openForm({ id, date: day, start, end, note })}
            onDelete={remove}
          />
        ))}
      </div>
      {form && <ShiftDialog draftKey={draftKey} initial={form} known={shifts ?? []} onSave={save} onCancel={() => closeForm(form.date)} />}
    </div>
  );
}

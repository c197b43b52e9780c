/**
 * One therapist's week, Monday to Sunday, as a vertical list of days (made
 * for phones): week navigation, add / edit / delete, and 先週をコピー.
 * Results go to a live status line; the open form survives a reload.
 */
import { useState } from 'react';
import { MAX_SHIFTS_PER_DAY } from '../../lib/caps';
import { copyLastWeek, type ShiftScope } from '../../lib/shifts/client';
import { copyResultMessage } from '../../lib/shifts/copy-week';
import { nextWeek, previousWeek, weekDays, weekRangeLabel, weekStart } from '../../lib/shifts/week';
import { isDateKey, tokyoDateKey } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';
import { addButtonId, DaySection } from './DaySection';
import { ShiftDialog } from './ShiftDialog';
import { EMPTY_SHIFT_DRAFT, shiftDraftKey, storedShiftDraft, useShiftEditor } from './use-shift-editor';
import { useWeekShifts } from './use-week-shifts';

export function WeekEditor({ scope }: { scope: ShiftScope }) {
  const today = tokyoDateKey();
  const [restored] = useState(() => storedShiftDraft(scope));
  const [week, setWeek] = useState(() => weekStart(restored && isDateKey(restored.date) ? restored.date : today));
  const { shifts, error: loadError, refresh } = useWeekShifts(scope, week);
  const editor = useShiftEditor({
    initialForm: () => restored && { scope, draft: restored },
    onChanged: async (date) => {
      const changedWeek = weekStart(date);
      if (changedWeek === week) await refresh();
      else showWeek(changedWeek);
    },
    fallbackFocusId: (_scope, date) => addButtonId(date),
  });
  const { form } = editor;

  const showWeek = (start: string) => {
    editor.clearError();
    setWeek(start);
  };

  const copy = () =>
    editor.run('copy', async () => {
      const from = previousWeek(week);
      const question = `先週（${weekRangeLabel(from)}）の出勤を、この週にコピーしますか？\n重なる出勤と、1 日 ${MAX_SHIFTS_PER_DAY} 件を超える分は飛ばします。`;
      if (!confirm(question)) return null;
      const message = copyResultMessage(await copyLastWeek(scope, week));
      await refresh();
      return message;
    });

  return (
    <div className="space-y-4">
      <div className="space-y-3">
        <h2 data-testid="week-heading" className="text-lg font-bold">
          {weekRangeLabel(week)}
        </h2>
        <nav aria-label="週の切り替え" className="flex flex-wrap gap-2">
          <Button onClick={() => showWeek(previousWeek(week))} variant="secondary">
            前の週
          </Button>
          <Button onClick={() => showWeek(weekStart(today))} variant="secondary">
            今週
          </Button>
          <Button onClick={() => showWeek(nextWeek(week))} variant="secondary">
            次の週
          </Button>
        </nav>
        <Button data-testid="copy-last-week" onClick={copy} busy={editor.busy} variant="secondary">
          先週をコピー
        </Button>
      </div>
      <p role="status" data-testid="schedule-status" className="min-h-6 font-medium text-green-800 dark:text-green-200">
        {editor.status}
      </p>
      {editor.error && <FormAlert kind="error">{editor.error}</FormAlert>}
      {loadError && <FormAlert kind="error">{loadError}</FormAlert>}
      {!shifts && !loadError && <p role="status">出勤を読み込んでいます…</p>}
      <div className="space-y-3">
        {weekDays(week).map((date) => (
          <DaySection
            key={date}
            date={date}
            isToday={date === today}
            shifts={shifts && shifts.filter((shift) => shift.date === date)}
            onAdd={shifts || loadError ? (day) => editor.open({ scope, draft: { ...EMPTY_SHIFT_DRAFT, date: day } }) : null}
            onEdit={({ id, date: day, start, end, note }) => editor.open({ scope, draft: { id, date: day, start, end, note } })}
            onDelete={(shift) => editor.remove(shift, addButtonId(shift.date))}
          />
        ))}
      </div>
      {form && (
        <ShiftDialog
          draftKey={shiftDraftKey(scope)}
          initial={form.draft}
          known={shifts ?? []}
          onSave={editor.save}
          onCancel={() => editor.close(form, form.draft.date)}
        />
      )}
    </div>
  );
}

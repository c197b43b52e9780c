/**
 * A store's roster: its confirmed members × seven Tokyo days from today,
 * moved a week at a time within the range shifts may have. A cell opens
 * the shift form for her on that day (add, or edit and delete); 先週をコピー
 * copies the seven days before into the days each member has free. Only
 * shifts carrying this store's id are shown and written. Results go to a
 * live status line; the open form survives a reload.
 */
import { useMemo, useState } from 'react';
import type { StoreMember } from '../../lib/membership/client';
import { copyLastWeekForStore, planStoreCopy, type ShiftScope } from '../../lib/shifts/client';
import { clampRosterOffset, rosterOffsetOf, rosterOffsetRange, rosterStart } from '../../lib/shifts/roster';
import { rosterCopyMessage, rosterCopyQuestion } from '../../lib/shifts/roster-copy';
import type { Shift } from '../../lib/shifts/shift';
import { previousWeek, weekDays, weekRangeLabel } from '../../lib/shifts/week';
import { isDateKey, tokyoDateKey } from '../../lib/tokyo-date';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';
import { rosterCellId, RosterTable } from './RosterTable';
import { ShiftDialog } from './ShiftDialog';
import { EMPTY_SHIFT_DRAFT, shiftDraftKey, storedShiftDraft, useShiftEditor, type ShiftForm } from './use-shift-editor';
import { useRosterShifts } from './use-week-shifts';

/** The form one of the members had open before a reload, if any. */
function restoredForm(scopes: readonly { scope: ShiftScope; who: string }[]): ShiftForm | null {
  for (const { scope, who } of scopes) {
    const draft = storedShiftDraft(scope);
    if (draft) return { scope, who, draft };
  }
  return null;
}

export function StoreRoster({ storeUid, members }: { storeUid: string; members: readonly StoreMember[] }) {
  const today = tokyoDateKey();
  const scopes = useMemo(
    () => members.map((member) => ({ scope: { kind: 'store', userId: member.id, storeId: storeUid } as const, who: member.displayName })),
    [members, storeUid],
  );
  const userIds = useMemo(() => members.map((member) => member.id), [members]);
  const [restored] = useState(() => restoredForm(scopes));
  const [offset, setOffset] = useState(() =>
    restored && isDateKey(restored.draft.date) ? clampRosterOffset(today, rosterOffsetOf(today, restored.draft.date)) : 0,
  );
  const { min, max } = rosterOffsetRange(today);
  const start = rosterStart(today, offset);
  const days = weekDays(start);
  const { shiftsByMember, error: loadError, refresh } = useRosterShifts(storeUid, userIds, start);

  const editor = useShiftEditor({
    initialForm: () => restored,
    onChanged: async (date) => {
      const changed = clampRosterOffset(today, rosterOffsetOf(today, date));
      if (changed === offset) await refresh();
      else showOffset(changed);
    },
    fallbackFocusId: (scope, date) => rosterCellId(scope.userId, date),
  });
  const { form } = editor;

  const showOffset = (next: number) => {
    editor.clearError();
    setOffset(clampRosterOffset(today, next));
  };

  const copy = () =>
    editor.run('copy', async () => {
      const from = previousWeek(start);
      // The plan asked about is made again just before writing, in case the shifts changed meanwhile.
      const plan = await planStoreCopy(storeUid, userIds, start);
      const question = rosterCopyQuestion(plan, from, start);
      if (question === null) return rosterCopyMessage({ ...plan, created: 0 });
      if (!confirm(question)) return null;
      try {
        return rosterCopyMessage(await copyLastWeekForStore(storeUid, userIds, start));
      } finally {
        // Whatever was written (all of it, or the part before a failure) shows in the grid.
        await refresh();
      }
    });

  /** A cell opens her first shift of the day (the form switches to the others), or a new one on an empty day. */
  const open = (member: StoreMember, date: string, shifts: readonly Shift[]) => {
    const scope = scopes.find((each) => each.scope.userId === member.id)?.scope;
    if (!scope) return;
    const first = shifts[0];
    const draft = first
      ? { id: first.id, date: first.date, start: first.start, end: first.end, note: first.note }
      : { ...EMPTY_SHIFT_DRAFT, date };
    editor.open({ scope, who: member.displayName, draft });
  };

  const formShifts = form ? (shiftsByMember?.get(form.scope.userId) ?? []) : [];

  return (
    <div className="space-y-4">
      <div className="space-y-3">
        <h2 data-testid="roster-heading" className="text-lg font-bold">
          {weekRangeLabel(start)}
        </h2>
        <nav aria-label="週の切り替え" className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
          <Button variant="secondary" onClick={() => showOffset(offset - 1)} disabled={offset <= min}>
            前の週
          </Button>
          <Button variant="secondary" onClick={() => showOffset(0)} disabled={offset === 0}>
            今日から
          </Button>
          <Button variant="secondary" onClick={() => showOffset(offset + 1)} disabled={offset >= max}>
            次の週
          </Button>
        </nav>
        <Button data-testid="copy-last-week" onClick={copy} busy={editor.busy} variant="secondary">
          先週をコピー
        </Button>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          マスを押すと、その日の出勤を追加・編集できます。
          <span className="sm:hidden">表は横にスクロールできます。</span>
        </p>
      </div>
      <p role="status" data-testid="schedule-status" className="min-h-6 font-medium text-green-800 dark:text-green-200">
        {editor.busy ? '処理しています…' : editor.status}
      </p>
      {editor.error && <FormAlert kind="error">{editor.error}</FormAlert>}
      {loadError && (
        <div className="space-y-2">
          <FormAlert kind="error">{loadError}</FormAlert>
          <Button onClick={() => void refresh()} variant="secondary">
            もう一度読み込む
          </Button>
        </div>
      )}
      {!shiftsByMember && !loadError && <p role="status">出勤を読み込んでいます…</p>}
      <RosterTable
        caption={`${weekRangeLabel(start)} の出勤表`}
        members={members}
        days={days}
        today={today}
        shiftsByMember={shiftsByMember}
        onOpen={open}
      />
      {form && (
        <ShiftDialog
          key={`${form.scope.userId}:${form.draft.id || `new:${form.draft.date}`}`}
          draftKey={shiftDraftKey(form.scope)}
          initial={form.draft}
          known={formShifts}
          subject={form.who}
          dayShifts={formShifts.filter((shift) => shift.date === form.draft.date)}
          onSwitch={(draft) => editor.switchTo({ ...form, draft })}
          onSave={editor.save}
          onDelete={editor.removeInForm}
          onCancel={() => editor.close(form, form.draft.date)}
        />
      )}
    </div>
  );
}

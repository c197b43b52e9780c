/**
 * What the therapist's week and the store's roster share around the shift
 * form: which form is open (whose shift, and the draft that survives a
 * reload), saving and deleting with a message in the live status line,
 * focus back on the button that opened the form, and a busy flag with a
 * Japanese error for the longer actions (削除, 先週をコピー).
 */
import { useRef, useState } from 'react';
import { clearDraft, readDraft } from '../../lib/forms/session-draft';
import { deleteShift, saveShift, type ShiftScope } from '../../lib/shifts/client';
import { shiftErrorMessage, type ShiftOperation } from '../../lib/shifts/errors';
import { shiftLabel, type Shift, type ShiftFields } from '../../lib/shifts/shift';
import type { ShiftTimes } from '../../lib/shifts/view';
import type { ShiftDraft } from './shift-draft';
import { scopeKey } from './use-week-shifts';

/** The open form: whose shift it is, her name for messages (the store's view), and what is typed. */
export interface ShiftForm {
  scope: ShiftScope;
  who?: string;
  draft: ShiftDraft;
}

export const EMPTY_SHIFT_DRAFT: ShiftDraft = { id: '', date: '', start: '', end: '', note: '' };

/** Where the open form of `scope` keeps its draft (sessionStorage). */
export function shiftDraftKey(scope: ShiftScope): string {
  return `theralink:draft:shift:${scopeKey(scope)}`;
}

/** The form of `scope` left open before a reload, if any (its draft is cleared when it closes). */
export function storedShiftDraft(scope: ShiftScope): ShiftDraft | null {
  const key = shiftDraftKey(scope);
  try {
    return sessionStorage.getItem(key) === null ? null : readDraft(key, EMPTY_SHIFT_DRAFT);
  } catch {
    return null;
  }
}

/** 「みう 11月24日(火) 12:00〜20:00」, or without a name in her own view. */
export function shiftSubject(shift: ShiftTimes, who?: string): string {
  return who ? `${who} ${shiftLabel(shift)}` : shiftLabel(shift);
}

interface ShiftEditorOptions {
  /** The form to show first (one left open before a reload). */
  initialForm: () => ShiftForm | null;
  /** Reloads after a change on `date` (or shows its week when another one is shown). */
  onChanged: (date: string) => Promise<void>;
  /** The id of the button that takes focus when the form closes and its opener is gone. */
  fallbackFocusId: (scope: ShiftScope, date: string) => string;
}

export function useShiftEditor({ initialForm, onChanged, fallbackFocusId }: ShiftEditorOptions) {
  const [form, setForm] = useState<ShiftForm | null>(initialForm);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  /** Opens the form, remembering the focused button to return to. */
  const open = (target: ShiftForm) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    clearDraft(shiftDraftKey(target.scope));
    setError('');
    setForm(target);
  };

  /** Shows another shift (or a new one) of the same day in the open form; focus still returns to the first opener. */
  const switchTo = (target: ShiftForm) => {
    clearDraft(shiftDraftKey(target.scope));
    setForm(target);
  };

  /** Closes the form and puts focus back on its opener, or on fallbackFocusId when that is gone. */
  const close = (closing: ShiftForm, date: string) => {
    clearDraft(shiftDraftKey(closing.scope));
    setForm(null);
    requestAnimationFrame(() => {
      const back = opener.current?.isConnected ? opener.current : document.getElementById(fallbackFocusId(closing.scope, date));
      back?.focus();
    });
  };

  /** The form's save: errors are thrown to the form, which shows them and keeps what was typed. */
  const save = async (fields: ShiftFields, id: string) => {
    if (!form) return;
    await saveShift(form.scope, fields, id || undefined);
    close(form, fields.date);
    setStatus(`${shiftSubject(fields, form.who)} の出勤を${id ? '更新' : '追加'}しました。`);
    await onChanged(fields.date);
  };

  /** Deletes the open form's stored shift after the browser's confirmation; errors are thrown to the form. */
  const removeInForm = async (shift: Shift) => {
    if (!form || !confirm(`${shiftSubject(shift, form.who)} の出勤を削除しますか？`)) return;
    await deleteShift(shift.id);
    close(form, shift.date);
    setStatus(`${shiftSubject(shift, form.who)} の出勤を削除しました。`);
    await onChanged(shift.date);
  };

  /**
   * Runs a longer action once at a time: its message goes to the status
   * line, a failure to the error alert (as `operation`'s message).
   */
  const run = async (operation: ShiftOperation, action: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const message = await action();
      if (message !== null) setStatus(message);
    } catch (failure) {
      setError(shiftErrorMessage(failure, operation));
    } finally {
      setBusy(false);
    }
  };

  /** Deletes a listed shift after the browser's confirmation, then focuses `focusId`. */
  const remove = (shift: Shift, focusId: string, who?: string) =>
    run('delete', async () => {
      if (!confirm(`${shiftSubject(shift, who)} の出勤を削除しますか？`)) return null;
      await deleteShift(shift.id);
      await onChanged(shift.date);
      document.getElementById(focusId)?.focus();
      return `${shiftSubject(shift, who)} の出勤を削除しました。`;
    });

  return { form, open, switchTo, close, save, removeInForm, remove, run, status, error, clearError: () => setError(''), busy };
}

/**
 * Inline edit of one entry's date and note (the handle itself never
 * changes: remove it and add the right one). The typed values are a
 * session draft until saved or cancelled.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { cleanFrozenOn, cleanNote, frozenEditProblems, type FrozenEntryProblems } from '../../lib/frozen/entry';
import type { FrozenHandle } from '../../lib/frozen/client';
import { frozenErrorMessage } from '../../lib/frozen/errors';
import { clearDraft, useSessionDraft } from '../../lib/forms/session-draft';
import { atHandle } from '../../lib/handles';
import { DateField, NoteField } from './fields';
import { Button } from '../ui/Button';
import { useFocusLater } from './use-focus-later';

interface FrozenEditFormProps {
  uid: string;
  item: FrozenHandle;
  today: string;
  busy: boolean;
  locked: boolean;
  onSave: (change: { frozenOn: string | null; note: string }) => Promise<void>;
  /** Called after a successful save or a cancel. */
  onClose: () => void;
}

/** The inline edit form of one entry (date and note); focuses the date input when it opens. */
export function FrozenEditForm({ uid, item, today, busy, locked, onSave, onClose }: FrozenEditFormProps) {
  const draftKey = `theralink:draft:frozen-edit:${uid}:${item.id}`;
  const [draft, update] = useSessionDraft(draftKey, { frozenOn: item.frozenOn ?? '', note: item.note });
  const [errors, setErrors] = useState<Omit<FrozenEntryProblems, 'handle'>>({});
  const [formError, setFormError] = useState('');
  const dateInput = useRef<HTMLInputElement>(null);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();
  const label = (text: string) => (
    <>
      <span className="sr-only">{atHandle(item.handle)} の</span>
      {text}
    </>
  );

  useEffect(() => dateInput.current?.focus(), []);

  const cancel = () => {
    clearDraft(draftKey);
    onClose();
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (locked) return;
    setFormError('');
    const found = frozenEditProblems(draft, today);
    setErrors(found);
    if (found.frozenOn) return focusLater(() => dateInput.current);
    if (found.note) return focusLater(() => noteInput.current);
    try {
      await onSave({ frozenOn: cleanFrozenOn(draft.frozenOn), note: cleanNote(draft.note) });
      clearDraft(draftKey);
      onClose();
    } catch (error) {
      setFormError(frozenErrorMessage(error, 'update').message);
      focusLater(() => alert.current);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={`${atHandle(item.handle)} を編集`}>
      <DateField
        ref={dateInput}
        name="frozenOn"
        label={label('凍結日')}
        max={today}
        value={draft.frozenOn}
        readOnly={busy}
        onChange={(value) => update('frozenOn', value)}
        error={errors.frozenOn}
        hint="わからなければ空欄のままでかまいません。"
      />
      <NoteField
        ref={noteInput}
        name="note"
        label={label('メモ')}
        value={draft.note}
        readOnly={busy}
        onChange={(value) => update('note', value)}
        error={errors.note}
      />
      {formError && (
        <div ref={alert} tabIndex={-1} role="alert" data-testid="frozen-item-error" className="notice notice-error">
          {formError}
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="primary" disabled={locked}>
          {busy ? '保存しています…' : '保存する'}
        </Button>
        <Button variant="secondary" disabled={locked} onClick={cancel}>
          キャンセル
        </Button>
      </div>
    </form>
  );
}

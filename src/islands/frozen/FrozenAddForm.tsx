/**
 * Adds a former handle. What she types is a session draft (per account),
 * so a failed save or a reload loses nothing; it is cleared on success.
 * Problems are shown at their fields and the first one gets the focus.
 * A handle someone else holds gets 「申し立てる」 right under the field.
 */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import {
  FROZEN_FIELD_ORDER,
  FROZEN_HANDLES_LIMIT,
  FROZEN_PLATFORM_LABELS,
  frozenEntryProblems,
  frozenLimitReached,
  toFrozenEntry,
  type FrozenEntry,
  type FrozenEntryDraft,
  type FrozenEntryProblems,
} from '../../lib/frozen/entry';
import type { AuthUser } from '../../lib/auth/auth-store';
import { FrozenLimitError, HandleClaimedError, frozenErrorMessage } from '../../lib/frozen/errors';
import type { HandleKind } from '../../lib/frozen/handle-holders';
import { acceptedHandle, atHandle } from '../../lib/handles';
import { clearDraft, useSessionDraft } from '../../lib/forms/session-draft';
import { DisputeOffer } from '../disputes/DisputeOffer';
import { FormAlert } from '../forms/FormAlert';
import { TextField } from '../forms/TextField';
import { DateField, NoteField } from './fields';
import { Button } from '../ui/Button';
import { useFocusLater } from './use-focus-later';

const EMPTY: FrozenEntryDraft = { handle: '', frozenOn: '', note: '' };

/** The sessionStorage key of the add form's draft for this account. */
export const frozenDraftKey = (uid: string) => `theralink:draft:frozen-add:${uid}`;

interface FrozenAddFormProps {
  user: AuthUser;
  /** Tokyo today (YYYY-MM-DD): the latest date allowed. */
  today: string;
  /** How many handles she has now (for the soft cap). */
  count: number;
  /** This form is saving. */
  busy: boolean;
  /** Something in the editor is saving: buttons stay disabled. */
  locked: boolean;
  /** Writes the entry; throws on failure. */
  onAdd: (entry: FrozenEntry) => Promise<void>;
}

/** The add form (data-testid frozen-add-form; submit frozen-add; form-level error frozen-error). */
export function FrozenAddForm({ user, today, count, busy, locked, onAdd }: FrozenAddFormProps) {
  const draftKey = frozenDraftKey(user.uid);
  /** The handle someone else holds, after a refused add (offers a dispute while it is still typed). */
  const [claimed, setClaimed] = useState<{ handle: string; kind: HandleKind } | null>(null);
  const [draft, update] = useSessionDraft(draftKey, EMPTY);
  const [errors, setErrors] = useState<FrozenEntryProblems>({});
  const [formError, setFormError] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const focusLater = useFocusLater();
  const atLimit = frozenLimitReached(count);
  const preview = acceptedHandle(draft.handle);

  const field = (name: string) => form.current?.querySelector<HTMLElement>(`[name="${name}"]`);
  const focusFirstError = (found: FrozenEntryProblems) => {
    const first = FROZEN_FIELD_ORDER.find((name) => found[name]);
    if (first) focusLater(() => field(first));
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (locked) return;
    setFormError('');
    setClaimed(null);
    if (atLimit) {
      setErrors({});
      setFormError(new FrozenLimitError().message);
      return;
    }
    const found = frozenEntryProblems(draft, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    try {
      await onAdd(toFrozenEntry(draft));
      clearDraft(draftKey);
      (Object.keys(EMPTY) as (keyof FrozenEntryDraft)[]).forEach((name) => update(name, ''));
      focusLater(() => field('handle'));
    } catch (error) {
      if (error instanceof HandleClaimedError) setClaimed({ handle: error.handle, kind: error.kind });
      const { field: where, message } = frozenErrorMessage(error, 'add');
      if (where === 'handle') {
        setErrors({ handle: message });
        focusLater(() => field('handle'));
      } else {
        setFormError(message);
        focusLater(() => form.current?.querySelector<HTMLElement>('[data-testid="frozen-add"]'));
      }
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="card space-y-4" aria-labelledby={headingId} data-testid="frozen-add-form">
      <h3 id={headingId} className="font-bold">
        旧アカウントを追加する
      </h3>
      {atLimit && (
        <FormAlert kind="info">
          旧アカウントは {FROZEN_HANDLES_LIMIT} 件まで登録できます。追加するには、使わなくなったものを先に削除してください。
        </FormAlert>
      )}
      <div className="space-y-1">
        <p className="font-medium">サービス</p>
        <p>{FROZEN_PLATFORM_LABELS.x}</p>
      </div>
      <TextField
        name="handle"
        label="旧アカウントのユーザー名"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={draft.handle}
        readOnly={busy}
        onChange={(event) => update('handle', event.target.value)}
        error={errors.handle}
        hint={
          <>
            ご自身が以前使っていたアカウントだけを登録してください。先頭の @ はあってもなくてもかまいません。
            {preview && (
              <span className="mt-1 block font-medium text-gray-900 dark:text-gray-100" data-testid="frozen-handle-preview">
                {atHandle(preview)} として登録されます
              </span>
            )}
          </>
        }
      />
      {claimed && acceptedHandle(draft.handle) === claimed.handle && (
        <DisputeOffer user={user} handle={claimed.handle} kind={claimed.kind} />
      )}
      <DateField
        name="frozenOn"
        label="凍結した日"
        max={today}
        value={draft.frozenOn}
        readOnly={busy}
        onChange={(value) => update('frozenOn', value)}
        error={errors.frozenOn}
        hint="わからなければ空欄のままでかまいません。"
      />
      <NoteField
        name="note"
        label="メモ"
        value={draft.note}
        readOnly={busy}
        onChange={(value) => update('note', value)}
        error={errors.note}
        hint="任意。例: 2025年春まで使っていたアカウントです"
      />
      {formError && (
        <div data-testid="frozen-error">
          <FormAlert kind="error">{formError}</FormAlert>
        </div>
      )}
      <Button type="submit" variant="primary" disabled={locked} data-testid="frozen-add">
        {busy ? '登録しています…' : '登録する'}
      </Button>
    </form>
  );
}

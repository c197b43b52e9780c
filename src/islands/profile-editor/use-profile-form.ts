/**
 * What both profile forms share: the session draft (a stored draft wins
 * over the document and is reported as restored), per-field errors, the
 * save (validate → make sure a publishing user's token says her email is
 * verified → one transaction) and the focus on the first problem.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { useSessionDraft } from '../../lib/forms/session-draft';
import { dropDraft, settleDraft } from '../../lib/profile/draft-base';
import type { ProfileKind } from '../../lib/profile/kinds';
import {
  firstErrorField,
  PUBLISH_NEEDS_VERIFICATION,
  type FormErrors,
  type StoreValues,
  type TherapistValues,
  type Validated,
} from '../../lib/profile/profile-form';
import { saveErrorMessage } from '../../lib/profile/save-errors';
import { CurrentHandleTakenError, saveProfile, SLUG_TAKEN_MESSAGE, SlugTakenError } from '../../lib/profile/save-profile';
import type { HandleKind } from '../../lib/frozen/handle-holders';
import { ensureVerifiedToken } from '../../lib/profile/verified-token';
import type { EditorStatus } from './SaveBar';

export const draftKey = (kind: ProfileKind, uid: string) => `theralink:draft:profile:${kind}:${uid}`;

interface Options<D extends { published: boolean }, V extends TherapistValues | StoreValues> {
  kind: ProfileKind;
  user: AuthUser;
  /** The draft the stored document makes. */
  fromDoc: D;
  validate(draft: D, context: { emailVerified: boolean }): Validated<V>;
  fieldOrder: readonly string[];
  onStatus(status: EditorStatus | null): void;
  onSaved(values: V): void;
}

export function useProfileForm<D extends { published: boolean }, V extends TherapistValues | StoreValues>({
  kind,
  user,
  fromDoc,
  validate,
  fieldOrder,
  onStatus,
  onSaved,
}: Options<D, V>) {
  const key = draftKey(kind, user.uid);
  // Before useSessionDraft reads the draft: an untouched one must not win over a newer document.
  const [restored] = useState(() => settleDraft(key, fromDoc));
  const [draft, updateDraft] = useSessionDraft(key, fromDoc);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  /** The current X handle someone else holds, after a refused save (offers a dispute). */
  const [takenHandle, setTakenHandle] = useState<{ handle: string; kind: HandleKind } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const setFieldError = (field: string, message?: string | null) =>
    setErrors((current) => {
      if ((current[field] ?? null) === (message ?? null)) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  /** Sets a field and clears its error (the error returns on the next save if it still applies). */
  const update = <K extends keyof D>(field: K, value: D[K], errorField: string = String(field)) => {
    updateDraft(field, value);
    setFieldError(errorField, null);
  };

  const fail = (found: FormErrors, text: string) => {
    setErrors(found);
    onStatus({ kind: 'error', text });
    const first = firstErrorField(found, fieldOrder);
    const field = first ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    if (field) {
      field.focus({ preventScroll: true });
      // Centred, so the sticky save bar on a phone does not cover it.
      field.scrollIntoView({ block: 'center' });
    }
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    onStatus(null);
    setTakenHandle(null);
    setBusy(true);
    try {
      let emailVerified = user.emailVerified;
      // She may have confirmed in her mail app since the page loaded: ask once before refusing.
      if (draft.published && !emailVerified) emailVerified = await ensureVerifiedToken().catch(() => false);
      const result = validate(draft, { emailVerified });
      if (!result.ok) {
        const count = Object.keys(result.errors).length;
        return fail(result.errors, `保存できませんでした。赤字の項目（${count} か所）を直してから、もう一度保存してください。`);
      }
      setErrors({});
      // The rules read email_verified from the token: refresh it if it predates the confirmation.
      if (result.values.published && !(await ensureVerifiedToken())) {
        return fail({ published: PUBLISH_NEEDS_VERIFICATION }, PUBLISH_NEEDS_VERIFICATION);
      }
      await saveProfile(user.uid, kind, result.values);
      dropDraft(key);
      onSaved(result.values);
    } catch (error) {
      if (error instanceof SlugTakenError) fail({ profileSlug: SLUG_TAKEN_MESSAGE }, SLUG_TAKEN_MESSAGE);
      else if (error instanceof CurrentHandleTakenError) {
        setTakenHandle({ handle: error.handle, kind: error.kind });
        fail({ 'channels.x': error.message }, error.message);
      } else onStatus({ kind: 'error', text: saveErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return { draft, update, updateDraft, errors, setFieldError, busy, restored, form, submit, takenHandle };
}

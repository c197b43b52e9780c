/**
 * The state of /register: the draft (kept in sessionStorage, never the
 * password), the errors at their fields with the first one focused, and
 * the submit that creates the account (register-account.ts).
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { authErrorMessage } from '../../lib/auth/auth-errors';
import { registerAccount, SlugTakenError } from '../../lib/auth/register-account';
import {
  normalizeRegistration,
  REGISTRATION_KINDS,
  validateRegistration,
  type RegistrationDraft,
  type RegistrationErrors,
  type RegistrationKind,
} from '../../lib/auth/registration';
import { clearDraft, useSessionDraft } from '../../lib/forms/session-draft';

const DRAFT_KEY = 'theralink:draft:register';
const EMPTY: RegistrationDraft = { kind: 'therapist', name: '', slug: '', area: '', email: '', agreed: false };
const FIELD_ORDER = ['kind', 'name', 'slug', 'area', 'email', 'password', 'agreed'] as const;

export interface RegistrationDone {
  kind: RegistrationKind;
  email: string;
  verificationSent: boolean;
}

/** The kind a link asks for (/register?kind=fan, as the ☆ sign-in path links), if any. */
function kindFromUrl(): RegistrationKind | null {
  const kind = new URLSearchParams(location.search).get('kind');
  return REGISTRATION_KINDS.find((known) => known === kind) ?? null;
}

export function useRegistration() {
  const [draft, update] = useSessionDraft(DRAFT_KEY, EMPTY);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RegistrationDone | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const asked = kindFromUrl();
    if (asked) update('kind', asked);
    // Once, on arrival: afterwards her own choice wins.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const show = (found: RegistrationErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFormError('');
    const input = normalizeRegistration({ ...draft, password });
    const found = validateRegistration(input);
    show(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await registerAccount(input);
      clearDraft(DRAFT_KEY);
      setDone({ kind: input.kind, email: input.email, verificationSent: result.verificationSent });
    } catch (error) {
      if (error instanceof SlugTakenError) return show({ slug: error.message });
      const { field, message } = authErrorMessage(error);
      if (field === 'form') setFormError(message);
      else show({ [field]: message });
    } finally {
      setBusy(false);
    }
  };

  return { draft, update, password, setPassword, errors, formError, busy, done, form, submit };
}

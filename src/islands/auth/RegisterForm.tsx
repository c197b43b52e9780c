/**
 * /register: sign up as a therapist or a store. Everything but the
 * password is kept as a session draft, so nothing typed is lost to an
 * error or a reload; each problem is shown at its field, and the first
 * one gets the focus.
 */
import { useRef, useState, type SyntheticEvent } from 'react';
import { authErrorMessage } from '../../lib/auth/auth-errors';
import { profileEditorPath } from '../../lib/auth/account-type';
import { registerAccount, SlugTakenError } from '../../lib/auth/register-account';
import {
  normalizeRegistration,
  PASSWORD_MIN_LENGTH,
  validateRegistration,
  type RegistrationDraft,
  type RegistrationErrors,
} from '../../lib/auth/registration';
import { clearDraft, useSessionDraft } from '../../lib/forms/session-draft';
import { FormAlert } from '../forms/FormAlert';
import { Button, LinkButton } from '../ui/Button';
import { describedBy, FieldError } from '../forms/field-parts';
import { AreaField } from '../forms/AreaField';
import { EmailField, TextField } from '../forms/TextField';
import { publicProfilePath } from '../../lib/routes';

const DRAFT_KEY = 'theralink:draft:register';
const EMPTY: RegistrationDraft = { kind: 'therapist', name: '', slug: '', area: '', email: '', agreed: false };
const FIELD_ORDER = ['kind', 'name', 'slug', 'area', 'email', 'password', 'agreed'] as const;

export function RegisterForm() {
  const [draft, update] = useSessionDraft(DRAFT_KEY, EMPTY);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ email: string; verificationSent: boolean } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const focusFirstError = (found: RegistrationErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFormError('');
    const input = normalizeRegistration({ ...draft, password });
    const found = validateRegistration(input);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    setBusy(true);
    try {
      const result = await registerAccount(input);
      clearDraft(DRAFT_KEY);
      setDone({ email: input.email, verificationSent: result.verificationSent });
    } catch (error) {
      if (error instanceof SlugTakenError) {
        setErrors({ slug: error.message });
        focusFirstError({ slug: error.message });
      } else {
        const { field, message } = authErrorMessage(error);
        if (field === 'form') setFormError(message);
        else {
          setErrors({ [field]: message });
          focusFirstError({ [field]: message });
        }
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="space-y-4" data-testid="register-done">
        <FormAlert kind="success">
          <p className="font-bold">登録が完了しました。</p>
          {done.verificationSent ? (
            <p>
              {done.email}{' '}
              に確認メールを送りました。メールのリンクを開いて、メールアドレスを確認してください。プロフィールを公開するにはメールアドレスの確認が必要です。
            </p>
          ) : (
            <p>確認メールを送れませんでした。プロフィールのページから、もう一度送ることができます。</p>
          )}
        </FormAlert>
        <LinkButton href={profileEditorPath(draft.kind)} variant="primary">
          プロフィールを設定する
        </LinkButton>
      </div>
    );
  }

  const isStore = draft.kind === 'store';
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-5" aria-describedby={formError ? 'register-error' : undefined}>
      <fieldset className="space-y-2">
        <legend className="field-label">登録の種類</legend>
        <div className="flex flex-wrap gap-3">
          {(['therapist', 'store'] as const).map((kind) => (
            <label
              key={kind}
              className="has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:has-[:checked]:border-brand-300 dark:has-[:checked]:bg-brand-950 flex cursor-pointer items-center gap-2 rounded-md border border-gray-400 px-3 py-2 dark:border-gray-600"
            >
              <input type="radio" name="kind" value={kind} checked={draft.kind === kind} onChange={() => update('kind', kind)} />
              {kind === 'therapist' ? 'セラピスト' : '店舗'}
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        name="name"
        label={isStore ? '店舗名' : '表示名'}
        required
        autoComplete={isStore ? 'organization' : 'nickname'}
        value={draft.name}
        onChange={(event) => update('name', event.target.value)}
        error={errors.name}
        hint={isStore ? 'サイトに表示される店舗の名前です。' : 'サイトに表示される名前です。あとで変えられます。'}
      />
      <TextField
        name="slug"
        label="プロフィール URL"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        prefix={publicProfilePath(isStore ? 'store' : 'therapist', '')}
        value={draft.slug}
        onChange={(event) => update('slug', event.target.value)}
        error={errors.slug}
        hint="半角英小文字・数字・ハイフンで 3〜30 文字。セラピストと店舗を通して重複できません。"
      />
      <AreaField
        name="area"
        required
        value={draft.area}
        onChange={(area) => update('area', area)}
        error={errors.area}
        hint="一覧にないときは「その他」を選んでください。あとで変えられます。"
      />
      <EmailField value={draft.email} onChange={(event) => update('email', event.target.value)} error={errors.email} />
      <TextField
        name="password"
        type="password"
        label="パスワード"
        required
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={`${PASSWORD_MIN_LENGTH} 文字以上。パスワードは保存されないため、再読み込みしたときはもう一度入力してください。`}
      />
      <div className="space-y-1">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="agreed"
            checked={draft.agreed}
            onChange={(event) => update('agreed', event.target.checked)}
            {...describedBy('register-agreed', errors.agreed)}
            className="mt-1"
          />
          <span>
            <a href="/terms-of-service" target="_blank" className="text-link">
              利用規約
            </a>
            に同意します
          </span>
        </label>
        <FieldError id="register-agreed-error" error={errors.agreed} />
      </div>

      {formError && (
        <div id="register-error">
          <FormAlert kind="error">{formError}</FormAlert>
        </div>
      )}
      <Button type="submit" variant="primary" className="w-full" busy={busy} busyLabel="登録しています…">
        登録する
      </Button>
      <p className="text-sm">
        すでにアカウントをお持ちの方は{' '}
        <a href="/login" className="text-link">
          ログイン
        </a>
      </p>
    </form>
  );
}

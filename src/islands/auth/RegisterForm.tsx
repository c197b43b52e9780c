/**
 * /register: sign up as a therapist, a store or a fan (推し活用: no public
 * profile, so only the login is asked). Everything but the password is
 * kept as a session draft, so nothing typed is lost to an error or a
 * reload; each problem is shown at its field, and the first one gets the
 * focus. After a signed-out ☆ tap it says which 推し will be added.
 */
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../lib/auth/password-rules';
import { hasPublicProfile } from '../../lib/auth/registration';
import { capturePendingFavorite, carriedQuery } from '../../lib/favorites/pending-favorite';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';
import { describedBy, FieldError } from '../forms/field-parts';
import { EmailField, TextField } from '../forms/TextField';
import { KindChoice } from './KindChoice';
import { PendingFavoriteNote } from './PendingFavoriteNote';
import { ProfileFields } from './ProfileFields';
import { RegisterDone } from './RegisterDone';
import { useRegistration } from './use-registration';

function Agreement({ checked, error, onChange }: { checked: boolean; error: string | undefined; onChange: (checked: boolean) => void }) {
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="agreed"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...describedBy('register-agreed', error)}
          className="mt-1"
        />
        <span>
          <a href="/terms-of-service" target="_blank" className="text-link">
            利用規約
          </a>
          に同意します
        </span>
      </label>
      <FieldError id="register-agreed-error" error={error} />
    </div>
  );
}

export function RegisterForm() {
  const { draft, update, password, setPassword, errors, formError, busy, done, form, submit } = useRegistration();
  const [pending] = useState(() => capturePendingFavorite(location.search));

  if (done) return <RegisterDone done={done} />;

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-5" aria-describedby={formError ? 'register-error' : undefined}>
      {pending && <PendingFavoriteNote target={pending} when="登録してメールアドレスを確認すると" />}
      <KindChoice value={draft.kind} onChange={(kind) => update('kind', kind)} />
      {hasPublicProfile(draft.kind) ? (
        <ProfileFields draft={draft} errors={errors} update={update} />
      ) : (
        <p className="field-hint" data-testid="fan-kind-hint">
          推し活用のアカウントには公開プロフィールがありません。登録したことや推しの一覧は、ほかの人には見えません。
        </p>
      )}
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
      <Agreement checked={draft.agreed} error={errors.agreed} onChange={(agreed) => update('agreed', agreed)} />
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
        <a href={`/login${carriedQuery(location.search, pending)}`} className="text-link">
          ログイン
        </a>
      </p>
    </form>
  );
}

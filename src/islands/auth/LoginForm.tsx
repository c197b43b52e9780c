/**
 * /login: email + password sign-in and the password-reset email. Once
 * signed in (now or already), it goes to ?next= when that is a path on
 * this site, else home (a fan account: /favorites). The email survives
 * errors and reloads. After a signed-out ☆ tap it names the 推し, adds it
 * once she is signed in with a verified email, and offers a fan account
 * to whoever has none.
 */
import { sendPasswordResetEmail, signInWithEmailAndPassword } from 'firebase/auth';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { authErrorMessage, type AuthErrorField } from '../../lib/auth/auth-errors';
import { AuthProvider, useAuth } from '../../lib/auth/AuthProvider';
import { afterSignInPath } from '../../lib/auth/next-path';
import { completePendingFavorite } from '../../lib/favorites/complete-pending';
import { capturePendingFavorite, carriedQuery } from '../../lib/favorites/pending-favorite';
import { clientAuth } from '../../lib/firebase/app';
import { useSessionDraft } from '../../lib/forms/session-draft';
import { AuthPending } from '../account/AuthPending';
import { FormAlert } from '../forms/FormAlert';
import { Button } from '../ui/Button';
import { EmailField, TextField } from '../forms/TextField';
import { useFieldErrors } from '../forms/use-field-errors';
import { PendingFavoriteNote } from './PendingFavoriteNote';

type Errors = Partial<Record<AuthErrorField, string>>;

function Login() {
  const { user, loading, accountType } = useAuth();
  const [draft, update] = useSessionDraft('theralink:draft:login', { email: '' });
  const [password, setPassword] = useState('');
  const { errors, show, ref } = useFieldErrors(['email', 'password'] as const);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  // The account type is known before the user is published (auth-store), so a fan is recognised here.
  const next = afterSignInPath(new URLSearchParams(location.search).get('next'), accountType);
  const [pending] = useState(() => capturePendingFavorite(location.search));

  useEffect(() => {
    // The tapped 推し first (an unverified account keeps it pending for /favorites); a failure does not hold her here.
    if (user) void completePendingFavorite(user).finally(() => location.replace(next));
  }, [user, next]);

  const fail = (error: unknown) => {
    const { field, message } = authErrorMessage(error);
    show({ [field]: message });
  };

  const signIn = async (event: SyntheticEvent) => {
    event.preventDefault();
    setNotice('');
    const email = draft.email.trim();
    const found: Errors = {};
    if (email === '') found.email = 'メールアドレスを入力してください。';
    if (password === '') found.password = 'パスワードを入力してください。';
    show(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signInWithEmailAndPassword(clientAuth(), email, password);
      // The auth listener records the account and the effect above moves on.
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  const sendReset = async () => {
    setNotice('');
    const email = draft.email.trim();
    if (email === '') return show({ email: 'パスワードを再設定するメールアドレスを入力してください。' });
    show({});
    try {
      await sendPasswordResetEmail(clientAuth(), email);
      setNotice(`${email} にパスワード再設定用のメールを送りました。メールのリンクから新しいパスワードを設定してください。`);
    } catch (error) {
      fail(error);
    }
  };

  if (loading || user) return <AuthPending label={user ? 'ログインしました。移動しています…' : undefined} />;

  return (
    <form onSubmit={signIn} noValidate className="space-y-5">
      {pending && (
        <PendingFavoriteNote target={pending} when="ログインすると">
          <p className="mt-2">
            アカウントをお持ちでない方は{' '}
            <a
              href={`/register${carriedQuery(location.search, pending, { kind: 'fan' })}`}
              className="text-link-inherit font-bold"
              data-testid="fan-sign-up"
            >
              推し活用アカウントを作る（無料）
            </a>
          </p>
        </PendingFavoriteNote>
      )}
      <EmailField ref={ref('email')} value={draft.email} onChange={(event) => update('email', event.target.value)} error={errors.email} />
      <TextField
        ref={ref('password')}
        name="password"
        type="password"
        label="パスワード"
        required
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {errors.form && <FormAlert kind="error">{errors.form}</FormAlert>}
      {notice && <FormAlert kind="success">{notice}</FormAlert>}
      <Button type="submit" variant="primary" className="w-full" busy={busy} busyLabel="ログインしています…">
        ログイン
      </Button>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button type="button" onClick={sendReset} className="text-link">
          パスワードをお忘れの方（再設定メールを送る）
        </button>
        <a href={`/register${carriedQuery(location.search, pending, pending ? { kind: 'fan' } : {})}`} className="text-link">
          新規登録はこちら
        </a>
      </div>
    </form>
  );
}

export function LoginForm() {
  return (
    <AuthProvider>
      <Login />
    </AuthProvider>
  );
}

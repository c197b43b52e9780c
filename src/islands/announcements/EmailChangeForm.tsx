/**
 * ログイン用メールアドレス: the address she signs in with, and changing it
 * (src/lib/auth/change-email.ts: her password again, then a link to the new
 * address). What she typed stays on a refusal; the password is cleared
 * once the link is sent.
 */
import { useState, type SyntheticEvent } from 'react';
import type { AuthUser } from '../../lib/auth/auth-store';
import { checkEmailChange, emailChangeError, requestEmailChange } from '../../lib/auth/change-email';
import { FormAlert } from '../forms/FormAlert';
import { CurrentPasswordField, TextField } from '../forms/TextField';
import { useFieldErrors } from '../forms/use-field-errors';
import { Button } from '../ui/Button';

export function EmailChangeForm({ user }: { user: AuthUser }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, ref, busy, send } = useFieldErrors(['newEmail', 'password'] as const);
  const [sentTo, setSentTo] = useState('');

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSentTo('');
    const request = async () => {
      await requestEmailChange({ newEmail, password });
      setSentTo(newEmail.trim());
      setPassword('');
    };
    void send(checkEmailChange({ newEmail, password }, user.email), request, emailChangeError);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="email-change">
      <p>
        いまのメールアドレス: <span className="font-bold break-all">{user.email}</span>
      </p>
      <TextField
        ref={ref('newEmail')}
        name="new-email"
        type="email"
        label="新しいメールアドレス"
        inputMode="email"
        autoComplete="email"
        required
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={errors.newEmail}
        hint="確認メールのリンクを開くと切り替わります。それまでは、いまのアドレスでログインできます。"
      />
      <CurrentPasswordField
        ref={ref('password')}
        name="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {errors.form && <FormAlert kind="error">{errors.form}</FormAlert>}
      {sentTo && (
        <FormAlert kind="success">
          <span data-testid="email-change-sent">
            {sentTo} に確認メールを送りました。メールのリンクを開くと、ログイン用のメールアドレスが切り替わります。
          </span>
        </FormAlert>
      )}
      <Button type="submit" variant="outline" busy={busy} busyLabel="送信しています…">
        確認メールを送る
      </Button>
    </form>
  );
}

/**
 * パスワードの変更 (src/lib/auth/change-password.ts): her current password,
 * then the new one. A refusal keeps what she typed, at its field; once
 * changed, both fields are cleared and the page says so.
 */
import { useState, type SyntheticEvent } from 'react';
import { changePassword, checkPasswordChange, passwordChangeError } from '../../lib/auth/change-password';
import { PASSWORD_MIN_LENGTH } from '../../lib/auth/password-rules';
import { FormAlert } from '../forms/FormAlert';
import { CurrentPasswordField, TextField } from '../forms/TextField';
import { useFieldErrors } from '../forms/use-field-errors';
import { Button } from '../ui/Button';

export function PasswordChangeForm() {
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { errors, ref, busy, send } = useFieldErrors(['password', 'newPassword'] as const);
  const [changed, setChanged] = useState(false);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setChanged(false);
    const input = { password, newPassword };
    const change = async () => {
      await changePassword(input);
      setPassword('');
      setNewPassword('');
      setChanged(true);
    };
    void send(checkPasswordChange(input), change, passwordChangeError);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="password-change">
      <CurrentPasswordField
        ref={ref('password')}
        name="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <TextField
        ref={ref('newPassword')}
        name="new-password"
        type="password"
        label="新しいパスワード"
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={errors.newPassword}
        hint={`${PASSWORD_MIN_LENGTH} 文字以上。変えると、ほかの端末では新しいパスワードでのログインが必要になります。`}
      />
      {errors.form && <FormAlert kind="error">{errors.form}</FormAlert>}
      {changed && (
        <FormAlert kind="success">
          <span data-testid="password-changed">パスワードを変更しました。次からは新しいパスワードでログインしてください。</span>
        </FormAlert>
      )}
      <Button type="submit" variant="outline" busy={busy} busyLabel="変更しています…">
        パスワードを変更する
      </Button>
    </form>
  );
}
